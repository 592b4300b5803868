import { setTimeout as sleep } from 'node:timers/promises';
import type { CompanyId } from '../../common/tenancy/company-id';
import { tenantSql } from '../../common/tenancy/tenant-sql';
import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { RedisClient } from '../../common/infra/redis';
import { forkForCompany } from '../../common/tenancy/tenant-filter';
import { mapMessage } from '../messages/dto/message.dto';
import { Message, MessageVersion } from '../messages/message.entity';
import { loadMessagesWithTickets, loadTicketDtos } from '../tickets/ticket-rows';
import type { MessageRow } from '../tickets/tickets.queries';
import { raiseAcks } from './ingest.queries';
import { Batcher } from '../../common/infra/batcher';
import { TicketEventsService } from '../tickets/ticket-events.service';

const EARLY_ACK_TTL_MS = 60_000;
/** A failed status for a message not stored yet (its send job still committing) is looked for this many times, a second apart. */
const FAILED_LOOKUPS = 5;
const FAILED_LOOKUP_PAUSE_MS = 1000;
type AckOutcome = 'raised' | 'kept' | 'missing';
interface AckItem {
  companyId: CompanyId;
  whatsappId: number;
  providerId: string;
  ack: number;
}
// Parks an ack, keeping the highest one seen.
const PARK_ACK = `local current = tonumber(redis.call('get', KEYS[1]) or '-1')
if tonumber(ARGV[1]) > current then redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2]) end
return 1`;

/** What the provider tells about messages already stored: acks, edits and revokes; and their announcement. */
@Injectable()
export class MessageUpdatesService {
  private readonly log = new Logger('MessageUpdates');
  /** Acks raised together (raiseAck): one statement for the acks that arrive close together. */
  private readonly acks = new Batcher<AckItem, AckOutcome>((items) => this.raiseBatch(items));
  /** The best ack held for each message whose send job runs in this process, by `whatsappId:providerId` (expectAcks). */
  private readonly sending = new Map<string, number>();
  /** Changed messages announced together (announceRows): one read of their tickets. */
  private readonly announcements = new Batcher<{ companyId: CompanyId; row: MessageRow }, void>((items) => this.announceBatch(items));

  constructor(
    private readonly em: EntityManager,
    private readonly events: TicketEventsService,
    private readonly redis: RedisClient,
  ) {}

  /**
   * A provider ack (delivered, read, played) for one of our messages. The network can answer before the send
   * job has stored the provider's id, and on another process. When the send job runs in this process (expectAcks),
   * the ack is held in memory for it: no statement, the job records it with the id. Otherwise such an ack is parked
   * in Redis for the send job to take (takeEarlyAck). Looking again right after parking closes the gap in which the
   * job stored the id and looked for parked acks between our first look and the parking. Acks only ever raise a
   * message's ack. The promise never rejects (a failure is logged); the provider's event handler does not wait for it.
   */
  ack(companyId: CompanyId, whatsappId: number, providerId: string, ack: number): Promise<void> {
    const key = `${whatsappId}:${providerId}`;
    const held = this.sending.get(key);
    if (held !== undefined) {
      if (ack > held) this.sending.set(key, ack);
      return Promise.resolve();
    }
    return (async () => {
      if ((await this.raiseAck(companyId, whatsappId, providerId, ack)) !== 'missing') return;
      await this.park(whatsappId, providerId, ack);
      await this.raiseAck(companyId, whatsappId, providerId, ack);
    })().catch((e: unknown) => this.log.warn(`ack ${providerId} not recorded: ${String(e)}`));
  }

  /**
   * The send job of this process is about to send under `providerId`: acks for it that reach this process until the
   * job takes them (takeEarlyAck) or lets them go (releaseAcks) are held here. With the sandbox, and with a provider
   * whose server ack comes before its send call returns, every sent message's first acks beat the job's commit:
   * looking them up, parking them and looking again cost three statements and a Redis call each.
   */
  expectAcks(whatsappId: number, providerId: string): void {
    this.sending.set(`${whatsappId}:${providerId}`, 0);
  }

  /** The best ack held for a message this process is sending, 0 if none (yet): the job records it with the id. */
  heldAck(whatsappId: number, providerId: string): number {
    return this.sending.get(`${whatsappId}:${providerId}`) ?? 0;
  }

  /**
   * The send job did not record the id (the provider refused, or the call failed): the acks held for it are parked in
   * Redis like those of another process, for the retry that sends under the same id. Never rejects (logged).
   */
  async releaseAcks(whatsappId: number, providerId: string): Promise<void> {
    const key = `${whatsappId}:${providerId}`;
    const held = this.sending.get(key);
    this.sending.delete(key);
    if (held) await this.park(whatsappId, providerId, held).catch((e: unknown) => this.log.warn(`ack ${providerId} not parked: ${String(e)}`));
  }

