import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { MEDIA_TYPES, MESSAGE_SOURCES, Message } from '../message.entity';
import type { Media } from '../../../common/infra/media.embeddable';

export class MessageVersionDto {
  @ApiProperty() body!: string;
  @ApiProperty() editedAt!: string;
}

export class QuotedMessageDto {
  @ApiProperty() id!: string;
  @ApiProperty() body!: string;
  @ApiProperty() fromMe!: boolean;
  @ApiProperty({ enum: MEDIA_TYPES, enumName: 'MediaType' }) mediaType!: string;
  @ApiPropertyOptional({ nullable: true, type: String }) mediaUrl!: string | null;
}

export class MessageDto {
  @ApiProperty({ description: 'Message id (a bigint, as a string)' }) id!: string;
  @ApiProperty() ticketId!: number;
  @ApiPropertyOptional({ nullable: true, type: Number }) contactId!: number | null;
  @ApiProperty() body!: string;
  @ApiProperty() fromMe!: boolean;
  @ApiProperty() read!: boolean;
  @ApiProperty({ enum: MEDIA_TYPES, enumName: 'MediaType' }) mediaType!: string;
  @ApiPropertyOptional({ nullable: true, type: String, description: 'Authenticated URL of the media file' }) mediaUrl!: string | null;
  @ApiPropertyOptional({ nullable: true, type: String, description: 'Original file name' }) mediaName!: string | null;
  @ApiPropertyOptional({ nullable: true, type: 'object', additionalProperties: true }) dataJson!: Record<string, unknown> | null;
  @ApiPropertyOptional({ nullable: true, type: QuotedMessageDto }) quotedMsg!: QuotedMessageDto | null;
  @ApiProperty({ minimum: -1, maximum: 5, description: '-1 failed, 0 pending, 1 sent to server, 2 sent, 3 delivered, 4 read, 5 played' })
  ack!: number;
  @ApiProperty() isDeleted!: boolean;
  @ApiProperty() isEdited!: boolean;
  @ApiProperty({ type: [MessageVersionDto] }) oldMessages!: MessageVersionDto[];
  @ApiProperty({ enum: MESSAGE_SOURCES, enumName: 'MessageSource' }) source!: string;
  @ApiPropertyOptional({ nullable: true, type: Number }) userId!: number | null;
  @ApiPropertyOptional({ nullable: true, type: String }) participant!: string | null;
  @ApiPropertyOptional({ nullable: true, type: String, description: 'Error code when the send finally failed (ack -1): ERR_SENDING_WAPP_MSG' })
  sendError!: string | null;
  @ApiProperty() createdAt!: Date;
  @ApiProperty() updatedAt!: Date;
}

export const mediaUrlOf = (m: Pick<Message, 'id'> & { media: Pick<Media, 'path'> }): string | null => (m.media.path ? `/messages/media/${m.id}` : null);

export function mapMessage(m: Message): MessageDto {
  const quoted = m.quotedMsg?.isInitialized() ? m.quotedMsg.getEntity() : null;
  return {
    id: String(m.id),
    ticketId: m.ticket.id,
    contactId: m.contact?.id ?? null,
    body: m.isDeleted ? '' : m.body,
    fromMe: m.fromMe,
    read: m.read,
    mediaType: m.mediaType,
    mediaUrl: m.isDeleted ? null : mediaUrlOf(m),
    mediaName: m.media.name,
    dataJson: m.dataJson ?? null,
    quotedMsg: quoted
      ? { id: String(quoted.id), body: quoted.isDeleted ? '' : quoted.body, fromMe: quoted.fromMe, mediaType: quoted.mediaType, mediaUrl: mediaUrlOf(quoted) }
      : null,
    ack: m.ack,
    isDeleted: m.isDeleted,
    isEdited: m.isEdited,
    oldMessages: m.oldMessages ?? [],
    source: m.source,
    userId: m.userId ?? null,
    participant: m.participant ?? null,
    sendError: m.sendError ?? null,
    createdAt: m.createdAt,
    updatedAt: m.updatedAt,
  };
}

/** Realtime events carry this same shape (see realtime-events.ts). */
declare module '../../../realtime/realtime-events' {
  interface RealtimeEntities {
    message: MessageDto;
  }
}
