import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Min } from 'class-validator';
import { CONNECTION_STATUSES, connectionType, isOfficial, PROVIDERS, Whatsapp } from '../whatsapp.entity';
import { mapTemplatePurposes, TemplatePurposesDto } from './template-purposes.dto';
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
      'QR code to scan while status is qrcode. Only for users who may manage connections (`connections:manage`): null for the others, whatever the status. Official connections never have one.',
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
  @ApiProperty({
    enum: ['qrcode', 'official'],
    enumName: 'ConnectionType',
    description:
      '`qrcode`: a linked device (baileys, sandbox); `official`: the official WhatsApp API (cloud, sandbox_cloud): no QR code, the 24-hour window and templates',
  })
  type!: 'qrcode' | 'official';
  @ApiPropertyOptional({
    nullable: true,
    type: String,
    example: 'GREEN',
    description: "Official API: the number's quality rating as last reported (GREEN, YELLOW, RED, UNKNOWN); null when unknown or not official",
  })
  qualityRating!: string | null;
  @ApiPropertyOptional({
    nullable: true,
    type: String,
    example: 'TIER_1K',
    description: "Official API: the number's messaging limit tier as last reported (TIER_250, TIER_1K, TIER_10K, TIER_100K, TIER_UNLIMITED)",
  })
  messagingLimit!: string | null;
  @ApiPropertyOptional({ nullable: true, type: String, description: "Official API (cloud): the phone number's Graph API id" }) cloudPhoneNumberId!:
    string | null;
  @ApiPropertyOptional({ nullable: true, type: String, description: 'Official API (cloud): the WhatsApp Business Account id' })
  cloudBusinessAccountId!: string | null;
  @ApiProperty({ description: 'Official API (cloud): whether an access token is stored (the token itself is never answered)' }) hasCloudAccessToken!: boolean;
  @ApiProperty({ description: "Official API (cloud): whether the Meta app's secret is stored (never answered)" }) hasCloudAppSecret!: boolean;
  @ApiPropertyOptional({
    nullable: true,
    type: String,
    example: 'https://atende.example.com/whatsapp-cloud/12/webhook',
    description:
      'Official connections: the callback URL to paste in the Meta app (WhatsApp > Configuration > Webhook), from PUBLIC_API_URL. Only for `connections:manage`; null otherwise.',
  })
  webhookUrl!: string | null;
  @ApiPropertyOptional({
    nullable: true,
    type: String,
    description: "Official connections: the webhook's verify token to paste beside the URL. Only for `connections:manage`; null otherwise.",
  })
  verifyToken!: string | null;
  @ApiPropertyOptional({
    nullable: true,
    type: TemplatePurposesDto,
    description: 'Official connections: the approved template chosen for each automatic message. Only for `connections:manage`; null otherwise.',
  })
  templatePurposes!: TemplatePurposesDto | null;
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

/**
 * `manager` only for users who may manage connections: whoever scans the QR code owns the account, and the webhook's
 * URL and verify token are the official connection's set-up. `publicApiUrl`: config.publicApiUrl, which the webhook
 * URL starts with. The access token and app secret never leave: a `cloud` connection always has both (required on
 * create, kept by updates), so a row loaded without those lazy columns counts as having them.
 */
export function mapWhatsapp(w: Whatsapp, manager: boolean, publicApiUrl: string): WhatsappDto {
  const official = isOfficial(w.provider);
  const cloud = w.provider === 'cloud';
  return {
    id: w.id,
    name: w.name,
    status: w.status,
    qrcode: manager && !official ? (w.qrcode ?? null) : null,
    pairingCode: manager && !official ? (w.pairingCode ?? null) : null,
    retries: w.retries,
    isDefault: w.isDefault,
    provider: w.provider,
    type: connectionType(w.provider),
    qualityRating: official ? (w.qualityRating ?? null) : null,
    messagingLimit: official ? (w.messagingLimit ?? null) : null,
    cloudPhoneNumberId: cloud ? (w.cloudPhoneNumberId ?? null) : null,
    cloudBusinessAccountId: cloud ? (w.cloudBusinessAccountId ?? null) : null,
    hasCloudAccessToken: cloud && w.cloudAccessToken !== null,
    hasCloudAppSecret: cloud && w.cloudAppSecret !== null,
    webhookUrl: manager && official ? `${publicApiUrl}/whatsapp-cloud/${w.id}/webhook` : null,
    verifyToken: manager && official ? (w.cloudVerifyToken ?? null) : null,
    templatePurposes: manager && official ? mapTemplatePurposes(w.templatePurposes) : null,
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
