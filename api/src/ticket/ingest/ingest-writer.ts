import type { CompanyId } from '../../common/tenancy/company-id';
import type { Knex } from '@mikro-orm/knex';
import type { InboundMessage } from '../../connection/providers/messaging-provider';
import type { MessageDto } from '../messages/dto/message.dto';
import type { StoredMedia } from '../messages/media-storage.service';
import { messageFromRow } from '../tickets/ticket-rows';
import type { MessageRow } from '../tickets/tickets.queries';
import { INGEST_BATCH_SQL } from './ingest.queries';
import { isOfficial } from '../../connection/whatsapps/whatsapp.entity';

export interface IngestResult {
  messageId: string;
  ticketId: number;
  created: boolean;
  message: MessageDto;
}

/** An inbound message ready to be written: its media stored, its contact's number and name worked out. */
export interface PreparedInbound {
  companyId: CompanyId;
  whatsappId: number;
  message: InboundMessage;
  stored: StoredMedia | null;
  number: string;
  contactName: string;
  body: string;
}

/**
 * Set-based writes for one batch, inside the caller's transaction: duplicates skipped (idempotent on connection and
 * provider id), contacts upserted, the active ticket found or a pending one opened with its attendance cycle,
 * messages inserted in arrival order, ticket counters raised. Answers one result per item (null for a duplicate).
 */
export async function writeInboundBatch(trx: Knex.Transaction, items: PreparedInbound[]): Promise<(IngestResult | null)[]> {
  const key = (whatsappId: number, providerId: string) => `${whatsappId}|${providerId}`;
  // 1. Duplicates: already stored, or repeated inside this batch.
  const known = await trx.raw<{ rows: { whatsapp_id: number; provider_id: string }[] }>(INGEST_BATCH_SQL.duplicates, [
    items.map((i) => i.whatsappId),
    items.map((i) => i.message.providerId),
  ]);
  const seen = new Set(known.rows.map((r) => key(r.whatsapp_id, r.provider_id)));
  const fresh: PreparedInbound[] = [];
  const isFresh = items.map((i) => {
    const k = key(i.whatsappId, i.message.providerId);
    if (seen.has(k)) return false;
    seen.add(k);
    fresh.push(i);
    return true;
  });
  if (!fresh.length) return items.map(() => null);

  // 2. Contacts: insert the new ones, then read the ids of all.
  const contactKey = (companyId: number, number: string) => `${companyId}|${number}`;
  const uniqueContacts = new Map<string, PreparedInbound>();
  for (const i of fresh) if (!uniqueContacts.has(contactKey(i.companyId, i.number))) uniqueContacts.set(contactKey(i.companyId, i.number), i);
  const cs = [...uniqueContacts.values()];
  await trx.raw(INGEST_BATCH_SQL.insertContacts, [
    cs.map((c) => c.companyId),
    cs.map((c) => c.contactName),
    cs.map((c) => c.number),
    cs.map((c) => c.message.isGroup),
    cs.map((c) => c.whatsappId),
  ]);
  const contactRows = await trx.raw<{ rows: { id: number; company_id: number; number: string }[] }>(INGEST_BATCH_SQL.contactIds, [
    cs.map((c) => c.companyId),
    cs.map((c) => c.number),
  ]);
  const contactId = new Map(contactRows.rows.map((r) => [contactKey(r.company_id, r.number), r.id]));

  // 3. Tickets: the active one of each (contact, connection), or a new pending one with a new attendance cycle.
  const ticketKey = (contact: number, whatsappId: number) => `${contact}|${whatsappId}`;
  const pairs = new Map<string, { companyId: CompanyId; contactId: number; whatsappId: number; isGroup: boolean }>();
  for (const i of fresh) {
    const c = contactId.get(contactKey(i.companyId, i.number))!;
    pairs.set(ticketKey(c, i.whatsappId), { companyId: i.companyId, contactId: c, whatsappId: i.whatsappId, isGroup: i.message.isGroup });
  }
  const ps = [...pairs.values()];
  // A closed ticket waiting for its rating answer counts as active; an open or pending one wins over it (read last).
  const active = await trx.raw<{ rows: { id: number; contact_id: number; whatsapp_id: number }[] }>(INGEST_BATCH_SQL.activeTickets, [
    ps.map((p) => p.companyId),
    ps.map((p) => p.contactId),
    ps.map((p) => p.whatsappId),
  ]);
  const ticketId = new Map(active.rows.map((r) => [ticketKey(r.contact_id, r.whatsapp_id), r.id]));
  const missing = ps.filter((p) => !ticketId.has(ticketKey(p.contactId, p.whatsappId)));
  const created = new Set<number>();
  if (missing.length) {
    const inserted = await trx.raw<{ rows: { id: number; contact_id: number; whatsapp_id: number }[] }>(INGEST_BATCH_SQL.openTickets, [
      [...new Set(missing.map((m) => m.whatsappId))],
      missing.map((m) => m.companyId),
      missing.map((m) => m.contactId),
      missing.map((m) => m.whatsappId),
      missing.map((m) => m.isGroup),
    ]);
    for (const r of inserted.rows) {
      ticketId.set(ticketKey(r.contact_id, r.whatsapp_id), r.id);
      created.add(r.id);
    }
  }

  // 4. Messages, in arrival order.
  const rows = fresh.map((i) => {
    const c = contactId.get(contactKey(i.companyId, i.number))!;
    return { i, contact: c, ticket: ticketId.get(ticketKey(c, i.whatsappId))! };
  });
  const col = <T>(f: (r: (typeof rows)[number]) => T) => rows.map(f);
  const insertedMessages = await trx.raw<{ rows: MessageRow[] }>(INGEST_BATCH_SQL.insertMessages, [
    col((r) => r.i.companyId),
    col((r) => r.ticket),
    col((r) => r.contact),
    col((r) => r.i.whatsappId),
    col((r) => r.i.message.providerId),
    col((r) => r.i.body),
    col((r) => r.i.message.fromMe),
    col((r) => r.i.message.type),
    col((r) => r.i.stored?.path ?? null),
    col((r) => (r.i.message.media ? (r.i.message.media.filename ?? null) : null)),
    col((r) => (r.i.message.dataJson ? JSON.stringify(r.i.message.dataJson) : null)),
    col((r) => r.i.message.quotedProviderId ?? null),
    col((r) => r.i.message.participant ?? null),
    col((r) => r.i.message.timestamp.toISOString()),
  ] as unknown as Knex.RawBinding[]);
  // Rows come back in insertion order, which is the select's order.
  const messageRows = insertedMessages.rows;
  const quoted = await loadQuoted(trx, messageRows);

  // 5. The official API's window: a customer's message opens (or extends) it, in this same transaction.
  const inbound = fresh.filter((i) => !i.message.fromMe && !i.message.isGroup);
  const official = inbound.length
    ? await officialConnections(
        trx,
        inbound.map((i) => i.whatsappId),
      )
    : null;
  const windows = official?.size ? inbound.filter((i) => official.has(i.whatsappId)) : [];
  if (windows.length) {
    await trx.raw(INGEST_BATCH_SQL.openWindows, [
      windows.map((i) => i.companyId),
      windows.map((i) => i.whatsappId),
      windows.map((i) => i.number),
      windows.map((i) => i.message.timestamp.toISOString()),
    ] as unknown as Knex.RawBinding[]);
  }

  // 6. Ticket counters: last message and unread count per ticket.
  const perTicket = new Map<number, { last: string; unread: number }>();
  rows.forEach((r) => {
    const t = perTicket.get(r.ticket) ?? { last: '', unread: 0 };
    t.last = preview(r.i.message, r.i.body);
    if (!r.i.message.fromMe) t.unread += 1;
    perTicket.set(r.ticket, t);
  });
  const ts = [...perTicket.entries()];
  await trx.raw(INGEST_BATCH_SQL.raiseCounters, [ts.map(([id]) => id), ts.map(([, v]) => v.last), ts.map(([, v]) => v.unread)]);

  let next = 0;
  return items.map((i, index) => {
    if (!isFresh[index]) return null;
    const r = rows[next];
    const message = messageFromRow(messageRows[next++], quoted);
    return { messageId: message.id, ticketId: r.ticket, created: created.has(r.ticket), message };
  });
}