  /**
   * Called once a sent message has its provider id: the best ack that came early, if any (held in this process, or
   * parked by any process), and from now on acks for the message look for it in the database. Never fails (the
   * message is sent by then; a failure here must not make its job send it again) and waits at most
   * REDIS_COMMAND_TIMEOUT_MS: while Redis is down a parked ack is not known (logged), and the message keeps what it
   * has until the provider's next ack for it.
   */
  async takeEarlyAck(whatsappId: number, providerId: string): Promise<number | undefined> {
    // Taken before the first await: an ack arriving after this looks in the database, where the id is committed.
    const key = `${whatsappId}:${providerId}`;
    const held = this.sending.get(key) || undefined;
    this.sending.delete(key);
    try {
      const parked = await this.redis.redis.getdel(this.earlyAckKey(whatsappId, providerId));
      return parked ? Math.max(Number(parked), held ?? 0) : held;
    } catch (e) {
      this.log.warn(`early ack of ${providerId} not read: ${String(e)}`);
      return held;
    }
  }

  private async park(whatsappId: number, providerId: string, ack: number): Promise<void> {
    await this.redis.redis.eval(PARK_ACK, 1, this.earlyAckKey(whatsappId, providerId), String(ack), String(EARLY_ACK_TTL_MS));
  }

  /**
   * Raises the message's ack (never lowers it, whatever order acks arrive in) and emits the update: 'raised', 'kept'
   * (it already had that ack or more) or 'missing' (no message has that id yet). Acks that arrive close together
   * (the network sends "delivered" and "read" at once, and a bot answers hundreds of phones at once) are raised by one
   * statement and their messages announced with one read of their tickets (raiseBatch); the promise settles once the
   * update is announced.
   */
  raiseAck(companyId: CompanyId, whatsappId: number, providerId: string, ack: number): Promise<AckOutcome> {
    return this.acks.push({ companyId, whatsappId, providerId, ack });
  }

  /**
   * Announces stored messages that changed, from their rows (MESSAGE_COLUMNS). Rows, not entities: an ack is the most
   * frequent change of all (two or three per message sent), and loading the message and its ticket through the ORM
   * cost about 5 ms of CPU against 0.3 ms for the row loaders. Rows announced close together share one ticket read;
   * they are announced in the order they came.
   */
  async announceRows(companyId: CompanyId, rows: MessageRow[]): Promise<void> {
    await Promise.all(rows.map((row) => this.announcements.push({ companyId, row })));
  }

  /**
   * One statement per company for a batch of acks: a message acked twice in the batch (delivered, then read) is
   * raised once, to the highest. Should the statement fail (a deadlock with another process's batch touching the
   * same messages in another order), each message is tried again alone, so one bad item fails only its own calls.
   */
  private async raiseBatch(items: AckItem[]): Promise<Promise<AckOutcome>[]> {
    const byCompany = new Map<CompanyId, Map<string, AckItem>>();
    for (const item of items) {
      const keyed = byCompany.get(item.companyId) ?? byCompany.set(item.companyId, new Map()).get(item.companyId)!;
      const key = `${item.whatsappId}:${item.providerId}`;
      const best = keyed.get(key);
      if (!best || best.ack < item.ack) keyed.set(key, item);
    }
    const outcomes = new Map<string, Promise<AckOutcome>>();
    await Promise.all(
      [...byCompany].map(async ([companyId, keyed]) => {
        const sql = tenantSql(this.em, companyId);
        const best = [...keyed.values()];
        let answers: { key: string; outcome: Promise<AckOutcome> }[];
        try {
          answers = this.outcomes(companyId, await raiseAcks(sql, best));
        } catch {
          answers = (
            await Promise.all(
              best.map(async (item) => {
                const key = `${item.whatsappId}:${item.providerId}`;
                try {
                  return this.outcomes(companyId, await raiseAcks(sql, [item]));
                } catch (e) {
                  return [{ key, outcome: Promise.reject(e instanceof Error ? e : new Error(String(e))) }];
                }
              }),
            )
          ).flat();
        }
        for (const { key, outcome } of answers) {
          // Handed to the callers only when every company's statement is done: marked handled meanwhile, so a failure
          // is not reported as unhandled before it reaches them (they still get it).
          outcome.catch(() => undefined);
          outcomes.set(`${companyId}:${key}`, outcome);
        }
      }),
    );
    // A lower ack of a message raised in the same batch answers 'raised' too: the message has it, and more.
    return items.map((item) => outcomes.get(`${item.companyId}:${item.whatsappId}:${item.providerId}`)!);
  }

