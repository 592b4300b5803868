import { rowTimestamp } from '../../common/tenancy/row-timestamp';
import type { TenantSql } from '../../common/tenancy/tenant-sql';
import type { ContactDto } from '../contacts/dto/contact.dto';
import { mediaUrlOf, MessageDto } from '../messages/dto/message.dto';
import type { TicketDto } from './dto/ticket.dto';
import { messageRowsById, ticketRowByUuid, ticketRows, type ContactRow, type MessageRow, type TicketRow } from './tickets.queries';
import { connectionType } from '../../connection/whatsapps/whatsapp.entity';

/**
 * The hot path's read side: ticket and message DTOs from the SQL rows of tickets.queries.ts, one query per batch,
 * without entity hydration. Produces exactly what mapTicket/mapMessage produce from entities (tickets-lists.e2e-spec.ts
 * compares a list entry with GET /tickets/:id; the ack and send tests read the messages they announce).
 */

/**
 * The driver answers timestamps as strings here; DTOs carry Dates like the entity mappers, made by rowTimestamp so
 * that answering them costs no toISOString (common/tenancy/row-timestamp.ts).
 */
export const toDate = (v: string | Date): Date => rowTimestamp(v);
const json = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

/** The company's ticket with this uuid, as mapTicket gives it (undefined when there is none). */
export async function loadTicketDtoByUuid(db: TenantSql, uuid: string): Promise<TicketDto | undefined> {
  const [row] = await ticketRowByUuid(db, uuid);
  return row ? ticketFromRow(row) : undefined;
}

export async function loadTicketDtos(db: TenantSql, ids: number[]): Promise<Map<number, TicketDto>> {
  if (!ids.length) return new Map();
  const rows = await ticketRows(db, ids);
  return new Map(rows.map((r) => [r.id, ticketFromRow(r)]));
}

/** What mapContact gives, from a row; `extraInfo` as the caller read it (lists leave it out: `[]`). */
export function contactFromRow(r: ContactRow, extraInfo: ContactDto['extraInfo']): ContactDto {
  return {
    id: r.contact_id,
    name: r.contact_name,
    number: r.contact_number,
    email: r.contact_email ?? '',
    profilePicUrl: r.contact_pic ?? null,
    urlPicture: r.contact_pic ?? null,
    isGroup: r.contact_is_group,
    whatsappId: r.contact_whatsapp_id ?? null,
    companyId: r.company_id,
    extraInfo,
    createdAt: toDate(r.contact_created_at),
    updatedAt: toDate(r.contact_updated_at),
  };
}

/** What mapTicket gives, from a row of ticketSql (or its JSON, as a statement that changed the ticket answers it). */
export function ticketFromRow(r: TicketRow): TicketDto {
  const contact = contactFromRow(r, json(r.contact_extra));
  return {
    id: r.id,
    uuid: r.uuid,
    status: r.status,
    isGroup: r.is_group,
    contactId: r.contact_id,
    contact,
    userId: r.user_id ?? null,
    user: r.user_id ? { id: r.user_id, name: r.user_name ?? '' } : null,
    queueId: r.queue_id ?? null,
    queue: r.queue_id ? { id: r.queue_id, name: r.queue_name ?? '', color: r.queue_color ?? '' } : null,
    whatsappId: r.whatsapp_id ?? null,
    whatsapp: r.whatsapp_id ? { id: r.whatsapp_id, name: r.whatsapp_name ?? '', type: connectionType(r.whatsapp_provider) } : null,
    tags: json(r.tags),
    lastMessage: r.last_message ?? null,
    unreadMessages: r.unread_messages,
    chatbot: r.chatbot,
    useIntegration: r.use_integration,
    integrationId: r.integration_id ?? null,
    promptId: r.prompt_id ?? null,
    companyId: r.company_id,
    createdAt: toDate(r.created_at),
    updatedAt: toDate(r.updated_at),
  };
}

/** Message DTOs of rows of MESSAGE_COLUMNS, in their order, with the messages they quote (one more read, if any). */
export async function loadMessageDtos(db: TenantSql, rows: MessageRow[]): Promise<MessageDto[]> {
  const quotedIds = [...new Set(rows.flatMap((r) => (r.quoted_msg_id ? [String(r.quoted_msg_id)] : [])))];
  const quoted = quotedIds.length ? await messageRowsById(db, quotedIds) : [];
  const byId = new Map(quoted.map((q) => [String(q.id), q]));
  return rows.map((r) => messageFromRow(r, byId));
}

/**
 * Messages stored with their ticket's row (storeOutbound's, all of one ticket), for announcing them: the ticket from
 * the first row's JSON, the messages with their quoted ones (a read only when one quotes).
 */
export async function messagesWithStoredTicket(
  db: TenantSql,
  rows: (MessageRow & { ticket: TicketRow | string | null })[],
): Promise<{ message: MessageDto; ticket: TicketDto | undefined }[]> {
  const own = rows[0]?.ticket;
  const ticket = own ? ticketFromRow(json(own)) : undefined;
  const messages = await loadMessageDtos(db, rows);
  return messages.map((message) => ({ message, ticket }));
}

/** Changed or new messages (rows of MESSAGE_COLUMNS) with their tickets, for announcing them: each message's ticket, if it still exists. */
export async function loadMessagesWithTickets(db: TenantSql, rows: MessageRow[]): Promise<{ message: MessageDto; ticket: TicketDto | undefined }[]> {
  const [messages, tickets] = await Promise.all([loadMessageDtos(db, rows), loadTicketDtos(db, [...new Set(rows.map((r) => r.ticket_id))])]);
  return messages.map((message, i) => ({ message, ticket: tickets.get(rows[i].ticket_id) }));
}

/** `quoted` holds the rows of the quoted messages, by id. */
export function messageFromRow(r: MessageRow, quoted: Map<string, MessageRow>): MessageDto {
  const id = String(r.id);
  const q = r.quoted_msg_id ? quoted.get(String(r.quoted_msg_id)) : undefined;
  return {
    id,
    ticketId: r.ticket_id,
    contactId: r.contact_id ?? null,
    body: r.is_deleted ? '' : r.body,
    fromMe: r.from_me,
    read: r.read,
    mediaType: r.media_type,
    mediaUrl: r.is_deleted ? null : mediaUrlOf({ id, media: { path: r.media_path } }),
    mediaName: r.media_name ?? null,
    dataJson: r.data_json ? json(r.data_json) : null,
    quotedMsg: q
      ? {
          id: String(q.id),
          body: q.is_deleted ? '' : q.body,
          fromMe: q.from_me,
          mediaType: q.media_type,
          mediaUrl: mediaUrlOf({ id: String(q.id), media: { path: q.media_path } }),
        }
      : null,
    ack: r.ack,
    isDeleted: r.is_deleted,
    isEdited: r.is_edited,
    oldMessages: r.old_messages ? json(r.old_messages) : [],
    source: r.source,
    userId: r.user_id ?? null,
    participant: r.participant ?? null,
    sendError: r.send_error ?? null,
    createdAt: toDate(r.created_at),
    updatedAt: toDate(r.updated_at),
  };
}
