import type { CompanyId } from '../../../common/tenancy/company-id';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { TICKET_STATUSES, Ticket } from '../ticket.entity';
import { connectionType, type ConnectionType } from '../../../connection/whatsapps/whatsapp.entity';
import { ContactDto, mapContact } from '../../contacts/dto/contact.dto';
import { QueueSummaryDto, mapQueueSummary } from '../../../tenant/queues/dto/queue-summary.dto';

export class TicketUserDto {
  @ApiProperty() id!: number;
  @ApiProperty() name!: string;
}

export class TicketWhatsappDto {
  @ApiProperty() id!: number;
  @ApiProperty() name!: string;
  @ApiProperty({
    enum: ['qrcode', 'official'],
    enumName: 'ConnectionType',
    description: "official: Meta's WhatsApp API (the customer's 24-hour window, templates; messages cannot be edited or deleted)",
  })
  type!: ConnectionType;
}

export class TicketTagDto {
  @ApiProperty() id!: number;
  @ApiProperty() name!: string;
  @ApiProperty() color!: string;
}

export class TicketDto {
  @ApiProperty() id!: number;
  @ApiProperty({ format: 'uuid' }) uuid!: string;
  @ApiProperty({ enum: TICKET_STATUSES, enumName: 'TicketStatus' }) status!: string;
  @ApiProperty() isGroup!: boolean;
  @ApiProperty() contactId!: number;
  @ApiProperty({ type: ContactDto }) contact!: ContactDto;
  @ApiPropertyOptional({ nullable: true, type: Number }) userId!: number | null;
  @ApiPropertyOptional({ nullable: true, type: TicketUserDto }) user!: TicketUserDto | null;
  @ApiPropertyOptional({ nullable: true, type: Number }) queueId!: number | null;
  @ApiPropertyOptional({ nullable: true, type: QueueSummaryDto }) queue!: QueueSummaryDto | null;
  @ApiPropertyOptional({ nullable: true, type: Number }) whatsappId!: number | null;
  @ApiPropertyOptional({ nullable: true, type: TicketWhatsappDto }) whatsapp!: TicketWhatsappDto | null;
  @ApiProperty({ type: [TicketTagDto] }) tags!: TicketTagDto[];
  @ApiPropertyOptional({
    nullable: true,
    type: String,
    description: "The list's preview: the newest message's text. While pending, the customer's last words (the bot's messages do not replace them)",
  })
  lastMessage!: string | null;
  @ApiProperty() unreadMessages!: number;
  @ApiProperty() chatbot!: boolean;
  @ApiProperty() useIntegration!: boolean;
  @ApiPropertyOptional({ nullable: true, type: Number }) integrationId!: number | null;
  @ApiPropertyOptional({ nullable: true, type: Number }) promptId!: number | null;
  @ApiProperty({ type: Number }) companyId!: CompanyId;
  @ApiProperty() createdAt!: Date;
  @ApiProperty() updatedAt!: Date;
}

/** Relations (contact, user, queue, whatsapp, tags) must be loaded by the caller; unloaded ones map to null / []. */
export function mapTicket(t: Ticket): TicketDto {
  const user = t.user?.isInitialized() ? t.user.getEntity() : null;
  const queue = t.queue?.isInitialized() ? t.queue.getEntity() : null;
  const whatsapp = t.whatsapp?.isInitialized() ? t.whatsapp.getEntity() : null;
  return {
    id: t.id,
    uuid: t.uuid,
    status: t.status,
    isGroup: t.isGroup,
    contactId: t.contact.id,
    contact: mapContact(t.contact.getEntity()),
    userId: t.user?.id ?? null,
    user: user ? { id: user.id, name: user.name } : null,
    queueId: t.queue?.id ?? null,
    queue: queue ? mapQueueSummary(queue) : null,
    whatsappId: t.whatsapp?.id ?? null,
    whatsapp: whatsapp ? { id: whatsapp.id, name: whatsapp.name, type: connectionType(whatsapp.provider) } : null,
    // By id, as the row loader (ticket-rows.ts) orders them: the same ticket reads the same from either.
    tags: t.tags.isInitialized()
      ? t.tags
          .getItems()
          .map((g) => ({ id: g.id, name: g.name, color: g.color }))
          .sort((a, b) => a.id - b.id)
      : [],
    lastMessage: t.lastMessage ?? null,
    unreadMessages: t.unreadMessages,
    chatbot: t.chatbot,
    useIntegration: t.useIntegration,
    integrationId: t.integrationId ?? null,
    promptId: t.promptId ?? null,
    companyId: t.companyId,
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
  };
}

/** What every ticket query populates before mapTicket. */
export const TICKET_POPULATE = ['contact', 'contact.extraInfo', 'user', 'queue', 'whatsapp', 'tags'] as const;

/** Realtime events carry this same shape (see realtime-events.ts). */
declare module '../../../realtime/realtime-events' {
  interface RealtimeEntities {
    ticket: TicketDto;
  }
}
