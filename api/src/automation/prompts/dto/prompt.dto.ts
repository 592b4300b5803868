import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsInt, IsNotEmpty, IsNumber, IsOptional, IsString, IsUrl, Matches, Max, MaxLength, Min, MinLength } from 'class-validator';
import { emptyToNull, IfSent, trim } from '../../../common/http/dto-helpers';
import { ID_MAX } from '../../../common/http/ids';
import { PageQueryDto } from '../../../common/http/pagination';
import { DEFAULT_PROMPT_MODEL, TEXT_VOICE, type Prompt } from '../prompt.entity';

export const PROMPT_NAME_MIN = 5;
export const PROMPT_NAME_MAX = 100;
export const PROMPT_TEXT_MIN = 50;
export const PROMPT_TEXT_MAX = 20_000;
export const PROMPT_MAX_TOKENS_MAX = 32_000;
export const PROMPT_MAX_MESSAGES_MAX = 50;

const Required = (message = 'Obrigatório') => IsNotEmpty({ message });
const TooShort = { message: 'Muito curto!' };
const TooLong = { message: 'Muito longo!' };

/** POST /prompt and PUT /prompt/{id}: the whole dialog. */
export class SavePromptDto {
  @ApiProperty({ minLength: PROMPT_NAME_MIN, maxLength: PROMPT_NAME_MAX, example: 'Assistente de vendas' })
  @Transform(trim)
  @Required()
  @IsString(TooShort)
  @MinLength(PROMPT_NAME_MIN, TooShort)
  @MaxLength(PROMPT_NAME_MAX, TooLong)
  name!: string;

  @ApiProperty({ minLength: PROMPT_TEXT_MIN, maxLength: PROMPT_TEXT_MAX, description: "The assistant's instructions (its system message)" })
  @Transform(trim)
  @Required()
  @IsString(TooShort)
  @MinLength(PROMPT_TEXT_MIN, TooShort)
  @MaxLength(PROMPT_TEXT_MAX, TooLong)
  prompt!: string;

  @ApiPropertyOptional({
    maxLength: 500,
    writeOnly: true,
    description: 'The service\'s API key. Required on create; on update, omitted or "" keeps the stored key. Stored encrypted, never returned (see hasApiKey).',
  })
  @IsOptional()
  @IsString()
  @MaxLength(500, TooLong)
  apiKey?: string;

  @ApiProperty({ description: "A queue (sector) of the caller's company: the queue this assistant answers for" })
  @Required('Informe o setor')
  @Type(() => Number)
  @IsInt({ message: 'Informe o setor' })
  @Min(1, { message: 'Informe o setor' })
  @Max(ID_MAX)
  queueId!: number;

  @ApiPropertyOptional({
    default: TEXT_VOICE,
    maxLength: 100,
    example: 'pt-BR-FranciscaNeural',
    description: "'texto' answers in text; any other value is the name of the text-to-speech voice replies are spoken with",
  })
  @Transform(trim)
  @IfSent()
  @Required()
  @IsString()
  @MaxLength(100, TooLong)
  @Matches(/^[\w.-]+$/, { message: 'Voz inválida' })
  voice?: string;

  @ApiPropertyOptional({
    nullable: true,
    type: String,
    maxLength: 500,
    writeOnly: true,
    description: 'Key of the speech service. Omitted or "" keeps the stored one; null removes it. Stored encrypted, never returned (see hasVoiceKey).',
  })
  @IsOptional()
  @IsString()
  @MaxLength(500, TooLong)
  voiceKey?: string | null;

  @ApiPropertyOptional({ nullable: true, type: String, maxLength: 50, example: 'brazilsouth' })
  @Transform(emptyToNull)
  @IsOptional()
  @IsString()
  @MaxLength(50, TooLong)
  voiceRegion?: string | null;

  @ApiPropertyOptional({ default: 100, minimum: 1, maximum: PROMPT_MAX_TOKENS_MAX, description: 'Longest reply, in tokens' })
  @IfSent()
  @Type(() => Number)
  @IsInt({ message: 'Informe um número inteiro' })
  @Min(1, { message: 'Mínimo 1' })
  @Max(PROMPT_MAX_TOKENS_MAX, { message: `Máximo ${PROMPT_MAX_TOKENS_MAX}` })
  maxTokens?: number;

