import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Knex } from '@mikro-orm/knex';
import { createHash } from 'node:crypto';
import { KeyedQueue } from '../common/keyed-queue';
import { RedisClient } from '../common/redis';
import { sniffMediaType } from '../common/media-type';
import { forkForCompany } from '../database/tenant-filter';
import { ConnectionSessionsService, InboundHandler } from '../connection/connection-sessions.service';
import type { InboundMessage } from '../connection/providers/messaging-provider';
import { mapMessage, MessageDto } from './dto/message.dto';
import { loadQuoted, loadTicketDtos, MESSAGE_COLUMNS, messageFromRow } from './ticket-rows';
import { mapTicket, TICKET_POPULATE } from './dto/ticket.dto';
import { MediaStorageService, StoredMedia } from './media-storage.service';
import { Message, MessageVersion } from './message.entity';
import { Ticket } from './ticket.entity';
import { TicketEventsService } from './ticket-events.service';

const EARLY_ACK_TTL_MS = 60_000;
// Parks an ack, keeping the highest one seen.
const PARK_ACK = `local current = tonumber(redis.call('get', KEYS[1]) or '-1')
if tonumber(ARGV[1]) > current then redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2]) end
return 1`;

/** Largest inbound media file stored; bigger ones are kept as a text note. */
export const INBOUND_MEDIA_MAX_BYTES = 64 * 1024 * 1024;

export interface IngestResult {
  messageId: string;
  ticketId: number;
  created: boolean;
  message: MessageDto;
}

/** One inbound message waiting for its batch. */
interface Pending {
  companyId: number;
  whatsappId: number;
  message: InboundMessage;
  /** Media is written while the message waits; the batch awaits it, so order is kept. */
  media: Promise<StoredMedia | null>;
  resolve: (r: IngestResult | null) => void;
  reject: (e: unknown) => void;
}

interface Prepared extends Pending {
  number: string;
  contactName: string;
  body: string;
  stored: StoredMedia | null;
}

/** Chats are spread over this many lanes; each lane stores one batch at a time, in arrival order. */
const LANES = 4;
const BATCH_MAX = 500;

/**
 * Turns provider events into stored messages. Messages are stored in batches, one transaction per batch:
 * contact upsert, ticket find-or-create (with a new attendance cycle), message insert idempotent on
 * (connection, provider id), ticket counters, all as set-based statements. Events go out after commit.
 * A chat always maps to the same lane and a lane stores its batches one after another, so the messages of
 * one chat are stored in arrival order while chats proceed side by side. If a batch fails as a whole (say a
 * concurrent process created the same ticket), its messages are stored again one by one.
 */
@Injectable()
export class IngestService implements InboundHandler, OnModuleInit {
  private readonly log = new Logger('Ingest');
  private readonly lanes: Pending[][] = Array.from({ length: LANES }, () => []);
  private readonly running: (Promise<void> | null)[] = Array.from({ length: LANES }, () => null);
  private readonly chatUpdates = new KeyedQueue();

  constructor(
    private readonly em: EntityManager,
    private readonly sessions: ConnectionSessionsService,
    private readonly events: TicketEventsService,
    private readonly media: MediaStorageService,
    private readonly redis: RedisClient,
  ) {}

  onModuleInit(): void {
    this.sessions.onInbound(this);
  }

  /** Waits for everything received so far to be stored (tests, benchmarks, shutdown). */
  async drain(): Promise<void> {
    while (this.lanes.some((l) => l.length) || this.running.some(Boolean)) {
      await Promise.all(this.running.filter(Boolean));
      await new Promise((r) => setImmediate(r));
    }
    await this.chatUpdates.drain();
  }

  message(companyId: number, whatsappId: number, message: InboundMessage): void {
    void this.ingest(companyId, whatsappId, message).catch((e: unknown) => this.log.error(`inbound ${message.providerId} lost: ${String(e)}`));
  }

