import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayUnique,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  Min,
  Max,
  ValidateNested,
} from 'class-validator';
import { emptyToNull, IfSent, TextLength, trim } from '../../../common/http/dto-helpers';
import { ID_MAX } from '../../../common/http/ids';
import { PROVIDERS } from '../whatsapp.entity';
import { TemplatePurposesInputDto } from './template-purposes.dto';

const MESSAGE_MAX = 4096;

/** An optional message text of the connection: blank means none. */
const MessageText = () => (target: object, key: string) => {
  ApiPropertyOptional({ nullable: true, type: String, maxLength: MESSAGE_MAX })(target, key);
  Transform(emptyToNull)(target, key);
  IsOptional()(target, key);
  IsString()(target, key);
  MaxLength(MESSAGE_MAX, { message: 'Too Long!' })(target, key);
};

/** Whole minutes, 0 meaning "off". */
const Minutes =
  (description: string, max = 60 * 24 * 30) =>
  (target: object, key: string) => {
    ApiPropertyOptional({ type: Number, minimum: 0, maximum: max, description })(target, key);
    IsOptional()(target, key);
    Type(() => Number)(target, key);
    IsInt()(target, key);
    Min(0)(target, key);
    Max(max)(target, key);
  };

/**
 * The connection modal (administration §2): every field of it. The spec's clients send `queueIds` and `promptId`
 * and no `queues` or `session` (fields the server does not take are dropped).
 */
export class CreateWhatsappDto {
  @ApiProperty({ minLength: 2, maxLength: 50, example: 'Atendimento', description: 'Unique in the company (case-insensitive)' })
  @Transform(trim)
  @IsNotEmpty({ message: 'Required' })
  @TextLength(2, 50)
  name!: string;

  @ApiPropertyOptional({
    description:
      "The company's default connection (new tickets and the send-message API without a connection use it). The first connection is always the default; making another the default takes the flag from the old one.",
  })
  @IsOptional()
  @IsBoolean()
  isDefault?: boolean;

