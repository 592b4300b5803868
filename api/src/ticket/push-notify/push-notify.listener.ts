import type { CompanyId } from '../../common/tenancy/company-id';
import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { PushService } from '../../auth/push/push.service';
import { clip, PushJob } from '../../auth/push/push-payload';
import { forkForCompany } from '../../common/tenancy/tenant-filter';
import { tenantSql } from '../../common/tenancy/tenant-sql';
import { pushTickets, subscribedUsers } from './push-notify.queries';
import { RealtimeService } from '../../realtime/realtime.service';
import { SettingsService } from '../../tenant/settings/settings.service';
import { IngestService, StoredInbound } from '../ingest/ingest.service';
import { PushCandidate, recipientsOf } from './push-recipients';

/** Body of a message without text (media). The push is in the platform's language, pt (the desktop one says the same). */
const MEDIA_LABEL = 'Nova mensagem';
/** An unread message stays worth a push for an hour; later the ticket list tells. */
const MESSAGE_TTL_SECONDS = 3600;

/**
 * Incoming customer messages reach attendants whose console is closed (README "Push notifications"): after each
 * ingest batch commits, per company, one query for the batch's tickets, one for the users with a push subscription,
 * one socket look-up (fetchSockets over their rooms, every process) — then one push per ticket and user, the
 * ticket's latest message, to the users the desktop rule would notify who have no socket open.
 */
@Injectable()
export class PushNotifyListener implements OnModuleInit {
  private readonly log = new Logger('PushNotify');
  private chain: Promise<void> = Promise.resolve();

  constructor(
    private readonly em: EntityManager,
    private readonly ingest: IngestService,
    private readonly push: PushService,
    private readonly realtime: RealtimeService,
    private readonly settings: SettingsService,
  ) {}

  onModuleInit(): void {
    // Off the ingest path: batches are handled one after another, never holding up the next batch's storing.
    this.ingest.onStored((batch) => {
      this.chain = this.chain.then(() => this.handle(batch)).catch((e: unknown) => this.log.error(`push for a batch not sent: ${String(e)}`));
    });
  }

  /** Resolves when every batch handed over so far is queued (tests, shutdown). */
  drain(): Promise<void> {
    return this.chain;
  }

  private async handle(batch: StoredInbound[]): Promise<void> {
    const byCompany = new Map<CompanyId, Map<number, StoredInbound>>();
    for (const s of batch) {
      if (s.fromMe) continue;
      const latest = byCompany.get(s.companyId) ?? new Map<number, StoredInbound>();
      latest.set(s.ticketId, s);
      byCompany.set(s.companyId, latest);
    }
    for (const [companyId, latest] of byCompany) await this.company(companyId, latest);
  }

  private async company(companyId: CompanyId, latest: Map<number, StoredInbound>): Promise<void> {
    if ([...latest.values()].some((s) => s.isGroup) && (await this.settings.valueOf(companyId, 'groupsIsTeckets')) !== 'enabled') {
      for (const [id, s] of latest) if (s.isGroup) latest.delete(id);
    }
    if (!latest.size) return;
    const sql = tenantSql(forkForCompany(this.em, companyId), companyId);
    const users = await subscribedUsers(sql);
    if (!users.length) return;
    const candidates: PushCandidate[] = users.map((u) => ({ id: u.id, profile: u.profile, super: u.super, allTicket: u.all_ticket, queueIds: u.queue_ids }));
    const tickets = await pushTickets(sql, [...latest.keys()]);
    const wanted = tickets.map((t) => ({ t, to: recipientsOf({ id: t.id, userId: t.user_id, queueId: t.queue_id }, candidates) }));
    const everyone = [...new Set(wanted.flatMap((w) => w.to))];
    // Unknown (no answer from the other processes): push anyway; the service worker skips a ticket already on screen.
    const open = (await this.realtime.connectedUsers(everyone)) ?? new Set<number>();
    const notes: Omit<PushJob, 'companyId'>[] = [];
    for (const { t, to } of wanted) {
      const message = latest.get(t.id)!;
      for (const userId of to) {
        if (open.has(userId)) continue;
        notes.push({
          userId,
          payload: {
            title: clip(t.contact_name || message.number, 100),
            body: clip(message.body, 200) || MEDIA_LABEL,
            icon: t.picture?.startsWith('https://') ? t.picture : undefined,
            url: `/tickets/${t.uuid}`,
            tag: t.uuid,
          },
          urgency: 'high',
          ttl: MESSAGE_TTL_SECONDS,
          topic: t.uuid.replace(/-/g, ''),
        });
      }
    }
    await this.push.notifyUsers(companyId, notes);
  }
}
