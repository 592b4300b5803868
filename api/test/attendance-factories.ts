import { randomUUID } from 'node:crypto';
import { MikroORM } from '@mikro-orm/postgresql';
import { User } from '../src/auth/users/user.entity';
import { Contact, ContactCustomField } from '../src/ticket/contacts/contact.entity';
import { Queue } from '../src/tenant/queues/queue.entity';
import { QuickMessage } from '../src/ticket/quick-messages/quick-message.entity';
import { Tag } from '../src/ticket/tags/tag.entity';
import { TicketNote } from '../src/ticket/notes/ticket-note.entity';
import { Ticket, TicketStatus } from '../src/ticket/tickets/ticket.entity';

let seq = 0;
const next = () => `${process.pid}${String(++seq).padStart(4, '0')}`;

/** Direct inserts for test set-up of contacts, tickets, tags, notes and quick messages. */
export async function createContact(
  orm: MikroORM,
  companyId: number,
  input: { name?: string; number?: string; email?: string | null; isGroup?: boolean; extraInfo?: { name: string; value: string }[] } = {},
): Promise<Contact> {
  const em = orm.em.fork();
  const contact = em.create(Contact, {
    companyId,
    name: input.name ?? `Contato ${next()}`,
    number: input.number ?? `55119${next()}`.slice(0, 20),
    email: input.email ?? null,
    isGroup: input.isGroup ?? false,
  });
  for (const row of input.extraInfo ?? []) contact.extraInfo.add(em.create(ContactCustomField, { companyId, contact, ...row }));
  await em.flush();
  return contact;
}

export async function createTicket(
  orm: MikroORM,
  companyId: number,
  input: { contactId?: number; queueId?: number | null; userId?: number | null; status?: TicketStatus; lastMessage?: string; isGroup?: boolean } = {},
): Promise<Ticket> {
  const contactId = input.contactId ?? (await createContact(orm, companyId)).id;
  const em = orm.em.fork();
  const ticket = em.create(Ticket, {
    uuid: randomUUID(),
    companyId,
    status: input.status ?? 'pending',
    isGroup: input.isGroup ?? false,
    contact: em.getReference(Contact, contactId),
    queue: input.queueId ? em.getReference(Queue, input.queueId) : null,
    user: input.userId ? em.getReference(User, input.userId) : null,
    lastMessage: input.lastMessage ?? null,
  });
  await em.flush();
  return ticket;
}

export async function createTag(orm: MikroORM, companyId: number, input: { name?: string; color?: string; kanban?: number; ticketIds?: number[] } = {}): Promise<Tag> {
  const em = orm.em.fork();
  const tag = em.create(Tag, { companyId, name: input.name ?? `Tag ${next()}`, color: input.color ?? '#A4CCCC', kanban: input.kanban ?? 0 });
  await em.flush();
  for (const ticketId of input.ticketIds ?? []) await tagTicket(orm, ticketId, tag.id);
  return tag;
}

export async function tagTicket(orm: MikroORM, ticketId: number, tagId: number): Promise<void> {
  await orm.em.fork().getConnection().execute('insert into ticket_tags (ticket_id, tag_id) values (?, ?) on conflict do nothing', [ticketId, tagId], 'run');
}

export async function ticketTagIds(orm: MikroORM, ticketId: number): Promise<number[]> {
  const rows: { tag_id: number }[] = await orm.em.fork().getConnection().execute('select tag_id from ticket_tags where ticket_id = ? order by tag_id', [ticketId]);
  return rows.map((r) => r.tag_id);
}

export async function createTicketNote(orm: MikroORM, ticket: Ticket, input: { userId?: number | null; note?: string; createdAt?: Date } = {}): Promise<TicketNote> {
  const em = orm.em.fork();
  const note = em.create(TicketNote, {
    companyId: ticket.companyId,
    note: input.note ?? `Nota ${next()}`,
    ticket: em.getReference(Ticket, ticket.id),
    contact: em.getReference(Contact, ticket.contact.id),
    user: input.userId ? em.getReference(User, input.userId) : null,
    ...(input.createdAt ? { createdAt: input.createdAt } : {}),
  });
  await em.flush();
  return note;
}

export async function createQuickMessage(
  orm: MikroORM,
  companyId: number,
  input: { userId?: number | null; shortcode?: string; message?: string; geral?: boolean } = {},
): Promise<QuickMessage> {
  const em = orm.em.fork();
  const row = em.create(QuickMessage, {
    companyId,
    userId: input.userId ?? null,
    shortcode: input.shortcode ?? `atalho${next()}`,
    message: input.message ?? 'Olá!',
    geral: input.geral ?? false,
  });
  await em.flush();
  return row;
}
