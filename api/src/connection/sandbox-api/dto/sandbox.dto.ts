import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBase64, IsBoolean, IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { MEDIA_TYPES } from '../../providers/message-kinds';
import { CHAT_PRESENCES, type ChatPresence } from '../../providers/messaging-provider';

export class SandboxSendDto {
  @ApiProperty({ description: 'The connection that receives the message' })
  @IsInt()
  @Min(1)
  whatsappId!: number;

  @ApiPropertyOptional({ maxLength: 4096 })
  @IsOptional()
  @IsString()
  @MaxLength(4096)
  body?: string;

  @ApiPropertyOptional({ enum: MEDIA_TYPES, enumName: 'MediaType' })
  @IsOptional()
  @IsIn(MEDIA_TYPES)
  type?: (typeof MEDIA_TYPES)[number];

  @ApiPropertyOptional({ description: "The phone's display name" })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  name?: string;

  @ApiPropertyOptional({ description: 'Force a provider message id (to send the same message twice)' })
  @IsOptional()
  @Matches(/^[A-Za-z0-9_-]{1,100}$/)
  providerId?: string;

  @ApiPropertyOptional({ description: 'Reply to this provider message id' })
  @IsOptional()
  @Matches(/^[A-Za-z0-9_-]{1,100}$/)
  quotedProviderId?: string;

  @ApiPropertyOptional({ description: 'Send inside this group id (the phone is the participant)' })
  @IsOptional()
  @Matches(/^[0-9-]{5,64}$/)
  groupId?: string;

  @ApiPropertyOptional({ description: 'Media bytes, base64' })
  @IsOptional()
  @IsBase64()
  mediaBase64?: string;

  @ApiPropertyOptional({ example: 'image/png' })
  @IsOptional()
  @Matches(/^[a-z]+\/[a-z0-9.+-]+$/)
  mimetype?: string;

  @ApiPropertyOptional({ description: "The file name on the sender's phone (never used as a path)" })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  filename?: string;
}

export class SandboxSentDto {
  @ApiProperty() providerId!: string;
}

export class SandboxInboxMessageDto {
  @ApiProperty() providerId!: string;
  @ApiProperty({ description: "The connection's number" }) from!: string;
  @ApiProperty() whatsappId!: number;
  @ApiProperty({ enum: MEDIA_TYPES, enumName: 'MediaType' }) type!: string;
  @ApiProperty() body!: string;
  @ApiPropertyOptional() quotedProviderId?: string;
  @ApiProperty({ description: '3 delivered, 4 read, 5 played' }) ack!: number;
  @ApiPropertyOptional() edited?: boolean;
  @ApiPropertyOptional() deleted?: boolean;
  @ApiPropertyOptional({ type: 'object', properties: { mimetype: { type: 'string' }, filename: { type: 'string' } } })
  media?: { mimetype: string; filename: string };
  @ApiProperty() receivedAt!: Date;
}

export class SandboxReadDto {
  @ApiPropertyOptional({ description: 'Only messages from this connection' })
  @IsOptional()
  @IsInt()
  whatsappId?: number;
}

export class SandboxReadResultDto {
  @ApiProperty({ type: [String] }) read!: string[];
}

export class SandboxPlayDto {
  @ApiProperty()
  @Matches(/^[A-Za-z0-9_-]{1,100}$/)
  providerId!: string;
}

export class SandboxPresenceDto {
  @ApiProperty({ description: 'The connection the phone is chatting with' })
  @IsInt()
  @Min(1)
  whatsappId!: number;

  @ApiProperty({ enum: CHAT_PRESENCES, enumName: 'ChatPresence', description: 'composing: typing; recording: recording audio; available: online' })
  @IsIn(CHAT_PRESENCES)
  presence!: ChatPresence;
}

export class SandboxPresenceSeenDto {
  @ApiProperty() whatsappId!: number;
  @ApiProperty({ enum: CHAT_PRESENCES, enumName: 'ChatPresence' }) presence!: ChatPresence;
  @ApiProperty() at!: Date;
}

export class SandboxCallDto {
  @ApiProperty({ description: 'The connection the phone calls' })
  @IsInt()
  @Min(1)
  whatsappId!: number;

  @ApiPropertyOptional({ description: 'A video call (default: voice)' })
  @IsOptional()
  @IsBoolean()
  isVideo?: boolean;
}

export class SandboxCallStateDto {
  @ApiProperty() id!: string;
  @ApiProperty() whatsappId!: number;
  @ApiProperty() isVideo!: boolean;
  @ApiProperty({
    enum: ['ringing', 'rejected'],
    enumName: 'SandboxCallStatus',
    description: 'ringing: the connection let it ring (accepting calls); rejected: it declined it',
  })
  status!: 'ringing' | 'rejected';
  @ApiProperty() at!: Date;
}

export class SandboxLinkDto {
  @ApiProperty({ description: 'The pairing code the connection shows, as typed on the phone (case, spaces and the dash do not matter)', example: 'ABCD-EFGH' })
  @IsString()
  @Matches(/^[A-Za-z0-9\s-]{1,20}$/)
  code!: string;

  @ApiPropertyOptional({ description: 'Only this connection (else whichever shows a code for this number)' })
  @IsOptional()
  @IsInt()
  @Min(1)
  whatsappId?: number;
}

export class SandboxWindowAgeDto {
  @ApiProperty({ description: 'The official (sandbox_cloud) connection whose window with this phone is aged' })
  @IsInt()
  @Min(1)
  whatsappId!: number;

  @ApiPropertyOptional({
    description: "How far back the phone's last message moves, in hours (default 24: the window closes)",
    minimum: 1,
    maximum: 720,
    default: 24,
  })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(720)
  hours?: number;
}

export class SandboxWindowDto {
  @ApiProperty() whatsappId!: number;
  @ApiProperty() number!: string;
  @ApiProperty({
    type: Date,
    nullable: true,
    description: "The phone's last message to the connection as the sandbox network now has it (null: it never wrote)",
  })
  networkLastInboundAt!: Date | null;
  @ApiProperty({ type: Date, nullable: true, description: "The customer's last message as the platform's window now has it (null: no window recorded)" })
  platformLastInboundAt!: Date | null;
}
