import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsOptional, IsString, Matches } from 'class-validator';

/** Start or retry a session, or ask for a new QR code: optionally with a pairing code instead of a QR code. */
export class StartSessionDto {
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    example: '5511999998888',
    description:
      'Log in with a pairing code instead of a QR code: the phone number of the WhatsApp account (country code, area code, number; digits only). The code appears as `pairingCode` while status is PAIRING.',
  })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.replace(/\D+/g, '') || null : value))
  @IsString()
  @Matches(/^\d{10,15}$/, { message: 'Invalid number: country code, area code and number, 10 to 15 digits' })
  pairingNumber?: string | null;
}
