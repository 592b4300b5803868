import type { CompanyId } from '../../src/common/tenancy/company-id';
import { randomUUID } from 'node:crypto';
import { MikroORM } from '@mikro-orm/postgresql';
import { User } from '../../src/auth/users/user.entity';
import { Whatsapp } from '../../src/connection/whatsapps/whatsapp.entity';
import { Queue } from '../../src/tenant/queues/queue.entity';
import { Contact, ContactCustomField } from '../../src/ticket/contacts/contact.entity';
import { Message } from '../../src/ticket/messages/message.entity';
import { TicketNote } from '../../src/ticket/notes/ticket-note.entity';
import { QuickMessage } from '../../src/ticket/quick-messages/quick-message.entity';
import { Tag } from '../../src/ticket/tags/tag.entity';
import { TicketTracking } from '../../src/ticket/tickets/ticket-tracking.entity';
import { Ticket, TicketStatus } from '../../src/ticket/tickets/ticket.entity';

let seq = 0;
const next = () => ++seq;
/** A fork that reads across companies (test set-up and assertions only). */
const em = (orm: MikroORM) => orm.em.fork({ disableContextResolution: true });

/** Direct inserts for test set-up of the attendance data: connections, contacts, tickets, messages, tags, notes, quick messages. */
export async function createWhatsapp(
  orm: MikroORM,
  companyId: CompanyId,
  input: Partial<Pick<Whatsapp, 'name' | 'isDefault' | 'status'>> = {},
): Promise<Whatsapp> {
  const e = em(orm);
  // One default per company (a unique index): a new default takes the flag from the old one.
  if (input.isDefault) await e.nativeUpdate(Whatsapp, { companyId, isDefault: true }, { isDefault: false }, { filters: false });
  const w = e.create(Whatsapp, { companyId, name: `Conexão ${next()}`, status: 'CONNECTED', ...input });
  await e.flush();
  return w;
}

export interface ContactInput {
  name?: string;
  number?: string;
  email?: string | null;
  isGroup?: boolean;
  extraInfo?: { name: string; value: string }[];
}

export async function createContact(orm: MikroORM, companyId: CompanyId, input: ContactInput = {}): Promise<Contact> {
  const e = em(orm);
  const n = next();
  const contact = e.create(Contact, {
    companyId,
    name: input.name ?? `Contato ${n}`,
    number: input.number ?? `55119${String(process.pid % 1000).padStart(3, '0')}${String(n).padStart(5, '0')}`,
    email: input.email ?? null,
    isGroup: input.isGroup ?? false,
  });
  for (const row of input.extraInfo ?? []) contact.extraInfo.add(e.create(ContactCustomField, { companyId, contact, ...row }));
  await e.flush();
  return contact;
}

export interface TicketInput {
  contactId?: number;
  /** The connection; a ticket without one is possible (set-up of pages that do not care). */
  whatsappId?: number | null;
  status?: TicketStatus;
  queueId?: number | null;
  userId?: number | null;
  isGroup?: boolean;
  lastMessage?: string | null;
  useIntegration?: boolean;
  integrationId?: number | null;
  promptId?: number | null;
  unreadMessages?: number;
  updatedAt?: Date;
  createdAt?: Date;
}

/** A ticket with its current attendance cycle (as ingest leaves it), and a fresh contact unless one is given. */
export async function createTicket(orm: MikroORM, companyId: CompanyId, input: TicketInput = {}): Promise<Ticket> {
  const contactId = input.contactId ?? (await createContact(orm, companyId, { isGroup: input.isGroup ?? false })).id;
  const e = em(orm);
  const status = input.status ?? 'pending';
  const t = e.create(Ticket, {
    uuid: randomUUID(),
    companyId,
    status,
    isGroup: input.isGroup ?? false,
    contact: e.getReference(Contact, contactId, { wrapped: true }),
    whatsapp: input.whatsappId ? e.getReference(Whatsapp, input.whatsappId, { wrapped: true }) : null,
    queue: input.queueId ? e.getReference(Queue, input.queueId, { wrapped: true }) : null,
    user: input.userId ? e.getReference(User, input.userId, { wrapped: true }) : null,
    lastMessage: input.lastMessage ?? null,
    useIntegration: input.useIntegration ?? false,
    integrationId: input.integrationId ?? null,
    promptId: input.promptId ?? null,
    unreadMessages: input.unreadMessages ?? 0,
  });
  await e.flush();
  const created = new Date(Date.now() - 60_000);
  e.create(TicketTracking, {
    companyId,
    ticketId: t.id,
    whatsappId: input.whatsappId ?? null,
    queueId: input.queueId ?? null,
    userId: input.userId ?? null,
    queuedAt: created,
    startedAt: status === 'pending' ? null : created,
    finishedAt: status === 'closed' ? created : null,
    createdAt: created,
  });
  await e.flush();
  if (input.updatedAt || input.createdAt) {
    await e
      .getConnection()
      .execute('update tickets set updated_at = coalesce(?, updated_at), created_at = coalesce(?, created_at) where id = ?', [
        input.updatedAt ?? null,
        input.createdAt ?? null,
        t.id,
      ]);
  }
  return t;
}