  @ApiPropertyOptional({
    enum: PROVIDERS,
    enumName: 'ProviderName',
    default: 'baileys',
    description:
      "`baileys`: WhatsApp through a linked device, QR code or pairing code (the spec's 'beta'). `cloud`: Meta's official WhatsApp Business Cloud API (needs cloudPhoneNumberId, cloudBusinessAccountId, cloudAccessToken and cloudAppSecret). `sandbox` and `sandbox_cloud`: the simulated phone network as a linked device or as the official API, outside production only.",
  })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (value === 'beta' ? 'baileys' : value))
  @IsIn(PROVIDERS)
  provider?: (typeof PROVIDERS)[number];

  @ApiPropertyOptional({ type: [Number], description: "Queues whose tickets this connection serves (the company's own)" })
  @IfSent()
  @IsArray()
  @ArrayMaxSize(200)
  @ArrayUnique()
  @IsInt({ each: true })
  @Min(1, { each: true })
  queueIds?: number[];

  @ApiPropertyOptional({
    nullable: true,
    type: Number,
    description: "AI prompt answering this connection's new tickets: one of the company's prompts (GET /prompt), or null",
  })
  @IsOptional()
  @IsInt()
  @Min(1)
  promptId?: number | null;

  @ApiPropertyOptional({
    nullable: true,
    type: Number,
    description: "Queue integration answering this connection's new tickets: one of the company's integrations (GET /queueIntegration), or null",
  })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(ID_MAX)
  integrationId?: number | null;

  @MessageText() greetingMessage?: string | null;
  @MessageText() complationMessage?: string | null;
  @MessageText() outOfHoursMessage?: string | null;
  @MessageText() ratingMessage?: string | null;
  @MessageText() transferMessage?: string | null;
  /** Sent when a ticket is closed for inactivity (expiresTicket). */
  @MessageText() expiresInactiveMessage?: string | null;

  @ApiPropertyOptional({ nullable: true, type: Number, description: 'Queue redirect: the queue a ticket moves to after timeSendQueue minutes without one' })
  @IsOptional()
  @IsInt()
  @Min(1)
  sendIdQueue?: number | null;

  @Minutes('Minutes before a ticket without a queue is redirected to sendIdQueue (0: never)')
  timeSendQueue?: number;

  @Minutes('Minutes of inactivity after which open chats are closed (0: never)')
  expiresTicket?: number;

  @Minutes('Bot interval in minutes (0: no wait)')
  timeUseBotQueues?: number;

  @ApiPropertyOptional({ type: Number, minimum: 0, maximum: 100, default: 3, description: 'How many times the chatbot menu is sent before giving up' })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(100)
  maxUseBotQueues?: number;

  @ApiPropertyOptional({
    type: String,
    maxLength: 40,
    example: '106540352242922',
    description: "Official API (`cloud`, required there): the phone number's id in Meta's Graph API (WhatsApp > API Setup). Refused for other providers.",
  })
  @Transform(emptyToNull)
  @IsOptional()
  @Matches(/^\d{1,40}$/, { message: 'Digits only (at most 40)' })
  cloudPhoneNumberId?: string | null;

  @ApiPropertyOptional({
    type: String,
    maxLength: 40,
    example: '102290129340398',
    description: 'Official API (`cloud`, required there): the WhatsApp Business Account id, whose templates are synced. Refused for other providers.',
  })
  @Transform(emptyToNull)
  @IsOptional()
  @Matches(/^\d{1,40}$/, { message: 'Digits only (at most 40)' })
  cloudBusinessAccountId?: string | null;

  @ApiPropertyOptional({
    type: String,
    maxLength: 2048,
    writeOnly: true,
    description:
      "Official API (`cloud`): the permanent access token (a system user's). Required on create; on update, absent or blank keeps the stored one. Stored sealed, never answered (hasCloudAccessToken says whether one is set).",
  })
  @Transform(emptyToNull)
  @IsOptional()
  @IsString()
  @MaxLength(2048, { message: 'Too Long!' })
  cloudAccessToken?: string | null;

  @ApiPropertyOptional({
    type: String,
    maxLength: 256,
    writeOnly: true,
    description:
      "Official API (`cloud`): the Meta app's secret, which signs the webhook's deliveries. Required on create; on update, absent or blank keeps the stored one. Stored sealed, never answered (hasCloudAppSecret).",
  })
  @Transform(emptyToNull)
  @IsOptional()
  @IsString()
  @MaxLength(256, { message: 'Too Long!' })
  cloudAppSecret?: string | null;

  @ApiPropertyOptional({
    type: TemplatePurposesInputDto,
    nullable: true,
    description:
      "Official connections: the approved template (GET /whatsapp/{id}/templates) each automatic message uses outside the customer's 24-hour window. Only the purposes sent change; null clears one (null for the whole object clears all). Each must name an APPROVED synced template of this connection (ERR_TEMPLATE_NOT_FOUND), with one param per body variable. Refused for other providers; on create there are no synced templates yet.",
  })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => TemplatePurposesInputDto)
  templatePurposes?: TemplatePurposesInputDto | null;
}

/** Only the fields sent change; `null` clears the nullable ones. */
export class UpdateWhatsappDto extends PartialType(CreateWhatsappDto, { skipNullProperties: false }) {}

/** The send-message API's token, in the one answer that shows it. */
export class WhatsappTokenDto {
  @ApiProperty({
    example: 'atd_5Yk0yZ3Q2l9mXc1rJ8tWq4nH7vB6sD0aF2gE',
    description: 'Shown once: only its hash is kept. Send it as `Authorization: Bearer <token>` to POST /messages/send.',
  })
  token!: string;

  @ApiProperty({ example: 'atd_5Yk…F2gE' }) tokenHint!: string;
}