  ingest(companyId: number, whatsappId: number, message: InboundMessage): Promise<IngestResult | null> {
    return new Promise((resolve, reject) => {
      const media = message.media && message.media.data.length <= INBOUND_MEDIA_MAX_BYTES
        ? this.media.store(companyId, message.media.data, sniffMediaType(message.media.data))
        : Promise.resolve(null);
      const lane = laneOf(`${whatsappId}:${message.chatId}`);
      this.lanes[lane].push({ companyId, whatsappId, message, media, resolve, reject });
      this.kick(lane);
    });
  }

  private kick(lane: number): void {
    if (this.running[lane] || !this.lanes[lane].length) return;
    const batch = this.lanes[lane].splice(0, BATCH_MAX);
    this.running[lane] = this.storeBatch(batch)
      .catch((e: unknown) => this.log.error(`batch failed: ${String(e)}`))
      .finally(() => {
        this.running[lane] = null;
        this.kick(lane);
      });
  }

  private async storeBatch(batch: Pending[]): Promise<void> {
    const prepared: Prepared[] = [];
    for (const p of batch) {
      const stored = await p.media.catch(() => null);
      const m = p.message;
      const number = m.chatId.replace(/[^\d-]/g, '');
      prepared.push({
        ...p,
        stored,
        number,
        contactName: m.isGroup ? `Grupo ${number}` : (m.pushName?.trim() || number).slice(0, 100),
        body: m.body || (m.media && !stored ? `[${m.type}]` : ''),
      });
    }
    let results: (IngestResult | null)[];
    try {
      results = await this.em.getKnex().transaction((trx) => this.writeBatch(trx, prepared));
    } catch (e) {
      if (prepared.length === 1) {
        prepared[0].reject(e);
        return;
      }
      this.log.warn(`batch of ${prepared.length} failed (${String(e)}); storing them one by one`);
      results = [];
      for (const p of prepared) {
        const one = await this.em
          .getKnex()
          .transaction((trx) => this.writeBatch(trx, [p]))
          .then((r) => r[0])
          .catch((err: unknown) => {
            p.reject(err);
            return undefined;
          });
        results.push(one as IngestResult | null);
      }
    }
    await Promise.all(
      prepared.map(async (p, i) => {
        if (results[i] === null && p.stored) await this.media.remove(p.companyId, p.stored.path).catch(() => undefined);
      }),
    );
    await this.publish(prepared, results).catch((e: unknown) => this.log.warn(`events not sent: ${String(e)}`));
    prepared.forEach((p, i) => results[i] !== undefined && p.resolve(results[i]));
  }