/**
 * Whether each connection is an official one, read once per process (a connection's provider never changes:
 * WhatsappsService refuses it), so a QR-code connection's batches cost no extra statement.
 */
const officialById = new Map<number, boolean>();

async function officialConnections(trx: Knex.Transaction, ids: number[]): Promise<Set<number>> {
  const unknown = [...new Set(ids.filter((id) => !officialById.has(id)))];
  if (unknown.length) {
    const { rows } = await trx.raw<{ rows: { id: number; provider: string }[] }>(INGEST_BATCH_SQL.providers, [unknown]);
    for (const r of rows) officialById.set(r.id, isOfficial(r.provider));
  }
  return new Set(ids.filter((id) => officialById.get(id)));
}

function preview(m: InboundMessage, body: string): string {
  if (body) return body.slice(0, 255);
  return `[${m.type}]`;
}

/** The messages the batch's messages quote, by id (ids the writer resolved within each message's own company). */
async function loadQuoted(trx: Knex.Transaction, rows: MessageRow[]): Promise<Map<string, MessageRow>> {
  const ids = [
    ...new Set(
      rows
        .map((r) => r.quoted_msg_id)
        .filter((id) => id != null)
        .map(String),
    ),
  ];
  if (!ids.length) return new Map();
  const { rows: quoted } = await trx.raw<{ rows: MessageRow[] }>(INGEST_BATCH_SQL.quoted, [ids]);
  return new Map(quoted.map((q) => [String(q.id), q]));
}
