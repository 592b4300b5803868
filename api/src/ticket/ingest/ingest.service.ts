import type { CompanyId } from '../../common/company-id';
import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { sniffMediaType } from '../../common/media-type';
import { ConnectionSessionsService, InboundHandler } from '../../connection/sessions/connection-sessions.service';
import type { InboundMessage } from '../../connection/providers/messaging-provider';
import { loadTicketDtos } from '../tickets/ticket-rows';
import { tenantSql } from '../../database/tenant-sql';
import { MediaStorageService, StoredMedia } from '../messages/media-storage.service';
import { TicketEventsService } from '../tickets/ticket-events.service';
import { IngestLanes } from './ingest-lanes';
import { IngestResult, PreparedInbound, writeInboundBatch } from './ingest-writer';
import { MessageUpdatesService } from './message-updates.service';

export type { IngestResult } from './ingest-writer';

/** Largest inbound media file stored; bigger ones are kept as a text note. */
export const INBOUND_MEDIA_MAX_BYTES = 64 * 1024 * 1024;

/** One inbound message waiting for its batch. */
interface Pending {
  companyId: CompanyId;
  whatsappId: number;
  message: InboundMessage;
  /** Media is written while the message waits; the batch awaits it, so order is kept. */
  media: Promise<StoredMedia | null>;
  resolve: (r: IngestResult | null) => void;
  reject: (e: unknown) => void;
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
}

export type InboundListener = (stored: StoredInbound[]) => Promise<void> | void;

/**
 * Turns provider events into stored messages. Messages wait in lanes (IngestLanes: one chat, one lane, in
 * arrival order) and are stored in batches, one transaction per batch, by the set-based writer
 * (writeInboundBatch). Events go out after commit. If a batch fails as a whole (say a concurrent process created
 * the same ticket), its messages are stored again one by one. Acks, edits and revokes of stored messages go to
 * MessageUpdatesService.
 */
@Injectable()
export class IngestService implements InboundHandler, OnModuleInit {
  private readonly log = new Logger('Ingest');
  private readonly listeners: InboundListener[] = [];
  private readonly lanes = new IngestLanes<Pending>(
    (batch) => this.storeBatch(batch),
    (e) => this.log.error(`batch failed: ${String(e)}`),
  );

  constructor(
    private readonly em: EntityManager,
    private readonly sessions: ConnectionSessionsService,
    private readonly events: TicketEventsService,
    private readonly media: MediaStorageService,
    private readonly updates: MessageUpdatesService,
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

  /** Waits for everything received so far to be stored (tests, benchmarks, shutdown). */
  drain(): Promise<void> {
    return this.lanes.drain();
  }

  message(companyId: CompanyId, whatsappId: number, message: InboundMessage): void {
    void this.ingest(companyId, whatsappId, message).catch((e: unknown) => this.log.error(`inbound ${message.providerId} lost: ${String(e)}`));
  }

  ingest(companyId: CompanyId, whatsappId: number, message: InboundMessage): Promise<IngestResult | null> {
    return new Promise((resolve, reject) => {
      const media =
        message.media && message.media.data.length <= INBOUND_MEDIA_MAX_BYTES
          ? this.media.store(companyId, message.media.data, sniffMediaType(message.media.data))
          : Promise.resolve(null);
      this.lanes.push(`${whatsappId}:${message.chatId}`, { companyId, whatsappId, message, media, resolve, reject });
    });
  }

  ack(companyId: CompanyId, whatsappId: number, providerId: string, ack: number): void {
    this.updates.ack(companyId, whatsappId, providerId, ack);
  }

  edit(companyId: CompanyId, whatsappId: number, providerId: string, body: string): void {
    this.updates.edit(companyId, whatsappId, providerId, body);
  }

  revoke(companyId: CompanyId, whatsappId: number, providerId: string): void {
    this.updates.revoke(companyId, whatsappId, providerId);
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
    let results: (IngestResult | null | undefined)[];
    try {
      results = await this.em.getKnex().transaction((trx) => writeInboundBatch(trx, prepared));
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
          .transaction((trx) => writeInboundBatch(trx, [p]))
          .then((r) => r[0])
          .catch((err: unknown) => {
            p.reject(err);
            return undefined;
          });
        results.push(one);
      }
    }
    await Promise.all(
      prepared.map(async (p, i) => {
        if (results[i] === null && p.stored) await this.media.remove(p.companyId, p.stored.path).catch(() => undefined);
      }),
    );
    await this.publish(prepared, results).catch((e: unknown) => this.log.warn(`events not sent: ${String(e)}`));
    await this.notify(prepared, results);
    prepared.forEach((p, i) => results[i] !== undefined && p.resolve(results[i]));
  }

  private async notify(items: Prepared[], results: (IngestResult | null | undefined)[]): Promise<void> {
    if (!this.listeners.length) return;
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
      if (r) byCompany.set(p.companyId, [...(byCompany.get(p.companyId) ?? []), r]);
    });
    for (const [companyId, stored] of byCompany) {
      const tickets = await loadTicketDtos(tenantSql(this.em, companyId), [...new Set(stored.map((s) => s.ticketId))]);
      for (const s of stored) {
        const ticket = tickets.get(s.ticketId);
        if (ticket) this.events.message('create', s.message, ticket);
      }
      for (const ticket of tickets.values()) this.events.ticketUpdated(ticket);
    }
  }
}