  /** Set-based writes for a batch; answers one result per message (null for a duplicate). */
  private async writeBatch(trx: Knex.Transaction, items: Prepared[]): Promise<(IngestResult | null)[]> {
    const key = (whatsappId: number, providerId: string) => `${whatsappId}|${providerId}`;
    // 1. Duplicates: already stored, or repeated inside this batch.
    const known = await trx.raw<{ rows: { whatsapp_id: number; provider_id: string }[] }>(
      `select whatsapp_id, provider_id from messages m
        join unnest(?::int[], ?::text[]) as k(wid, pid) on m.whatsapp_id = k.wid and m.provider_id = k.pid`,
      [items.map((i) => i.whatsappId), items.map((i) => i.message.providerId)],
    );
    const seen = new Set(known.rows.map((r) => key(r.whatsapp_id, r.provider_id)));
    const fresh: Prepared[] = [];
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
    const uniqueContacts = new Map<string, Prepared>();
    for (const i of fresh) if (!uniqueContacts.has(contactKey(i.companyId, i.number))) uniqueContacts.set(contactKey(i.companyId, i.number), i);
    const cs = [...uniqueContacts.values()];
    await trx.raw(
      `insert into contacts (company_id, name, number, is_group, whatsapp_id, created_at, updated_at)
       select c, n, num, g, w, now(), now() from unnest(?::int[], ?::text[], ?::text[], ?::bool[], ?::int[]) as u(c, n, num, g, w)
       on conflict (company_id, number) do nothing`,
      [cs.map((c) => c.companyId), cs.map((c) => c.contactName), cs.map((c) => c.number), cs.map((c) => c.message.isGroup), cs.map((c) => c.whatsappId)],
    );
    const contactRows = await trx.raw<{ rows: { id: number; company_id: number; number: string }[] }>(
      `select c.id, c.company_id, c.number from contacts c join unnest(?::int[], ?::text[]) as u(cid, num) on c.company_id = u.cid and c.number = u.num`,
      [cs.map((c) => c.companyId), cs.map((c) => c.number)],
    );
    const contactId = new Map(contactRows.rows.map((r) => [contactKey(r.company_id, r.number), r.id]));

    // 3. Tickets: the active one of each (contact, connection), or a new pending one with a new attendance cycle.
    const ticketKey = (contact: number, whatsappId: number) => `${contact}|${whatsappId}`;
    const pairs = new Map<string, { companyId: number; contactId: number; whatsappId: number; isGroup: boolean }>();
    for (const i of fresh) {
      const c = contactId.get(contactKey(i.companyId, i.number))!;
      pairs.set(ticketKey(c, i.whatsappId), { companyId: i.companyId, contactId: c, whatsappId: i.whatsappId, isGroup: i.message.isGroup });
    }
    const ps = [...pairs.values()];
    const active = await trx.raw<{ rows: { id: number; contact_id: number; whatsapp_id: number }[] }>(
      `select t.id, t.contact_id, t.whatsapp_id from tickets t
         join unnest(?::int[], ?::int[], ?::int[]) as u(cid, ct, w) on t.company_id = u.cid and t.contact_id = u.ct and t.whatsapp_id = u.w
        where t.status in ('open', 'pending')`,
      [ps.map((p) => p.companyId), ps.map((p) => p.contactId), ps.map((p) => p.whatsappId)],
    );
    const ticketId = new Map(active.rows.map((r) => [ticketKey(r.contact_id, r.whatsapp_id), r.id]));
    const missing = ps.filter((p) => !ticketId.has(ticketKey(p.contactId, p.whatsappId)));
    const created = new Set<number>();
    if (missing.length) {
      const inserted = await trx.raw<{ rows: { id: number; contact_id: number; whatsapp_id: number }[] }>(
        `with q as (
           select whatsapp_id, case when count(*) = 1 then min(queue_id) end as queue_id
             from whatsapp_queues where whatsapp_id = any(?::int[]) group by whatsapp_id),
         t as (
           insert into tickets (uuid, company_id, status, is_group, contact_id, queue_id, whatsapp_id, unread_messages, created_at, updated_at)
           select gen_random_uuid(), u.cid, 'pending', u.g, u.ct, q.queue_id, u.w, 0, now(), now()
             from unnest(?::int[], ?::int[], ?::int[], ?::bool[]) as u(cid, ct, w, g) left join q on q.whatsapp_id = u.w
           returning id, company_id, contact_id, whatsapp_id, queue_id),
         tr as (
           insert into ticket_trackings (company_id, ticket_id, whatsapp_id, queue_id, queued_at, created_at)
           select company_id, id, whatsapp_id, queue_id, now(), now() from t)
         select id, contact_id, whatsapp_id from t`,
        [
          [...new Set(missing.map((m) => m.whatsappId))],
          missing.map((m) => m.companyId),
          missing.map((m) => m.contactId),
          missing.map((m) => m.whatsappId),
          missing.map((m) => m.isGroup),
        ],
      );
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
    const insertedMessages = await trx.raw<{ rows: Record<string, any>[] }>(
      `insert into messages (company_id, ticket_id, contact_id, whatsapp_id, provider_id, body, from_me, read, media_type,
                             media_path, media_name, data_json, quoted_msg_id, ack, source, participant, created_at, updated_at)
       select u.cid, u.tid, u.ct, u.w, u.pid, u.body, u.fm, u.fm, u.mt, u.mp, u.mn, u.dj::jsonb,
              (select q.id from messages q where q.whatsapp_id = u.w and q.provider_id = u.qp limit 1),
              case when u.fm then 2 else 0 end, case when u.fm then 'attendant' else 'contact' end, u.pt, u.ts, now()
         from unnest(?::int[], ?::int[], ?::int[], ?::int[], ?::text[], ?::text[], ?::bool[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::timestamptz[])
              with ordinality as u(cid, tid, ct, w, pid, body, fm, mt, mp, mn, dj, qp, pt, ts, ord)
        order by u.ord
       returning ${MESSAGE_COLUMNS}`,
      [
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
      ] as unknown as Knex.RawBinding[],
    );
    // Rows come back in insertion order, which is the select's order.
    const messageRows = insertedMessages.rows;
    const quoted = await loadQuoted(trx as unknown as Knex, messageRows);

    // 5. Ticket counters: last message and unread count per ticket.
    const perTicket = new Map<number, { last: string; unread: number }>();
    rows.forEach((r) => {
      const t = perTicket.get(r.ticket) ?? { last: '', unread: 0 };
      t.last = preview(r.i.message, r.i.body);
      if (!r.i.message.fromMe) t.unread += 1;
      perTicket.set(r.ticket, t);
    });
    const ts = [...perTicket.entries()];
    await trx.raw(
      `update tickets t set last_message = u.last, unread_messages = t.unread_messages + u.n, updated_at = now()
         from unnest(?::int[], ?::text[], ?::int[]) as u(id, last, n) where t.id = u.id`,
      [ts.map(([id]) => id), ts.map(([, v]) => v.last), ts.map(([, v]) => v.unread)],
    );

    let next = 0;
    return items.map((i, index) => {
      if (!isFresh[index]) return null;
      const r = rows[next];
      const message = messageFromRow(messageRows[next++], quoted);
      return { messageId: message.id, ticketId: r.ticket, created: created.has(r.ticket), message };
    });
  }

  /** Loads the tickets (one query per company) and emits, in order, each message with its ticket and contact. */
  private async publish(items: Prepared[], results: (IngestResult | null)[]): Promise<void> {
    const byCompany = new Map<number, IngestResult[]>();
    items.forEach((p, i) => {
      const r = results[i];
      if (r) byCompany.set(p.companyId, [...(byCompany.get(p.companyId) ?? []), r]);
    });
    for (const [companyId, stored] of byCompany) {
      const tickets = await loadTicketDtos(this.em.getKnex(), companyId, [...new Set(stored.map((s) => s.ticketId))]);
      for (const s of stored) {
        const ticket = tickets.get(s.ticketId);
        if (ticket) this.events.message('create', s.message, ticket);
      }
      for (const ticket of tickets.values()) this.events.ticketUpdated(ticket);
    }
  }

  /**
   * A provider ack (delivered, read, played) for one of our messages. The network can answer before the send
   * job has stored the provider's id, and on another process: such an ack is parked in Redis for the send job
   * to take (takeEarlyAck). Looking again right after parking closes the gap in which the job stored the id
   * and looked for parked acks between our first look and the parking. Acks only ever raise a message's ack.
   */
  ack(companyId: number, whatsappId: number, providerId: string, ack: number): void {
    void (async () => {
      if ((await this.raiseAck(companyId, whatsappId, providerId, ack)) !== 'missing') return;
      await this.redis.redis.eval(PARK_ACK, 1, this.earlyAckKey(whatsappId, providerId), String(ack), String(EARLY_ACK_TTL_MS));
      await this.raiseAck(companyId, whatsappId, providerId, ack);
    })().catch((e: unknown) => this.log.warn(`ack ${providerId} not recorded: ${String(e)}`));
  }

  /** Called once a sent message has its provider id: the best ack that came early, if any (from any process). */
  async takeEarlyAck(whatsappId: number, providerId: string): Promise<number | undefined> {
    const parked = await this.redis.redis.getdel(this.earlyAckKey(whatsappId, providerId));
    return parked ? Number(parked) : undefined;
  }

  /**
   * Raises the message's ack in one statement (never lowers it, whatever order acks arrive in) and emits the
   * update: 'raised', 'kept' (it already had that ack or more) or 'missing' (no message has that id yet).
   */
  async raiseAck(companyId: number, whatsappId: number, providerId: string, ack: number): Promise<'raised' | 'kept' | 'missing'> {
    const em = forkForCompany(this.em, companyId);
    const sql = em.getConnection();
    const where = [companyId, whatsappId, providerId];
    let raised: { id: string }[] = [];
    for (let attempt = 0; attempt < 3 && !raised.length; attempt++) {
      raised = await sql.execute<{ id: string }[]>(
        'update messages set ack = ?, updated_at = now() where company_id = ? and whatsapp_id = ? and provider_id = ? and ack < ? returning id',
        [ack, ...where, ack],
      );
      if (raised.length) break;
      const [current] = await sql.execute<{ ack: number }[]>(
        'select ack from messages where company_id = ? and whatsapp_id = ? and provider_id = ?',
        where,
      );
      if (!current) return 'missing';
      if (current.ack >= ack) return 'kept';
      // The send job stored the message between the update and this look: update again.
    }
    if (!raised.length) return 'kept';
    const message = await em.findOne(Message, { id: raised[0].id, companyId }, { populate: ['quotedMsg'] });
    if (message) await this.publishUpdate(em, message);
    return 'raised';
  }

  /** Tells the sockets that see its ticket that a stored message changed (acks, edits, deletions, send results). */
  async publishUpdate(em: EntityManager, message: Message): Promise<void> {
    const ticket = await em.findOne(Ticket, { id: message.ticket.id, companyId: message.companyId }, { populate: TICKET_POPULATE });
    if (ticket) this.events.message('update', mapMessage(message), mapTicket(ticket));
  }

  private earlyAckKey(whatsappId: number, providerId: string): string {
    return `${this.redis.prefix}:early-ack:${whatsappId}:${providerId}`;
  }

  edit(companyId: number, whatsappId: number, providerId: string, body: string): void {
    void this.updateMessage(companyId, whatsappId, providerId, (m) => {
      const version: MessageVersion = { body: m.body, editedAt: new Date().toISOString() };
      m.oldMessages = [...(m.oldMessages ?? []), version];
      m.body = body;
      m.isEdited = true;
      return true;
    }).catch((e: unknown) => this.log.warn(`edit ${providerId} not recorded: ${String(e)}`));
  }

  revoke(companyId: number, whatsappId: number, providerId: string): void {
    void this.updateMessage(companyId, whatsappId, providerId, (m) => {
      m.isDeleted = true;
      return true;
    }).catch((e: unknown) => this.log.warn(`revoke ${providerId} not recorded: ${String(e)}`));
  }

  /** Applies a provider's change (edit, revoke) to a stored message and announces it; answers whether it was found. */
  private async updateMessage(companyId: number, whatsappId: number, providerId: string, change: (m: Message) => boolean): Promise<boolean> {
    const em = forkForCompany(this.em, companyId);
    const message = await em.findOne(Message, { companyId, whatsappId, providerId }, { populate: ['quotedMsg'] });
    if (!message) return false;
    if (!change(message)) return true;
    await em.flush();
    await this.publishUpdate(em, message);
    return true;
  }

}

function laneOf(chatKey: string): number {
  return createHash('md5').update(chatKey).digest()[0] % LANES;
}

function preview(m: InboundMessage, body: string): string {
  if (body) return body.slice(0, 255);
  return `[${m.type}]`;
}
