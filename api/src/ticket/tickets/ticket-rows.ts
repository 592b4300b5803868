import type { CompanyId } from '../../common/company-id';
import type { TenantSql } from '../../database/tenant-sql';
import type { ContactDto } from '../contacts/dto/contact.dto';
import { mediaUrlOf, MessageDto } from '../messages/dto/message.dto';
import type { TicketDto } from './dto/ticket.dto';

/**
 * The hot path's read side: ticket and message DTOs straight from SQL rows, one query per batch, without entity
 * hydration. Produces exactly what mapTicket/mapMessage produce from entities (tickets-lists.e2e-spec.ts compares a list
 * entry with GET /tickets/:id; the ack and send tests read the messages they announce).
 * `ids` is the condition on a ticket id column: `= any(?::int[])` for a batch, `= ?` for one ticket.
 */
const ticketSql = (ids: string) => `
  select t.id, t.uuid, t.status, t.is_group, t.company_id, t.last_message, t.unread_messages, t.chatbot, t.use_integration,
         t.integration_id, t.prompt_id, t.created_at, t.updated_at,
         t.user_id, u.name as user_name, t.queue_id, q.name as queue_name, q.color as queue_color,
         t.whatsapp_id, w.name as whatsapp_name,
         c.id as contact_id, c.name as contact_name, c.number as contact_number, c.email as contact_email,
         c.profile_pic_url as contact_pic, c.is_group as contact_is_group, c.whatsapp_id as contact_whatsapp_id,
         c.created_at as contact_created_at, c.updated_at as contact_updated_at,
         coalesce((select json_agg(json_build_object('id', f.id, 'name', f.name, 'value', f.value) order by f.id)
                     from contact_custom_fields f where f.contact_id = c.id), '[]') as contact_extra,
         coalesce(g.tags, '[]') as tags
    from tickets t
    join contacts c on c.id = t.contact_id
    left join users u on u.id = t.user_id
    left join queues q on q.id = t.queue_id
    left join whatsapps w on w.id = t.whatsapp_id
    left join (select tt.ticket_id, json_agg(json_build_object('id', g.id, 'name', g.name, 'color', g.color) order by g.id) as tags
                 from ticket_tags tt join tags g on g.id = tt.tag_id
                where tt.ticket_id ${ids}
                group by tt.ticket_id) g on g.ticket_id = t.id
   where t.company_id = :companyId and t.id ${ids}`;
const TICKETS_SQL = ticketSql('= any(?::int[])');
const ONE_TICKET_SQL = ticketSql('= ?');

/**
 * A contact's columns as the row readers select them, prefixed `contact_` (`c.name as contact_name`...), with the
 * row's `company_id`: the ticket row loader and the contacts list.
 */
export interface ContactRow {
  contact_id: number;
  contact_name: string;
  contact_number: string;
  contact_email: string | null;
  contact_pic: string | null;
  contact_is_group: boolean;
  contact_whatsapp_id: number | null;
  contact_created_at: string | Date;
  contact_updated_at: string | Date;
  company_id: CompanyId;
}

/** A row of ticketSql. */
interface TicketRow extends ContactRow {
  id: number;
  uuid: string;
  status: string;
  is_group: boolean;
  company_id: CompanyId;
  last_message: string | null;
  unread_messages: number;
  chatbot: boolean;
  use_integration: boolean;
  integration_id: number | null;
  prompt_id: number | null;
  created_at: string | Date;
  updated_at: string | Date;
  user_id: number | null;
  user_name: string | null;
  queue_id: number | null;
  queue_name: string | null;
  queue_color: string | null;
  whatsapp_id: number | null;
  whatsapp_name: string | null;
  contact_extra: ContactDto['extraInfo'] | string;
  tags: TicketDto['tags'] | string;
}

/** A row of MESSAGE_COLUMNS. */
export interface MessageRow {
  id: string | number;
  ticket_id: number;
  contact_id: number | null;
  body: string;
  from_me: boolean;
  read: boolean;
  media_type: MessageDto['mediaType'];
  media_path: string | null;
  media_name: string | null;
  data_json: MessageDto['dataJson'] | string | null;
  quoted_msg_id: string | number | null;
  ack: number;
  is_deleted: boolean;
  is_edited: boolean;
  old_messages: MessageDto['oldMessages'] | string | null;
  source: MessageDto['source'];
  user_id: number | null;
  participant: string | null;
  send_error: string | null;
  created_at: string | Date;
  updated_at: string | Date;
}

/** The driver answers timestamps as strings here; DTOs carry Dates like the entity mappers. */
export const toDate = (v: string | Date): Date => (v instanceof Date ? v : new Date(v));
const json = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

export async function loadTicketDtos(db: TenantSql, ids: number[]): Promise<Map<number, TicketDto>> {
  if (!ids.length) return new Map();
  // The batch's tags are gathered in one grouped join: a subquery per ticket cost 0.2 ms more for 40 (pgbench,
  // the generic plan the prepared statement runs). One ticket (a conversation's page, most ingest batches) has its
  // own statement: for `= any(array)` of one id PostgreSQL keeps choosing a custom plan and planned it on every
  // call, 0.8 ms; `= ?` settles on the generic plan, 0.2 ms in all.
  const rows =
    ids.length === 1
      ? await db.prepared<TicketRow>('ticket-row', ONE_TICKET_SQL, [ids[0], ids[0]])
      : await db.prepared<TicketRow>('ticket-rows', TICKETS_SQL, [ids, ids]);
  return new Map(rows.map((r) => [r.id, ticketFromRow(r)]));
}

/** What mapContact gives, from a row; `extraInfo` as the caller read it (lists leave it out: `[]`). */
export function contactFromRow(r: ContactRow, extraInfo: ContactDto['extraInfo']): ContactDto {
  return {
    id: r.contact_id,
    name: r.contact_name,
    number: r.contact_number,
    email: r.contact_email ?? null,
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

function ticketFromRow(r: TicketRow): TicketDto {
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
    whatsapp: r.whatsapp_id ? { id: r.whatsapp_id, name: r.whatsapp_name ?? '' } : null,
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

export const MESSAGE_COLUMNS =
  'id, ticket_id, contact_id, body, from_me, read, media_type, media_path, media_name, data_json, quoted_msg_id, ack, is_deleted, is_edited, old_messages, source, user_id, participant, send_error, created_at, updated_at';

/** Message DTOs of rows of MESSAGE_COLUMNS, in their order, with the messages they quote (one more read, if any). */
export async function loadMessageDtos(db: TenantSql, rows: MessageRow[]): Promise<MessageDto[]> {
  const quotedIds = [...new Set(rows.flatMap((r) => (r.quoted_msg_id ? [String(r.quoted_msg_id)] : [])))];
  const quoted = quotedIds.length
    ? await db.prepared<MessageRow>('message-rows', `select ${MESSAGE_COLUMNS} from messages where company_id = :companyId and id = any(?::bigint[])`, [
        quotedIds,
      ])
    : [];
  const byId = new Map(quoted.map((q) => [String(q.id), q]));
  return rows.map((r) => messageFromRow(r, byId));
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
    mediaUrl: r.is_deleted ? null : mediaUrlOf({ id, mediaPath: r.media_path }),
    mediaName: r.media_name ?? null,
    dataJson: r.data_json ? json(r.data_json) : null,
    quotedMsg: q
      ? {
          id: String(q.id),
          body: q.is_deleted ? '' : q.body,
          fromMe: q.from_me,
          mediaType: q.media_type,
          mediaUrl: mediaUrlOf({ id: String(q.id), mediaPath: q.media_path }),
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
