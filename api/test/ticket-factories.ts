import { randomUUID } from 'node:crypto';
import { MikroORM } from '@mikro-orm/postgresql';
import { User } from '../src/auth/users/user.entity';
import { Whatsapp } from '../src/connection/whatsapps/whatsapp.entity';
import { Contact } from '../src/ticket/contacts/contact.entity';
import { Message } from '../src/ticket/messages/message.entity';
import { Queue } from '../src/tenant/queues/queue.entity';
import { Tag } from '../src/ticket/tags/tag.entity';
import { TicketTracking } from '../src/ticket/tickets/ticket-tracking.entity';
import { Ticket, TicketStatus, TicketTag } from '../src/ticket/tickets/ticket.entity';

let seq = 0;
const next = () => ++seq;
/** A fork that reads across companies (test set-up and assertions only). */
const em = (orm: MikroORM) => orm.em.fork({ disableContextResolution: true });

export async function createWhatsapp(orm: MikroORM, companyId: number, input: Partial<Pick<Whatsapp, 'name' | 'isDefault' | 'status'>> = {}): Promise<Whatsapp> {
  const e = em(orm);
  const w = e.create(Whatsapp, { companyId, name: `Conexão ${next()}`, status: 'CONNECTED', ...input });
  await e.flush();
  return w;
}

export async function createContact(orm: MikroORM, companyId: number, input: Partial<Pick<Contact, 'name' | 'number' | 'isGroup'>> = {}): Promise<Contact> {
  const e = em(orm);
  const n = next();
  const c = e.create(Contact, {
    companyId,
    name: `Contato ${n}`,
    number: `55119${String(process.pid % 1000).padStart(3, '0')}${String(n).padStart(5, '0')}`,
    ...input,
  });
  await e.flush();
  return c;
}

export interface TicketInput {
  companyId: number;
  contactId?: number;
  whatsappId: number;
  status?: TicketStatus;
  queueId?: number | null;
  userId?: number | null;
  isGroup?: boolean;
  useIntegration?: boolean;
  integrationId?: number | null;
  promptId?: number | null;
  unreadMessages?: number;
  updatedAt?: Date;
  createdAt?: Date;
}

/** A ticket with its current attendance cycle (as ingest leaves it), and a fresh contact unless one is given. */
export async function createTicket(orm: MikroORM, input: TicketInput): Promise<Ticket> {
  const contactId = input.contactId ?? (await createContact(orm, input.companyId, { isGroup: input.isGroup ?? false })).id;
  const e = em(orm);
  const status = input.status ?? 'pending';
  const t = e.create(Ticket, {
    uuid: randomUUID(),
    companyId: input.companyId,
    status,
    isGroup: input.isGroup ?? false,
    contact: e.getReference(Contact, contactId, { wrapped: true }),
    whatsapp: e.getReference(Whatsapp, input.whatsappId, { wrapped: true }),
    queue: input.queueId ? e.getReference(Queue, input.queueId, { wrapped: true }) : null,
    user: input.userId ? e.getReference(User, input.userId, { wrapped: true }) : null,
    useIntegration: input.useIntegration ?? false,
    integrationId: input.integrationId ?? null,
    promptId: input.promptId ?? null,
    unreadMessages: input.unreadMessages ?? 0,
  });
  await e.flush();
  const created = new Date(Date.now() - 60_000);
  e.create(TicketTracking, {
    companyId: input.companyId,
    ticketId: t.id,
    whatsappId: input.whatsappId,
    queueId: input.queueId ?? null,
    userId: input.userId ?? null,
    queuedAt: created,
    startedAt: status === 'pending' ? null : created,
    finishedAt: status === 'closed' ? created : null,
    createdAt: created,
  });
  await e.flush();
  if (input.updatedAt || input.createdAt) {
    await e.getConnection().execute('update tickets set updated_at = coalesce(?, updated_at), created_at = coalesce(?, created_at) where id = ?', [
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

export async function createTag(orm: MikroORM, companyId: number, name = `Tag ${next()}`): Promise<Tag> {
  const e = em(orm);
  const tag = e.create(Tag, { companyId, name });
  await e.flush();
  return tag;
}

export async function tagTicket(orm: MikroORM, ticketId: number, tagId: number): Promise<void> {
  const e = em(orm);
  e.create(TicketTag, { ticket: e.getReference(Ticket, ticketId), tag: e.getReference(Tag, tagId) });
  await e.flush();
}

export async function setSetting(orm: MikroORM, companyId: number, key: string, value: string): Promise<void> {
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