export async function createMessage(orm: MikroORM, ticket: Ticket, body: string, fromMe = false): Promise<Message> {
  const e = em(orm);
  const m = e.create(Message, {
    companyId: ticket.companyId,
    ticket: e.getReference(Ticket, ticket.id, { wrapped: true }),
    contact: e.getReference(Contact, ticket.contact.id, { wrapped: true }),
    body,
    fromMe,
  });
  await e.flush();
  return m;
}

export async function createTag(
  orm: MikroORM,
  companyId: CompanyId,
  input: { name?: string; color?: string; kanban?: number; ticketIds?: number[] } = {},
): Promise<Tag> {
  const e = em(orm);
  const tag = e.create(Tag, { companyId, name: input.name ?? `Tag ${next()}`, color: input.color ?? '#A4CCCC', kanban: input.kanban ?? 0 });
  await e.flush();
  for (const ticketId of input.ticketIds ?? []) await tagTicket(orm, ticketId, tag.id);
  return tag;
}

export async function tagTicket(orm: MikroORM, ticketId: number, tagId: number): Promise<void> {
  await em(orm).getConnection().execute('insert into ticket_tags (ticket_id, tag_id) values (?, ?) on conflict do nothing', [ticketId, tagId], 'run');
}

export async function ticketTagIds(orm: MikroORM, ticketId: number): Promise<number[]> {
  const rows: { tag_id: number }[] = await em(orm).getConnection().execute('select tag_id from ticket_tags where ticket_id = ? order by tag_id', [ticketId]);
  return rows.map((r) => r.tag_id);
}

export async function createTicketNote(
  orm: MikroORM,
  ticket: Ticket,
  input: { userId?: number | null; note?: string; createdAt?: Date } = {},
): Promise<TicketNote> {
  const e = em(orm);
  const note = e.create(TicketNote, {
    companyId: ticket.companyId,
    note: input.note ?? `Nota ${next()}`,
    ticket: e.getReference(Ticket, ticket.id),
    contact: e.getReference(Contact, ticket.contact.id),
    user: input.userId ? e.getReference(User, input.userId) : null,
    ...(input.createdAt ? { createdAt: input.createdAt } : {}),
  });
  await e.flush();
  return note;
}

export async function createQuickMessage(
  orm: MikroORM,
  companyId: CompanyId,
  input: { userId?: number | null; shortcode?: string; message?: string; geral?: boolean } = {},
): Promise<QuickMessage> {
  const e = em(orm);
  const row = e.create(QuickMessage, {
    companyId,
    userId: input.userId ?? null,
    shortcode: input.shortcode ?? `atalho${next()}`,
    message: input.message ?? 'Olá!',
    geral: input.geral ?? false,
  });
  await e.flush();
  return row;
}

export async function setSetting(orm: MikroORM, companyId: CompanyId, key: string, value: string): Promise<void> {
  await orm.em
    .fork()
    .getConnection()
    .execute(
      `insert into settings (company_id, key, value, created_at, updated_at) values (?, ?, ?, now(), now())
       on conflict (company_id, key) do update set value = excluded.value`,
      [companyId, key, value],
    );
}

export async function setUserField(orm: MikroORM, userId: number, field: 'create_ticket' | 'whatsapp_id', value: string | number | null): Promise<void> {
  await orm.em.fork().getConnection().execute(`update users set ${field} = ? where id = ?`, [value, userId]);
}

/** The ticket and its attendance cycles as stored (oldest cycle first). */
export async function storedTicket(orm: MikroORM, id: number) {
  const e = em(orm);
  const ticket = await e.findOne(Ticket, { id }, { filters: false });
  const cycles = await e.find(TicketTracking, { ticketId: id }, { filters: false, orderBy: { id: 'asc' } });
  return { ticket, cycles };
}

/**
 * An AI prompt and a webhook integration of the company, inserted directly (the tickets and queues tests only need
 * rows to point at; the prompts and queue-integrations suites cover their routes).
 */
export async function agentsOf(orm: MikroORM, companyId: CompanyId): Promise<{ promptId: number; integrationId: number }> {
  const conn = em(orm).getConnection();
  const [p] = await conn.execute<{ id: number }[]>(
    `insert into prompts (company_id, name, prompt, api_key, created_at, updated_at) values (?, 'Assistente', ?, 'sealed', now(), now()) returning id`,
    [companyId, 'Você é um assistente de atendimento. Responda com educação e objetividade.'],
  );
  const [i] = await conn.execute<{ id: number }[]>(
    `insert into queue_integrations (company_id, type, name, url_n8n, created_at, updated_at) values (?, 'webhook', 'Gancho', 'http://127.0.0.1:9/hook', now(), now()) returning id`,
    [companyId],
  );
  return { promptId: p.id, integrationId: i.id };
}
