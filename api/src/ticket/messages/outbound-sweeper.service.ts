import type { CompanyId } from '../../common/tenancy/company-id';
import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bull';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Queue } from 'bull';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { startSweep } from '../../common/infra/sweep-timer';
import { platformSql } from '../../common/tenancy/platform-sql';
import { tenantSql } from '../../common/tenancy/tenant-sql';
import { QUEUES } from '../../jobs/jobs';
import { MessageUpdatesService } from '../ingest/message-updates.service';
import { expireUnsent, UNSENT_PAGE, unsentPage } from './messages.queries';
import { ENQUEUE_TIMEOUT_MS, OutboundService, SendMessageJob, sendJobId } from './outbound.service';
import { SEND_FAILED_CODE } from './message-send.processor';

/** A message this young may still have its enqueue in flight (ENQUEUE_TIMEOUT_MS): the sweep leaves it to it. */
export const UNQUEUED_GRACE_MS = 5000;
/** An outbound message still unsent this long after it was stored is failed (ack -1) instead of sent so late. */
export const UNSENT_MAX_AGE_MS = 24 * 3600_000;
const PAGE = UNSENT_PAGE;
/** Bull states in which a job will still run (an `active` job of a dead worker goes back to wait by Bull's stall check). */
const LIVE_STATES = new Set(['waiting', 'active', 'delayed', 'paused']);

export interface OutboundSweepResult {
  /** Unsent messages looked at (past the grace). */
  unsent: number;
  /** Queued because their job was gone. */
  queued: number;
  /** Queued again because their job had ended (failed or completed) while the message is still unsent. */
  revived: number;
  /** Left alone: their job is waiting, running or delayed. */
  live: number;
  /** Failed (ack -1): unsent after UNSENT_MAX_AGE_MS. */
  expired: number;
}

/**
 * Replies always go out: on worker processes, every OUTBOUND_SWEEP_MS (and at start), every stored outbound message
 * (reply, greeting, bot, rating, campaign, schedule, API send: all are stored by OutboundService) still unsent — from
 * us, ack 0, no provider id, not deleted, older than a few seconds — whose send job is gone (Redis emptied or down
 * when it was stored, a process killed between the commit and the enqueue) or ended without sending it is queued
 * again. Read off `messages_unsent_index` (only unsent outbound rows), never the messages table. A message whose
 * last try was marked failed (ack -1) stays failed. Jobs are id'd by message, so queueing one that exists adds
 * nothing, and the send job skips a message already sent. It reads every company's rows (one sweeper for the
 * platform) and hands each job its row's company.
 */
@Injectable()
export class OutboundSweeperService implements OnModuleInit, OnModuleDestroy {
  private readonly log = new Logger('OutboundSweep');
  private stop?: () => void;

  constructor(
    private readonly em: EntityManager,
    @InjectQueue(QUEUES.messages) private readonly queue: Queue<SendMessageJob>,
    private readonly outbound: OutboundService,
    private readonly updates: MessageUpdatesService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.stop = startSweep(this.log, 'outbound sweep', this.config.outboundSweepMs, () => this.sweep(), { atStart: true });
  }

  onModuleDestroy(): void {
    this.stop?.();
  }

  async sweep(now = new Date()): Promise<OutboundSweepResult> {
    const result: OutboundSweepResult = { unsent: 0, queued: 0, revived: 0, live: 0, expired: 0 };
    const db = platformSql(this.em.fork());
    const before = new Date(now.getTime() - UNQUEUED_GRACE_MS);
    const tooOld = now.getTime() - UNSENT_MAX_AGE_MS;
    let after: { createdAt: Date; id: string } | undefined;
    for (;;) {
      const rows = await unsentPage(db, before, after);
      for (const row of rows) {
        const companyId = row.company_id as CompanyId;
        const id = String(row.id);
        result.unsent += 1;
        const job = await bounded(this.queue.getJob(sendJobId(id)), 'look up the send job');
        const state = job ? await bounded(job.getState(), 'read the send job') : undefined;
        if (state && LIVE_STATES.has(state)) {
          result.live += 1;
          continue;
        }
        if (new Date(row.created_at).getTime() < tooOld) {
          result.expired += await this.expire(companyId, id);
          continue;
        }
        // Ended (failed before its last try was recorded, completed while the message is unsent) or lost in Redis:
        // a fresh job with fresh tries; the message's own count of provider calls still bounds them.
        if (job) await bounded(job.remove(), 'remove the ended send job');
        if (!(await this.outbound.requeue(companyId, id))) throw new Error('Redis does not take send jobs; the next round tries again');
        if (job) result.revived += 1;
        else result.queued += 1;
      }
      if (rows.length < PAGE) break;
      const last = rows[rows.length - 1];
      after = { createdAt: last.created_at, id: String(last.id) };
    }
    if (result.queued || result.revived || result.expired) {
      this.log.log(`outbound sweep: ${result.queued} queued, ${result.revived} queued again, ${result.expired} failed as too old, ${result.live} waiting`);
    }
    return result;
  }

  /** Fails an unsent message too old to send (ack -1, ERR_SENDING_WAPP_MSG) and shows it so. */
  private async expire(companyId: CompanyId, id: string): Promise<number> {
    const rows = await expireUnsent(tenantSql(this.em.fork(), companyId), id, SEND_FAILED_CODE);
    if (rows.length) {
      this.log.warn(`message ${id} failed: still unsent ${UNSENT_MAX_AGE_MS / 3600_000} h after it was stored`);
      await this.updates.announceRows(companyId, rows);
    }
    return rows.length;
  }
}

/** A Redis call bounded like the enqueue: while Redis is down the round ends instead of waiting for it. */
async function bounded<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  work.catch(() => undefined);
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`could not ${what}: no answer from Redis within ${ENQUEUE_TIMEOUT_MS} ms`)), ENQUEUE_TIMEOUT_MS);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
