import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsNotEmpty, IsOptional, IsString, Matches, MaxLength, ValidateNested } from 'class-validator';
import { booleanString, digitsOnly } from '../../../common/http/dto-helpers';
import { MessageDto } from '../../messages/dto/message.dto';
import { MESSAGE_MAX } from '../../messages/dto/send-message.dto';
import { TICKET_STATUSES } from '../../tickets/ticket.entity';
import { SendTemplateDto } from '../../official/dto/customer-window.dto';

/** POST /messages/send: JSON, or multipart with the same fields plus files in `medias`. */
export class ApiSendMessageDto {
  @ApiProperty({
    example: '5511999998888',
    description: 'The WhatsApp number: country code, area code and number, no mask (other characters are dropped). 10 to 15 digits.',
  })
  @Transform(digitsOnly)
  @IsString()
  @IsNotEmpty({ message: 'Required' })
  @Matches(/^\d{10,15}$/, { message: 'Invalid number: country code, area code and number, 10 to 15 digits' })
  number!: string;

  @ApiPropertyOptional({
    maxLength: MESSAGE_MAX,
    example: 'Seu pedido 1234 saiu para entrega.',
    description: 'The text; with files, the caption of the first one',
  })
  @IsOptional()
  @IsString()
  @MaxLength(MESSAGE_MAX, { message: 'Too Long!' })
  body?: string;

  @ApiPropertyOptional({
    type: SendTemplateDto,
    description:
      "Official API connections: send this approved template (GET /whatsapp/{id}/templates) instead of `body` and files; the only message that may start a conversation outside the customer's 24-hour window. JSON only. 409 ERR_NOT_OFFICIAL on a QR-code connection.",
  })
  @IsOptional()
  @ValidateNested()
  @Type(() => SendTemplateDto)
  template?: SendTemplateDto;

  @ApiPropertyOptional({ default: false, description: 'Close the ticket once the message is queued (a notification that expects no answer)' })
  @IsOptional()
  @Transform(booleanString)
  @IsBoolean()
  closeTicket?: boolean;
}

export class ApiSendResultDto {
  @ApiProperty({ example: 42, description: "The ticket the message went to: the contact's open or pending ticket on this connection, or a new pending one" })
  ticketId!: number;
  @ApiProperty({ format: 'uuid' }) ticketUuid!: string;
  @ApiProperty({ enum: TICKET_STATUSES, enumName: 'TicketStatus', example: 'pending' }) ticketStatus!: string;
  @ApiProperty({ example: 7 }) contactId!: number;
  @ApiProperty({
    type: [MessageDto],
    description:
      'The messages stored, ack 0 (queued); they are sent in the background and their acks rise (1 sent, 2 delivered to the server, 3 delivered, 4 read)',
  })
  messages!: MessageDto[];
}
