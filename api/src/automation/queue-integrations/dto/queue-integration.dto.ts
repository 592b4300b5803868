import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsIn, IsInt, IsNotEmpty, IsOptional, IsString, IsUrl, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { emptyToNull, IfSent, TextLength, trim } from '../../../common/http/dto-helpers';
import { PageQueryDto } from '../../../common/http/pagination';
import { ID_MAX } from '../../../common/http/ids';
import {
  DIALOGFLOW_LANGUAGES,
  DialogflowLanguage,
  INTEGRATION_TYPES,
  IntegrationType,
  QueueIntegration,
  SIGNED_TYPES,
  URL_TYPES,
} from '../queue-integration.entity';
import { BlankAsAbsent } from '../../../common/http/original-inputs';

/** Service-account JSON files are a few kilobytes. */
export const JSON_CONTENT_MAX = 20_000;
const URL_OPTIONS = { protocols: ['http', 'https'], require_protocol: true, require_tld: false };
const needsUrl = (o: SaveQueueIntegrationDto) => URL_TYPES.includes(o.type);

/**
 * The integration dialog (back-office §2): a type and the fields of that type. Fields of the other types are
 * accepted and dropped. On save, n8n, webhook and typebot take their name as project name.
 */
export class SaveQueueIntegrationDto {
  @ApiProperty({ enum: INTEGRATION_TYPES, enumName: 'QueueIntegrationType' })
  @IsIn(INTEGRATION_TYPES, { message: 'Required' })
  type!: IntegrationType;

  @ApiProperty({ minLength: 2, maxLength: 50, example: 'Atendimento n8n' })
  @Transform(trim)
  @IsNotEmpty({ message: 'Required' })
  @TextLength(2, 50, 'Required')
  name!: string;

  @ApiPropertyOptional({
    nullable: true,
    type: String,
    maxLength: 100,
    description: 'Dialogflow: the Google Cloud project id (required). Others: set to the name.',
  })
  @Transform(emptyToNull)
  @ValidateIf((o: SaveQueueIntegrationDto) => o.type === 'dialogflow')
  @IsNotEmpty({ message: 'Required' })
  @IsString()
  @MaxLength(100, { message: 'Too Long!' })
  projectName?: string | null;

  @ApiPropertyOptional({
    nullable: true,
    type: String,
    maxLength: JSON_CONTENT_MAX,
    description:
      "Dialogflow: the service-account key file's JSON (required on create; omitted or blank on update keeps the stored one). Stored encrypted, never returned.",
  })
  @Transform(emptyToNull)
  @IsOptional()
  @IsString()
  @MaxLength(JSON_CONTENT_MAX, { message: 'Too Long!' })
  jsonContent?: string | null;

  @ApiPropertyOptional({ enum: DIALOGFLOW_LANGUAGES, enumName: 'DialogflowLanguage', default: 'pt-BR', description: 'Dialogflow: the language of the queries' })
  @BlankAsAbsent((body) => body.type === 'dialogflow')
  @IfSent()
  @IsIn(DIALOGFLOW_LANGUAGES)
  language?: DialogflowLanguage;

  @ApiPropertyOptional({
    nullable: true,
    type: String,
    description: 'n8n and webhook: where messages are POSTed; typebot: the server URL (required for the three)',
  })
  @Transform(emptyToNull)
  @ValidateIf(needsUrl)
  @IsNotEmpty({ message: 'Required' })
  @IsString()
  @MaxLength(2000, { message: 'Too Long!' })
  @IsUrl(URL_OPTIONS, { message: 'Invalid URL' })
  urlN8N?: string | null;

  @ApiPropertyOptional({ nullable: true, type: String, description: "Typebot: the bot's public front-end URL (the typebot page shows it)" })
  @Transform(emptyToNull)
  @IsOptional()
  @IsString()
  @MaxLength(2000, { message: 'Too Long!' })
  @IsUrl(URL_OPTIONS, { message: 'Invalid URL' })
  urlFrontend?: string | null;