  /** Each answered item's outcome: 'raised' once its update is announced. */
  private outcomes(companyId: CompanyId, rows: Awaited<ReturnType<typeof raiseAcks>>): { key: string; outcome: Promise<AckOutcome> }[] {
    return rows.map((r) => {
      const key = `${r.w}:${r.pid}`;
      if (r.id === null || r.id === undefined) return { key, outcome: Promise.resolve(r.found ? 'kept' : 'missing') };
      return { key, outcome: this.announceRows(companyId, [r as MessageRow]).then(() => 'raised' as const) };
    });
  }

  /** Each company's rows: their messages' quoted ones and tickets read once, then announced in order. */
  private async announceBatch(items: { companyId: CompanyId; row: MessageRow }[]): Promise<void[]> {
    const byCompany = new Map<CompanyId, MessageRow[]>();
    for (const { companyId, row } of items) (byCompany.get(companyId) ?? byCompany.set(companyId, []).get(companyId)!).push(row);
    await Promise.all(
      [...byCompany].map(async ([companyId, rows]) => {
        for (const { message, ticket } of await loadMessagesWithTickets(tenantSql(this.em, companyId), rows)) {
          if (ticket) this.events.message('update', message, ticket);
        }
      }),
    );
    return items.map(() => undefined);
  }

  /** Tells the sockets that see its ticket that a stored message changed (edits, deletions, send results). */
  async publishUpdate(em: EntityManager, message: Message): Promise<void> {
    const ticket = (await loadTicketDtos(tenantSql(em, message.companyId), [message.ticket.id])).get(message.ticket.id);
    if (ticket) this.events.message('update', mapMessage(message), ticket);
  }

  private earlyAckKey(whatsappId: number, providerId: string): string {
    return `${this.redis.prefix}:early-ack:${whatsappId}:${providerId}`;
  }

  /**
   * A sent message the network reported undeliverable (the official API's `failed` status): ack -1, `sendError` the
   * code, `dataJson.sendFailure` the network's reason (what the chat shows), announced like an ack. The status may beat
   * the send job's commit of the provider id (the Graph API answers the send, then the webhook comes): the message is
   * looked for again a few times, a second apart. Never rejects (a failure is logged).
   */
  failed(companyId: CompanyId, whatsappId: number, providerId: string, code: string, reason: string): Promise<void> {
    return (async () => {
      for (let attempt = 0; attempt < FAILED_LOOKUPS; attempt++) {
        if (attempt) await sleep(FAILED_LOOKUP_PAUSE_MS);
        const found = await this.updateMessage(companyId, whatsappId, providerId, (m) => {
          m.ack = -1;
          m.sendError = code.slice(0, 64);
          m.dataJson = { ...(m.dataJson ?? {}), sendFailure: reason.slice(0, 1000) };
          return true;
        });
        if (found) return;
      }
      this.log.warn(`failure of ${providerId} (${code}) not recorded: no such message of connection ${whatsappId}`);
    })().catch((e: unknown) => this.log.warn(`failure of ${providerId} not recorded: ${String(e)}`));
  }

  edit(companyId: CompanyId, whatsappId: number, providerId: string, body: string): void {
    void this.updateMessage(companyId, whatsappId, providerId, (m) => {
      const version: MessageVersion = { body: m.body, editedAt: new Date().toISOString() };
      m.oldMessages = [...(m.oldMessages ?? []), version];
      m.body = body;
      m.isEdited = true;
      return true;
    }).catch((e: unknown) => this.log.warn(`edit ${providerId} not recorded: ${String(e)}`));
  }

  revoke(companyId: CompanyId, whatsappId: number, providerId: string): void {
    void this.updateMessage(companyId, whatsappId, providerId, (m) => {
      m.isDeleted = true;
      return true;
    }).catch((e: unknown) => this.log.warn(`revoke ${providerId} not recorded: ${String(e)}`));
  }

  /** Applies a provider's change (edit, revoke) to a stored message and announces it; answers whether it was found. */
  private async updateMessage(companyId: CompanyId, whatsappId: number, providerId: string, change: (m: Message) => boolean): Promise<boolean> {
    const em = forkForCompany(this.em, companyId);
    const message = await em.findOne(Message, { companyId, whatsappId, providerId }, { populate: ['quotedMsg'] });
    if (!message) return false;
    if (!change(message)) return true;
    await em.flush();
    await this.publishUpdate(em, message);
    return true;
  }
}
