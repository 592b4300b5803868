import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Min } from 'class-validator';
import { CONNECTION_STATUSES, PROVIDERS, Whatsapp } from '../whatsapp.entity';
import { mapQueueSummary, QueueSummaryDto } from '../../../tenant/queues/dto/queue-summary.dto';

/** A connection as clients see it: no session secrets, no token. */
export class WhatsappDto {
  @ApiProperty() id!: number;
  @ApiProperty() name!: string;
  @ApiProperty({ enum: CONNECTION_STATUSES, enumName: 'ConnectionStatus' }) status!: string;
  @ApiPropertyOptional({
    nullable: true,
    type: String,
    description:
      'QR code to scan while status is qrcode. Only for users who may manage connections (`connections:manage`): null for the others, whatever the status.',
  })
  qrcode!: string | null;
  @ApiPropertyOptional({
    nullable: true,
    type: String,
    description: 'The code to type on the phone while status is PAIRING. Like the QR code, only for `connections:manage`.',
  })
  pairingCode!: string | null;
  @ApiProperty({ description: 'QR codes shown since the login began; the session gives up after the configured number' }) retries!: number;
  @ApiProperty() isDefault!: boolean;
  @ApiProperty({ enum: PROVIDERS, enumName: 'ProviderName' }) provider!: string;
  @ApiPropertyOptional({ nullable: true, type: String }) number!: string | null;
  @ApiPropertyOptional({ nullable: true, type: String }) greetingMessage!: string | null;
  @ApiPropertyOptional({ nullable: true, type: String }) complationMessage!: string | null;
  @ApiPropertyOptional({ nullable: true, type: String }) outOfHoursMessage!: string | null;
  @ApiPropertyOptional({ nullable: true, type: String }) ratingMessage!: string | null;
  @ApiPropertyOptional({ nullable: true, type: String }) transferMessage!: string | null;
  @ApiPropertyOptional({
    nullable: true,
    type: String,
    example: 'atd_5Yk…F2gE',
    description: "The send-message API token's hint (null: no token). The token itself is shown once, when made.",
  })
  tokenHint!: string | null;
  @ApiPropertyOptional({ nullable: true, type: Number }) promptId!: number | null;
  @ApiPropertyOptional({ nullable: true, type: Number }) integrationId!: number | null;
  @ApiProperty() timeSendQueue!: number;
  @ApiPropertyOptional({ nullable: true, type: Number }) sendIdQueue!: number | null;
  @ApiPropertyOptional({ nullable: true, type: String }) expiresInactiveMessage!: string | null;
  @ApiProperty() expiresTicket!: number;
  @ApiProperty() timeUseBotQueues!: number;
  @ApiProperty() maxUseBotQueues!: number;
  @ApiProperty({ type: [QueueSummaryDto] }) queues!: QueueSummaryDto[];
  @ApiProperty() updatedAt!: Date;
}

/** POST /whatsapp's answer: the connection and, this once, its send-message API token. */
export class CreatedWhatsappDto extends WhatsappDto {
  @ApiProperty({ description: 'The send-message API token, shown this once (only its hash is kept); rotate it with POST /whatsapp/{id}/token' })
  token!: string;
}

/** `withQrcode` only for users who may manage connections: whoever scans the code owns the account. */
export function mapWhatsapp(w: Whatsapp, withQrcode: boolean): WhatsappDto {
  return {
    id: w.id,
    name: w.name,
    status: w.status,
    qrcode: withQrcode ? (w.qrcode ?? null) : null,
    pairingCode: withQrcode ? (w.pairingCode ?? null) : null,
    retries: w.retries,
    isDefault: w.isDefault,
    provider: w.provider,
    number: w.number ?? null,
    greetingMessage: w.greetingMessage ?? null,
    complationMessage: w.complationMessage ?? null,
    outOfHoursMessage: w.outOfHoursMessage ?? null,
    ratingMessage: w.ratingMessage ?? null,
    transferMessage: w.transferMessage ?? null,
    tokenHint: w.tokenHint ?? null,
    promptId: w.promptId ?? null,
    integrationId: w.integrationId ?? null,
    timeSendQueue: w.timeSendQueue,
    sendIdQueue: w.sendIdQueue ?? null,
    expiresInactiveMessage: w.expiresInactiveMessage ?? null,
    expiresTicket: w.expiresTicket,
    timeUseBotQueues: w.timeUseBotQueues,
    maxUseBotQueues: w.maxUseBotQueues,
    queues: w.queues.isInitialized() ? w.queues.getItems().map(mapQueueSummary) : [],
    updatedAt: w.updatedAt,
  };
}

export class ListWhatsappsDto {
  @ApiPropertyOptional({ description: "Ignored: the company is the caller's. Accepted because the spec's clients send it." })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  companyId?: number;

  @ApiPropertyOptional({ type: 'integer', enum: [0, 1], enumName: 'BinaryFlag', description: 'Accepted for compatibility; session secrets are never returned' })
  @IsOptional()
  @Type(() => Number)
  @IsIn([0, 1])
  session?: number;
}

/** Realtime events carry this same shape (see realtime-events.ts). */
declare module '../../../realtime/realtime-events' {
  interface RealtimeEntities {
    whatsapp: WhatsappDto;
  }
}
