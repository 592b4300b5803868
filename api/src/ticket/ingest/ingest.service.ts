import type { CompanyId } from '../../common/tenancy/company-id';
import { BeforeApplicationShutdown, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { sniffMediaType } from '../../common/infra/media-type';
import { ConnectionSessionsService, InboundHandler } from '../../connection/sessions/connection-sessions.service';
import type { InboundMessage } from '../../connection/providers/messaging-provider';
import { loadTicketDtos } from '../tickets/ticket-rows';
import { tenantSql, withPooledConnection } from '../../common/tenancy/tenant-sql';
import { ignoreGroupsSetting } from './ingest.queries';
import { settingOrDefault } from '../../tenant/settings/setting-keys';
import { MediaStorageService, StoredMedia } from '../messages/media-storage.service';
import { TicketEventsService } from '../tickets/ticket-events.service';
import { IngestLanes, Outcome } from './ingest-lanes';
import { IngestDb, IngestResult, PreparedInbound, writeInboundBatch } from './ingest-writer';
import { MessageUpdatesService } from './message-updates.service';
import { Metrics } from '../../common/observability/metrics';

export type { IngestResult } from './ingest-writer';

/** Largest inbound media file stored; bigger ones are kept as a text note. */
export const INBOUND_MEDIA_MAX_BYTES = 64 * 1024 * 1024;

/** One inbound message waiting for its batch. */
interface Pending {
  companyId: CompanyId;
  whatsappId: number;
  message: InboundMessage;
  /** Media is written while the message waits; the batch awaits it, so order is kept. Null: no file to write. */
  media: Promise<StoredMedia | null> | null;
}

type Prepared = Pending & PreparedInbound;

/** A stored inbound message, as the modules reacting to customers' messages (campaign confirmations, automation) see it. */
export interface StoredInbound {
  companyId: CompanyId;
  whatsappId: number;
  /** The chat's number (digits), the group's id for a group. */
  number: string;
  isGroup: boolean;
  fromMe: boolean;
  ticketId: number;
  /** This message opened its ticket (the first of a new ticket; later ones of the same batch say false). */
  opened: boolean;
  messageId: string;
  body: string;
  /**
   * The message answers something the company asked through another module (a campaign's confirmation request):
   * set by an answer claimer (`claimAnswers`) before the listeners run; the chatbot leaves such a message alone.
   */
  answer?: boolean;
}

const withoutNul = (text: string) => (text.includes('\u0000') ? text.split('\u0000').join('') : text);

export type InboundListener = (stored: StoredInbound[]) => Promise<void> | void;
/** Handles what it recognises as answers in a batch and says which messages (ids) those were. */
export type AnswerClaimer = (stored: StoredInbound[]) => Promise<Set<string>>;

/**
 * Turns provider events into stored messages. Messages wait in lanes (IngestLanes: one chat, one lane, in
 * arrival order) and are stored in batches, one transaction per batch, by the set-based writer
 * (writeInboundBatch). Each message's promise resolves right after its batch commits (group commit: one
 * transaction, then every acknowledgement of the batch), before events and listeners run; the provider acknowledges
 * the message to its sender on it, so an acknowledged message is always in PostgreSQL. If a batch fails as a whole
 * (say a concurrent process created the same ticket, or a connection was cut), its messages are stored again one by
 * one, and the ones that still fail reject: the provider does not acknowledge them (see README.md). Acks, edits and
 * revokes of stored messages go to MessageUpdatesService.
 */
@Injectable()
export class IngestService implements InboundHandler, OnModuleInit, BeforeApplicationShutdown {
  private readonly log = new Logger('Ingest');
  private readonly listeners: InboundListener[] = [];
  private readonly claimers: AnswerClaimer[] = [];
  private readonly lanes = new IngestLanes<Pending, IngestResult | null>(
    (batch, settle) => this.storeBatch(batch, settle),
    (e) => this.log.error(`batch failed: ${String(e)}`),
  );

  constructor(
    private readonly em: EntityManager,
    private readonly sessions: ConnectionSessionsService,
    private readonly events: TicketEventsService,
    private readonly media: MediaStorageService,
    private readonly updates: MessageUpdatesService,
    private readonly metrics: Metrics,
  ) {}

  onModuleInit(): void {
    this.sessions.onInbound(this);
  }

  /**
   * The domain event of ARCHITECTURE's inbound path: called after commit with each batch's newly stored messages
   * (duplicates left out), on the process that ran the session. Listeners must not throw; errors are logged.
   */
  onStored(listener: InboundListener): void {
    this.listeners.push(listener);
  }

  /**
   * Like onStored, but runs before every listener and marks the messages it claims (`answer`), so that listeners
   * such as the chatbot can tell an answer to a campaign from a customer starting a conversation.
   */
  claimAnswers(claimer: AnswerClaimer): void {
    this.claimers.push(claimer);
  }

  /** Waits for everything received so far to be stored (tests, benchmarks, shutdown). */
  drain(): Promise<void> {
    return this.lanes.drain();
  }

  /** A clean shutdown commits what the lanes hold before the database closes. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.drain();
  }

  /**
   * A provider hands over an inbound message: resolves once it is committed (or was already stored), rejects when
   * it could not be stored. The provider acknowledges the message to its sender only on resolve.
   */
  async message(companyId: CompanyId, whatsappId: number, message: InboundMessage): Promise<void> {
    try {
      // "Ignorar mensagens de grupos": dropped before anything is stored (no contact, ticket or message), and
      // acknowledged like a stored one, so WhatsApp does not send it again (README.md, "Ignored group messages").
      if (message.isGroup && (await this.ignoresGroups(companyId))) return;
      await this.ingest(companyId, whatsappId, message);
    } catch (e) {
      this.log.error(`inbound ${message.providerId} of connection ${whatsappId} not stored (not acknowledged to the provider): ${String(e)}`);
      throw e;
    }
  }

  /** The company's setting CheckMsgIsGroup (default enabled): group messages open and update no ticket. */
  private async ignoresGroups(companyId: CompanyId): Promise<boolean> {
    return settingOrDefault('CheckMsgIsGroup', await ignoreGroupsSetting(tenantSql(this.em, companyId))) === 'enabled';
  }

  /** Stores an inbound message with its batch: its result after commit (null: already stored), or the reason it was not. */
  ingest(companyId: CompanyId, whatsappId: number, message: InboundMessage): Promise<IngestResult | null> {
    const media =
      message.media && message.media.data.length <= INBOUND_MEDIA_MAX_BYTES
        ? this.media.store(companyId, message.media.data, sniffMediaType(message.media.data))
        : null;
    // A media write that fails is handled by the batch (the message is kept as a text note); never unhandled meanwhile.
    media?.catch(() => undefined);
    const stored = this.lanes.push(`${whatsappId}:${message.chatId}`, { companyId, whatsappId, message, media });
    // Ingest rate, lag and messages in flight (/metrics).
    this.metrics.ingested(message.timestamp, stored);
    return stored;
  }

  /** Never rejects (MessageUpdatesService.ack logs a failure); a provider need not wait for it, a webhook does. */
  ack(companyId: CompanyId, whatsappId: number, providerId: string, ack: number): Promise<void> {
    return this.updates.ack(companyId, whatsappId, providerId, ack);
  }

  failed(companyId: CompanyId, whatsappId: number, providerId: string, code: string, reason: string): Promise<void> {
    return this.updates.failed(companyId, whatsappId, providerId, code, reason);
  }

  edit(companyId: CompanyId, whatsappId: number, providerId: string, body: string): void {
    this.updates.edit(companyId, whatsappId, providerId, body);
  }

  revoke(companyId: CompanyId, whatsappId: number, providerId: string): void {
    this.updates.revoke(companyId, whatsappId, providerId);
  }

  /** One batch: one transaction, then every acknowledgement (`settle`), then media clean-up, events and listeners. */
  private async storeBatch(batch: Pending[], settle: (outcomes: Outcome<IngestResult | null>[]) => void): Promise<void> {
    const prepared: Prepared[] = [];
    for (const p of batch) {
      // Most messages carry no file: no promise to wait for, no turn of the event loop per message.
      const stored = p.media ? await p.media.catch(() => null) : null;
      const m = p.message;
      const number = m.chatId.replace(/[^\d-]/g, '');
      prepared.push({
        ...p,
        message: m.media?.filename?.includes('\u0000') ? { ...m, media: { ...m.media, filename: withoutNul(m.media.filename) } } : m,
        stored,
        number,
        // PostgreSQL's text holds no NUL character: a body or name carrying one is stored without it.
        contactName: withoutNul(m.isGroup ? `Grupo ${number}` : (m.pushName?.trim() || number).slice(0, 100)),
        body: withoutNul(m.body || (m.media && !stored ? `[${m.type}]` : '')),
      });
    }
    // undefined: not stored (its outcome is the error); null: a duplicate, already stored.
    let results: (IngestResult | null | undefined)[];
    const outcomes: Outcome<IngestResult | null>[] = [];
    try {
      results = await this.write(prepared);
      for (const r of results) outcomes.push({ ok: true, value: r ?? null });
    } catch (e) {
      results = [];
      if (prepared.length === 1) {
        outcomes.push({ ok: false, error: e });
        results.push(undefined);
      } else {
        this.log.warn(`batch of ${prepared.length} failed (${String(e)}); storing them one by one`);
        for (const p of prepared) {
          try {
            const [one] = await this.write([p]);
            outcomes.push({ ok: true, value: one });
            results.push(one);
          } catch (err) {
            outcomes.push({ ok: false, error: err });
            results.push(undefined);
          }
        }
      }
    }
    // Committed: acknowledge the whole batch before events, which are not the durability point.
    settle(outcomes);
    await Promise.all(
      prepared.map(async (p, i) => {
        // A duplicate's file, or the file of a message not stored (the provider sends it again), is not kept.
        if (!results[i] && p.stored) await this.media.remove(p.companyId, p.stored.path).catch(() => undefined);
      }),
    );
    await this.publish(prepared, results).catch((e: unknown) => this.log.warn(`events not sent: ${String(e)}`));
    await this.notify(prepared, results);
  }

  /**
   * One batch's statement on a pooled connection of the ORM's pool, straight through the driver: the write is one
   * atomic statement (ingest-writer.ts), so no transaction and no query builder sit on the hot path.
   */
  private async write(items: PreparedInbound[]): Promise<(IngestResult | null)[]> {
    return withPooledConnection<IngestDb, (IngestResult | null)[]>(this.em.getKnex(), (connection) => writeInboundBatch(connection, items));
  }

  private async notify(items: Prepared[], results: (IngestResult | null | undefined)[]): Promise<void> {
    if (!this.listeners.length && !this.claimers.length) return;
    const stored: StoredInbound[] = [];
    const opened = new Set<number>();
    items.forEach((p, i) => {
      const r = results[i];
      if (!r) return;
      const first = r.created && !opened.has(r.ticketId);
      if (first) opened.add(r.ticketId);
      stored.push({
        companyId: p.companyId,
        whatsappId: p.whatsappId,
        number: p.number,
        isGroup: p.message.isGroup,
        fromMe: p.message.fromMe,
        ticketId: r.ticketId,
        opened: first,
        messageId: r.messageId,
        body: p.body,
      });
    });
    if (!stored.length) return;
    for (const claim of this.claimers) {
      const answers = await Promise.resolve()
        .then(() => claim(stored))
        .catch((e: unknown) => {
          this.log.error(`answer claimer failed: ${String(e)}`);
          return new Set<string>();
        });
      for (const s of stored) if (answers.has(s.messageId)) s.answer = true;
    }
    for (const listener of this.listeners) {
      await Promise.resolve()
        .then(() => listener(stored))
        .catch((e: unknown) => this.log.error(`inbound listener failed: ${String(e)}`));
    }
  }

  /** Loads the tickets (one query per company) and emits, in order, each message with its ticket and contact. */
  private async publish(items: Prepared[], results: (IngestResult | null | undefined)[]): Promise<void> {
    const byCompany = new Map<CompanyId, IngestResult[]>();
    items.forEach((p, i) => {
      const r = results[i];
      if (!r) return;
      const stored = byCompany.get(p.companyId);
      if (stored) stored.push(r);
      else byCompany.set(p.companyId, [r]);
    });
    for (const [companyId, stored] of byCompany) {
      const tickets = await loadTicketDtos(tenantSql(this.em, companyId), [...new Set(stored.map((s) => s.ticketId))]);
      for (const s of stored) {
        const ticket = tickets.get(s.ticketId);
        // The message's event carries its ticket as committed: it is the ticket's update too (TicketEventsService.message).
        if (ticket) this.events.message('create', s.message, ticket);
      }
    }
  }
}
