import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { EntityManager } from '@mikro-orm/postgresql';
import Bull, { type Queue } from 'bull';
import { Gauge } from 'prom-client';
import { withQueue } from '../jobs/jobs';
import { RealtimeService } from '../realtime/realtime.service';
import { platformSql } from '../common/tenancy/platform-sql';
import { Metrics } from '../common/observability/metrics';
import { connectionsByStatus } from './observability.queries';

/** How long a scrape waits for Redis's queue counts before it leaves them out. */
const QUEUE_COUNT_WAIT_MS = 1000;
const QUEUE_STATES = ['waiting', 'active', 'delayed', 'failed'] as const;

/** knex's pool (tarn), as the ORM's connection holds it. */
interface TarnPool {
  numUsed(): number;
  numFree(): number;
  numPendingAcquires(): number;
  numPendingCreates(): number;
}

/**
 * What /metrics reads when Prometheus scrapes: each queue's jobs by state, this process's sockets, the deployment's
 * WhatsApp connections by status, this process's database pool. And, as they happen, each queue's failed and
 * completed jobs in this process. Queues are found among the application's providers (each module that registers a
 * queue holds its own Bull instance of it): the counts are read once per queue name, the events are heard on all.
 */
@Injectable()
export class MetricsCollectors implements OnApplicationBootstrap {
  private readonly log = new Logger('Metrics');
  /** One instance per queue name, for the counts (every instance of a name reads the same Redis lists). */
  private readonly queues = new Map<string, Queue>();

  constructor(
    private readonly metrics: Metrics,
    private readonly discovery: DiscoveryService,
    private readonly em: EntityManager,
    private readonly realtime: RealtimeService,
  ) {}

  onApplicationBootstrap(): void {
    for (const wrapper of this.discovery.getProviders()) {
      const queue: unknown = wrapper.instance;
      if (!(queue instanceof Bull)) continue;
      if (!this.queues.has(queue.name)) this.queues.set(queue.name, queue);
      queue.on('failed', (job) => this.metrics.jobsFailed.inc({ queue: queue.name, job: job.name }));
      queue.on('completed', (job) => this.metrics.jobsCompleted.inc({ queue: queue.name, job: job.name }));
    }
    this.register();
  }

  private register(): void {
    const registers = [this.metrics.registry];
    const queues = this.queues;
    new Gauge({
      name: 'atende_queue_jobs',
      help: "Bull jobs by queue and state (waiting, active, delayed, failed: the deployment's, read from Redis)",
      labelNames: ['queue', 'state'] as const,
      registers,
      async collect() {
        this.reset();
        await Promise.all(
          [...queues.values()].map(async (queue) => {
            const counts = await withQueue(queue, () => queue.getJobCounts(), QUEUE_COUNT_WAIT_MS).catch(() => null);
            for (const state of QUEUE_STATES) if (counts) this.set({ queue: queue.name, state }, counts[state]);
          }),
        );
      },
    });
    const realtime = this.realtime;
    new Gauge({
      name: 'atende_sockets_connected',
      help: 'Socket.io connections open on this process',
      registers,
      collect() {
        this.set(realtime.localSocketCount());
      },
    });
    const em = this.em;
    const log = this.log;
    new Gauge({
      name: 'atende_whatsapp_connections',
      help: "The deployment's WhatsApp connections by status (CONNECTED, DISCONNECTED, qrcode, OPENING...), read from PostgreSQL",
      labelNames: ['status'] as const,
      registers,
      async collect() {
        this.reset();
        try {
          for (const row of await connectionsByStatus(platformSql(em.fork()))) this.set({ status: row.status }, row.n);
        } catch (e) {
          log.warn(`connections by status not read: ${String(e)}`);
        }
      },
    });
    const pool = () => (em.getConnection().getKnex().client as { pool?: TarnPool }).pool;
    new Gauge({
      name: 'atende_db_pool_connections',
      help: "This process's PostgreSQL pool: connections used, free, and acquisitions and creations waiting",
      labelNames: ['state'] as const,
      registers,
      collect() {
        const p = pool();
        if (!p) return;
        this.set({ state: 'used' }, p.numUsed());
        this.set({ state: 'free' }, p.numFree());
        this.set({ state: 'pending_acquires' }, p.numPendingAcquires());
        this.set({ state: 'pending_creates' }, p.numPendingCreates());
      },
    });
  }
}