  @ApiPropertyOptional({ type: Number, default: 1000, minimum: 0, maximum: 60000, description: "Typebot: milliseconds between the bot's messages" })
  @IfSent()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(60_000)
  typebotDelayMessage?: number;

  @ApiPropertyOptional({
    type: Number,
    default: 1,
    minimum: 0,
    maximum: 10080,
    description: 'Typebot: minutes of silence after which the conversation starts over (0: never)',
  })
  @IfSent()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(10_080)
  typebotExpires?: number;

  @ApiPropertyOptional({
    nullable: true,
    type: String,
    maxLength: 100,
    description: 'Typebot: a customer message equal to it (any case) ends the bot and hands the ticket to people',
  })
  @Transform(emptyToNull)
  @IsOptional()
  @IsString()
  @MaxLength(100, { message: 'Too Long!' })
  typebotKeywordFinish?: string | null;

  @ApiPropertyOptional({ nullable: true, type: String, maxLength: 100, description: 'Typebot: a customer message equal to it (any case) restarts the flow' })
  @Transform(emptyToNull)
  @IsOptional()
  @IsString()
  @MaxLength(100, { message: 'Too Long!' })
  typebotKeywordRestart?: string | null;

  @ApiPropertyOptional({ nullable: true, type: String, maxLength: 4096, description: 'Typebot: sent when the restart keyword is used' })
  @Transform(emptyToNull)
  @IsOptional()
  @IsString()
  @MaxLength(4096, { message: 'Too Long!' })
  typebotRestartMessage?: string | null;

  @ApiPropertyOptional({ nullable: true, type: String, maxLength: 200, description: "Typebot: the bot's public id (required)" })
  @Transform(emptyToNull)
  @ValidateIf((o: SaveQueueIntegrationDto) => o.type === 'typebot')
  @IsNotEmpty({ message: 'Required' })
  @IsString()
  @MaxLength(200, { message: 'Too Long!' })
  typebotSlug?: string | null;

  @ApiPropertyOptional({ nullable: true, type: String, maxLength: 4096, description: 'Typebot: sent when the bot answers nothing or refuses an answer' })
  @Transform(emptyToNull)
  @IsOptional()
  @IsString()
  @MaxLength(4096, { message: 'Too Long!' })
  typebotUnknownMessage?: string | null;
}

export class ListQueueIntegrationsDto extends PageQueryDto {}

export class TestSessionDto {
  @ApiProperty({ maxLength: 100, description: 'The Google Cloud project id' })
  @Transform(trim)
  @IsNotEmpty({ message: 'Required' })
  @IsString()
  @MaxLength(100, { message: 'Too Long!' })
  projectName!: string;

  @ApiPropertyOptional({
    nullable: true,
    type: String,
    maxLength: JSON_CONTENT_MAX,
    description: 'The service-account JSON. Blank with `id`: the stored one of that integration (the dialog never shows it).',
  })
  @Transform(emptyToNull)
  @IsOptional()
  @IsString()
  @MaxLength(JSON_CONTENT_MAX, { message: 'Too Long!' })
  jsonContent?: string | null;

  @ApiPropertyOptional({ enum: DIALOGFLOW_LANGUAGES, enumName: 'DialogflowLanguage', default: 'pt-BR' })
  @BlankAsAbsent((body) => body.type === 'dialogflow')
  @IfSent()
  @IsIn(DIALOGFLOW_LANGUAGES)
  language?: DialogflowLanguage;