  @ApiPropertyOptional({ default: 1, minimum: 0, maximum: 2 })
  @IfSent()
  @Type(() => Number)
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'Informe um número' })
  @Min(0, { message: 'Mínimo 0' })
  @Max(2, { message: 'Máximo 2' })
  temperature?: number;

  @ApiPropertyOptional({ default: 10, minimum: 1, maximum: PROMPT_MAX_MESSAGES_MAX, description: "How many of the ticket's last messages the assistant reads" })
  @IfSent()
  @Type(() => Number)
  @IsInt({ message: 'Informe um número inteiro' })
  @Min(1, { message: 'Mínimo 1' })
  @Max(PROMPT_MAX_MESSAGES_MAX, { message: `Máximo ${PROMPT_MAX_MESSAGES_MAX}` })
  maxMessages?: number;

  @ApiPropertyOptional({ default: DEFAULT_PROMPT_MODEL, maxLength: 100, description: 'Chat model (an addition to the spec)' })
  @Transform(trim)
  @IfSent()
  @Required()
  @IsString()
  @MaxLength(100, TooLong)
  model?: string;

  @ApiPropertyOptional({
    nullable: true,
    type: String,
    maxLength: 500,
    example: 'https://api.openai.com/v1',
    description: 'Base URL of an OpenAI-compatible service (an addition to the spec); null or "" means OpenAI',
  })
  @Transform(emptyToNull)
  @IsOptional()
  @IsString()
  @MaxLength(500, TooLong)
  @IsUrl({ protocols: ['http', 'https'], require_protocol: true, require_tld: false }, { message: 'URL inválida' })
  baseUrl?: string | null;
}

export class ListPromptsDto extends PageQueryDto {}

export class PromptQueueDto {
  @ApiProperty() id!: number;
  @ApiProperty() name!: string;
}

export class PromptDto {
  @ApiProperty() id!: number;
  @ApiProperty() name!: string;
  @ApiProperty() prompt!: string;
  @ApiProperty({ description: 'Whether an API key is stored (the key itself is never returned)' }) hasApiKey!: boolean;
  @ApiProperty({ nullable: true, type: Number, description: 'Null only after its queue was deleted: saving needs a queue again' })
  queueId!: number | null;
  @ApiProperty({ nullable: true, type: PromptQueueDto }) queue!: PromptQueueDto | null;
  @ApiProperty({ example: TEXT_VOICE }) voice!: string;
  @ApiProperty({ description: 'Whether a speech key is stored' }) hasVoiceKey!: boolean;
  @ApiProperty({ nullable: true, type: String }) voiceRegion!: string | null;
  @ApiProperty() maxTokens!: number;
  @ApiProperty() temperature!: number;
  @ApiProperty() maxMessages!: number;
  @ApiProperty() model!: string;
  @ApiProperty({ nullable: true, type: String }) baseUrl!: string | null;
  @ApiProperty() companyId!: number;
  @ApiProperty() createdAt!: Date;
  @ApiProperty() updatedAt!: Date;
}

export class PromptPageDto {
  @ApiProperty({ type: [PromptDto] }) prompts!: PromptDto[];
  @ApiProperty() count!: number;
  @ApiProperty() hasMore!: boolean;
}

export class PromptDeletedDto {
  @ApiProperty({ example: 'Prompt deleted' }) message!: string;
}

export function mapPrompt(p: Prompt, queue: PromptQueueDto | null): PromptDto {
  return {
    id: p.id,
    name: p.name,
    prompt: p.prompt,
    hasApiKey: !!p.apiKey,
    queueId: p.queueId ?? null,
    queue,
    voice: p.voice,
    hasVoiceKey: !!p.voiceKey,
    voiceRegion: p.voiceRegion ?? null,
    maxTokens: p.maxTokens,
    temperature: p.temperature,
    maxMessages: p.maxMessages,
    model: p.model,
    baseUrl: p.baseUrl ?? null,
    companyId: p.companyId,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
  };
}

/** Realtime events carry this same shape (see realtime-events.ts). */
declare module '../../../realtime/realtime-events' {
  interface RealtimeEntities {
    prompt: PromptDto;
  }
}
