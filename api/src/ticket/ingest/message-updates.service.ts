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
import { currentAck, raiseAck } from './ingest.queries';
import { TicketEventsService } from '../tickets/ticket-events.service';

const EARLY_ACK_TTL_MS = 60_000;
/** A failed status for a message not stored yet (its send job still committing) is looked for this many times, a second apart. */
const FAILED_LOOKUPS = 5;
const FAILED_LOOKUP_PAUSE_MS = 1000;
// Parks an ack, keeping the highest one seen.
const PARK_ACK = `local current = tonumber(redis.call('get', KEYS[1]) or '-1')
if tonumber(ARGV[1]) > current then redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2]) end
return 1`;

/** What the provider tells about messages already stored: acks, edits and revokes; and their announcement. */
@Injectable()
export class MessageUpdatesService {
  private readonly log = new Logger('MessageUpdates');

  constructor(
    private readonly em: EntityManager,
    private readonly events: TicketEventsService,
    private readonly redis: RedisClient,
  ) {}

  /**
   * A provider ack (delivered, read, played) for one of our messages. The network can answer before the send
   * job has stored the provider's id, and on another process: such an ack is parked in Redis for the send job
   * to take (takeEarlyAck). Looking again right after parking closes the gap in which the job stored the id
   * and looked for parked acks between our first look and the parking. Acks only ever raise a message's ack.
   * The promise never rejects (a failure is logged); the provider's event handler does not wait for it.
   */
  ack(companyId: CompanyId, whatsappId: number, providerId: string, ack: number): Promise<void> {
    return (async () => {
      if ((await this.raiseAck(companyId, whatsappId, providerId, ack)) !== 'missing') return;
      await this.redis.redis.eval(PARK_ACK, 1, this.earlyAckKey(whatsappId, providerId), String(ack), String(EARLY_ACK_TTL_MS));
      await this.raiseAck(companyId, whatsappId, providerId, ack);
    })().catch((e: unknown) => this.log.warn(`ack ${providerId} not recorded: ${String(e)}`));
  }

  /**
   * Called once a sent message has its provider id: the best ack that came early, if any (from any process). Never
   * fails (the message is sent by then; a failure here must not make its job send it again) and waits at most
   * REDIS_COMMAND_TIMEOUT_MS: while Redis is down the early ack is not known (logged), and the message keeps ack 1
   * until the provider's next ack for it.
   */
  async takeEarlyAck(whatsappId: number, providerId: string): Promise<number | undefined> {
    try {
      const parked = await this.redis.redis.getdel(this.earlyAckKey(whatsappId, providerId));
      return parked ? Number(parked) : undefined;
    } catch (e) {
      this.log.warn(`early ack of ${providerId} not read: ${String(e)}`);
      return undefined;
    }
  }

  /**
   * Raises the message's ack in one statement (never lowers it, whatever order acks arrive in) and emits the
   * update: 'raised', 'kept' (it already had that ack or more) or 'missing' (no message has that id yet).
   */
  async raiseAck(companyId: CompanyId, whatsappId: number, providerId: string, ack: number): Promise<'raised' | 'kept' | 'missing'> {
    const em = forkForCompany(this.em, companyId);
    const sql = tenantSql(em, companyId);
    let raised: MessageRow[] = [];
    for (let attempt = 0; attempt < 3 && !raised.length; attempt++) {
      raised = await raiseAck(sql, whatsappId, providerId, ack);
      if (raised.length) break;
      const current = await currentAck(sql, whatsappId, providerId);
      if (current === undefined) return 'missing';
      if (current >= ack) return 'kept';
      // The send job stored the message between the update and this look: update again.
    }
    if (!raised.length) return 'kept';
    await this.announceRows(companyId, raised);
    return 'raised';
  }

  /**
   * Announces stored messages that changed, from their rows (MESSAGE_COLUMNS). Rows, not entities: an ack is the most
   * frequent change of all (two or three per message sent), and loading the message and its ticket through the ORM
   * cost about 5 ms of CPU against 0.3 ms for the row loaders.
   */
  async announceRows(companyId: CompanyId, rows: MessageRow[]): Promise<void> {
    if (!rows.length) return;
    for (const { message, ticket } of await loadMessagesWithTickets(tenantSql(this.em, companyId), rows)) {
      if (ticket) this.events.message('update', message, ticket);
    }
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