  @ApiPropertyOptional({
    nullable: true,
    type: Number,
    description: 'An existing dialogflow integration whose stored credentials are used when jsonContent is blank',
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(ID_MAX)
  id?: number | null;
}

export class TestSessionResultDto {
  @ApiProperty({ description: "True when Dialogflow answered the test query 'Olá'" }) ok!: boolean;
  @ApiPropertyOptional({ type: String, description: "The agent's answer to 'Olá' (its fulfillment texts, one per line)" }) reply?: string;
  @ApiPropertyOptional({ type: String, description: 'Why the test failed (bad JSON, credentials refused, unknown project, unreachable)' }) error?: string;
}

export class QueueIntegrationDto {
  @ApiProperty() id!: number;
  @ApiProperty({ enum: INTEGRATION_TYPES, enumName: 'QueueIntegrationType' }) type!: IntegrationType;
  @ApiProperty() name!: string;
  @ApiProperty({ nullable: true, type: String }) projectName!: string | null;
  @ApiProperty({ description: 'Dialogflow: whether a service-account JSON is stored (it is never returned)' }) hasJsonContent!: boolean;
  @ApiProperty({ enum: DIALOGFLOW_LANGUAGES, enumName: 'DialogflowLanguage' }) language!: DialogflowLanguage;
  @ApiProperty({ nullable: true, type: String }) urlN8N!: string | null;
  @ApiProperty({ nullable: true, type: String }) urlFrontend!: string | null;
  @ApiProperty() typebotDelayMessage!: number;
  @ApiProperty() typebotExpires!: number;
  @ApiProperty({ nullable: true, type: String }) typebotKeywordFinish!: string | null;
  @ApiProperty({ nullable: true, type: String }) typebotKeywordRestart!: string | null;
  @ApiProperty({ nullable: true, type: String }) typebotRestartMessage!: string | null;
  @ApiProperty({ nullable: true, type: String }) typebotSlug!: string | null;
  @ApiProperty({ nullable: true, type: String }) typebotUnknownMessage!: string | null;
  @ApiProperty({
    nullable: true,
    type: String,
    example: 'whsec_…x9Qa',
    description:
      "n8n and webhook: the signing secret's hint (null for the other types). The secret is shown once: in the create answer and by POST /queueIntegration/{id}/secret.",
  })
  secretHint!: string | null;
  @ApiProperty() companyId!: number;
  @ApiProperty() createdAt!: Date;
  @ApiProperty() updatedAt!: Date;
}

export class CreatedQueueIntegrationDto extends QueueIntegrationDto {
  @ApiPropertyOptional({
    type: String,
    description:
      'n8n and webhook: the signing secret, in this answer only. Requests carry `X-Atende-Signature: sha256=<hex HMAC-SHA256(secret, X-Atende-Timestamp + "." + body)>`.',
  })
  secret?: string;
}

export class QueueIntegrationSecretDto {
  @ApiProperty({ description: 'The new signing secret (shown once); the old one stops working at once' }) secret!: string;
  @ApiProperty() secretHint!: string;
}

export class QueueIntegrationPageDto {
  @ApiProperty({ type: [QueueIntegrationDto] }) queueIntegrations!: QueueIntegrationDto[];
  @ApiProperty() count!: number;
  @ApiProperty() hasMore!: boolean;
}

export function mapQueueIntegration(q: QueueIntegration): QueueIntegrationDto {
  return {
    id: q.id,
    type: q.type,
    name: q.name,
    projectName: q.projectName ?? null,
    hasJsonContent: !!q.jsonContent,
    language: q.language,
    urlN8N: q.urlN8N ?? null,
    urlFrontend: q.urlFrontend ?? null,
    typebotDelayMessage: q.typebotDelayMessage,
    typebotExpires: q.typebotExpires,
    typebotKeywordFinish: q.typebotKeywordFinish ?? null,
    typebotKeywordRestart: q.typebotKeywordRestart ?? null,
    typebotRestartMessage: q.typebotRestartMessage ?? null,
    typebotSlug: q.typebotSlug ?? null,
    typebotUnknownMessage: q.typebotUnknownMessage ?? null,
    secretHint: SIGNED_TYPES.includes(q.type) ? (q.secretHint ?? null) : null,
    companyId: q.companyId,
    createdAt: q.createdAt,
    updatedAt: q.updatedAt,
  };
}

/** Realtime events carry this same shape (see realtime-events.ts). */
declare module '../../../realtime/realtime-events' {
  interface RealtimeEntities {
    queueIntegration: QueueIntegrationDto;
  }
}
