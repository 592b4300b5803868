import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsEmpty, IsInt, IsNotEmpty, IsOptional, Min } from 'class-validator';
import { IfSent, TextLength, trim } from '../../../common/http/dto-helpers';

const NO_CARDS = { message: 'Card data is never accepted: the subscription is paid by Pix' };

/**
 * The checkout (spec administration §3 'Subscription payload'), as this API takes it: the payer's name from 'Dados' (no postal address: Pix needs none),
 * the plan from 'Personalizar', the invoice being paid. The price, users and connections come from the plan on
 * the server (sent ones are ignored), and card fields are refused: nothing here collects card data.
 */
export class CheckoutDto {
  @ApiProperty({ description: 'The open invoice to pay' })
  @Type(() => Number)
  @IsInt()
  @Min(1)
  invoiceId!: number;

  @ApiPropertyOptional({ description: "The plan chosen in 'Personalizar' (default: the invoice's). Once paid, the company moves to it." })
  @IfSent()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  planId?: number;

  @ApiProperty({ minLength: 1, maxLength: 100, description: "Full name ('O nome completo é obrigatório')" })
  @Transform(trim)
  @IsNotEmpty({ message: 'O nome completo é obrigatório' })
  @TextLength(1, 100)
  firstName!: string;

  @ApiPropertyOptional({ maxLength: 100 })
  @Transform(trim)
  @IsOptional()
  @TextLength(0, 100)
  lastName?: string;

  // The spec's address fields (address2, city, state, zipcode, country, useAddressForPaymentDetails): a Pix charge
  // needs no postal address, so the checkout no longer asks for one. Still accepted from older clients, and dropped.
  @ApiPropertyOptional({ type: String, deprecated: true, description: 'Ignored: a Pix charge needs no postal address' })
  @IsOptional()
  address2?: unknown;

  @ApiPropertyOptional({ type: String, deprecated: true, description: 'Ignored' })
  @IsOptional()
  city?: unknown;

  @ApiPropertyOptional({ type: String, deprecated: true, description: 'Ignored' })
  @IsOptional()
  state?: unknown;

  @ApiPropertyOptional({ type: String, deprecated: true, description: 'Ignored' })
  @IsOptional()
  zipcode?: unknown;

  @ApiPropertyOptional({ type: String, deprecated: true, description: 'Ignored' })
  @IsOptional()
  country?: unknown;

  @ApiPropertyOptional({ type: Boolean, deprecated: true, description: 'Ignored' })
  @IsOptional()
  useAddressForPaymentDetails?: unknown;

  @ApiPropertyOptional({ type: String, description: 'Refused when sent: no card data is accepted', deprecated: true })
  @IsEmpty(NO_CARDS)
  nameOnCard?: string;

  @ApiPropertyOptional({ type: String, description: 'Refused when sent: no card data is accepted', deprecated: true })
  @IsEmpty(NO_CARDS)
  cardNumber?: string;

  @ApiPropertyOptional({ type: String, description: 'Refused when sent: no card data is accepted', deprecated: true })
  @IsEmpty(NO_CARDS)
  cvv?: string;
}

export class PixQrCodeDto {
  @ApiProperty({ description: "The Pix 'copia e cola' (BR Code); render it as the QR code" }) qrcode!: string;
  @ApiProperty({ type: String, nullable: true, description: 'A PNG data URL of the QR code, when the gateway made one' }) imagemQrcode!: string | null;
}

export class PixValueDto {
  @ApiProperty({ example: '149.90', description: 'BRL, 2 decimals' }) original!: string;
}

/** The Pix payment view: what to pay, until when. The payment event ('CONCLUIDA') follows once paid. */
export class PixCheckoutDto {
  @ApiProperty() invoiceId!: number;
  @ApiProperty({ description: 'The charge id, ours' }) txid!: string;
  @ApiProperty({ enum: ['efi', 'sandbox'], enumName: 'PaymentGatewayName' }) gateway!: 'efi' | 'sandbox';
  @ApiProperty({ type: PixQrCodeDto }) qrcode!: PixQrCodeDto;
  @ApiProperty({ type: PixValueDto }) valor!: PixValueDto;
  @ApiProperty({ format: 'date-time' }) expiresAt!: string;
  @ApiProperty({ enum: ['pending', 'paid', 'expired'], enumName: 'PixChargeStatus' }) status!: 'pending' | 'paid' | 'expired';
}

/** Efí's payment notice: POST {webhookUrl}/pix. Its test call carries `evento: 'teste_webhook'` and no `pix`. */
export class EfiPixNoticeDto {
  @ApiPropertyOptional({ type: 'array', items: { type: 'object' }, description: '[{ endToEndId, txid, chave, valor, horario, infoPagador }]' })
  @IsOptional()
  pix?: unknown;

  @ApiPropertyOptional()
  @IsOptional()
  evento?: unknown;
}

export class WebhookAckDto {
  @ApiProperty({ type: Boolean, description: 'Always true' }) ok!: true;
}
