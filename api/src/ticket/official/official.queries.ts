import type { Statements } from '../../common/tenancy/sql-statements';
import type { TenantSql } from '../../common/tenancy/tenant-sql';
import type { TemplatePurposes } from '../../connection/whatsapps/whatsapp.entity';

/** Every statement of ticket/official (see src/common/tenancy/README.md): the customer's window and the templates sent. */

/** A ticket's connection (its provider and chosen templates) and its customer's last inbound message on it. */
const TICKET_WINDOW = `select t.whatsapp_id, w.provider, w.template_purposes, cw.last_inbound_at
  from tickets t
  left join whatsapps w on w.id = t.whatsapp_id and w.company_id = :companyId
  left join contacts c on c.id = t.contact_id and c.company_id = :companyId
  left join customer_windows cw on cw.whatsapp_id = t.whatsapp_id and cw.contact_number = c.number and cw.company_id = :companyId
 where t.company_id = :companyId and t.id = ?`;
/** A connection (its provider and chosen templates) and a number's last inbound message on it, before any ticket exists. */
const NUMBER_WINDOW = `select w.id as whatsapp_id, w.provider, w.template_purposes, cw.last_inbound_at
  from whatsapps w
  left join customer_windows cw on cw.whatsapp_id = w.id and cw.contact_number = ? and cw.company_id = :companyId
 where w.company_id = :companyId and w.id = ?`;
const APPROVED_TEMPLATE = `select name, language, body, params from message_templates
  where company_id = :companyId and whatsapp_id = ? and name = ? and language = ? and status = 'APPROVED'`;
/** What a template's placeholders are filled from: the contact, the queue, the ticket, the sender (or the ticket's user), the company's clock. */
const PLACEHOLDERS = `select c.name as contact_name, c.number as contact_number, q.name as queue_name, t.id as ticket_id, t.created_at as ticket_created_at,
        u.name as user_name, co.timezone
  from tickets t
  join companies co on co.id = t.company_id
  left join contacts c on c.id = t.contact_id and c.company_id = :companyId
  left join queues q on q.id = t.queue_id and q.company_id = :companyId
  left join users u on u.id = coalesce(?::int, t.user_id) and u.company_id = :companyId
 where t.company_id = :companyId and t.id = ?`;
export const STATEMENTS: Statements = {
  approvedTemplate: APPROVED_TEMPLATE,
  placeholders: PLACEHOLDERS,
  numberWindow: NUMBER_WINDOW,
  ticketWindow: TICKET_WINDOW,
};

export interface TicketWindowRow {
  whatsapp_id: number | null;
  provider: string | null;
  template_purposes: TemplatePurposes | null;
  last_inbound_at: Date | null;
}

/** The ticket's connection and window, prepared (every outbound message reads it); undefined when the ticket is not the company's. */
export async function ticketWindow(db: TenantSql, ticketId: number): Promise<TicketWindowRow | undefined> {
  return withDate((await db.prepared<TicketWindowRow>('official-ticket-window', TICKET_WINDOW, [ticketId]))[0]);
}

/** A connection and a number's window on it (campaigns and schedules, before the ticket); undefined when the connection is not the company's. */
export async function numberWindow(db: TenantSql, whatsappId: number, number: string): Promise<TicketWindowRow | undefined> {
  return withDate((await db.execute<TicketWindowRow>(NUMBER_WINDOW, [number, whatsappId]))[0]);
}

/** The driver may answer a timestamptz as text. */
const withDate = (row: TicketWindowRow | undefined): TicketWindowRow | undefined =>
  row && { ...row, last_inbound_at: row.last_inbound_at == null ? null : new Date(row.last_inbound_at) };

export interface TemplateRow {
  name: string;
  language: string;
  body: string;
  params: number;
}

/** An APPROVED synced template of the connection, by name and language. */
export async function approvedTemplate(db: TenantSql, whatsappId: number, name: string, language: string): Promise<TemplateRow | undefined> {
  const row = (await db.execute<TemplateRow>(APPROVED_TEMPLATE, [whatsappId, name, language]))[0];
  return row && { ...row, params: Number(row.params) };
}

export interface PlaceholderRow {
  contact_name: string | null;
  contact_number: string | null;
  queue_name: string | null;
  ticket_id: number;
  ticket_created_at: Date;
  user_name: string | null;
  timezone: string | null;
}

/** What fills a template's placeholders for a ticket; `userId` the sender (else the ticket's attendant). */
export async function placeholders(db: TenantSql, ticketId: number, userId: number | null): Promise<PlaceholderRow | undefined> {
  return (await db.execute<PlaceholderRow>(PLACEHOLDERS, [userId, ticketId]))[0];
}
