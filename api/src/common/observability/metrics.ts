import { Injectable } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Seconds: from 5 ms (a cached read) to 10 s (a large import); an answer slower than that is an incident anyway. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Seconds from hand-over to commit: a batch commits in milliseconds; seconds mean the lanes are behind. */
const INGEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Seconds from the message's own time (the sender's phone) to commit: whole seconds, up to an offline backlog's hours. */
const LAG_BUCKETS = [1, 2, 5, 10, 30, 60, 300, 900, 3600, 6 * 3600, 24 * 3600];

/**
 * The process's Prometheus instruments, in a registry of its own (one per application: tests run several in one
 * process). What is counted as it happens is here; what is read when Prometheus scrapes (queue depths, sockets,
 * sessions, the database pool) is added by MetricsCollectors. Names start with `atende_`; Node's and the process's
 * own (`process_*`, `nodejs_*`) are prom-client's defaults. Labels take bounded values only: a route's pattern,
 * never a URL; a queue's name; a status.
 */
@Injectable()
export class Metrics {
  readonly registry = new Registry();

  readonly httpDuration = new Histogram({
    name: 'atende_http_request_duration_seconds',
    help: 'HTTP answers by method, route pattern and status: how long each took, from the request to the last byte handed to the socket',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: HTTP_BUCKETS,
    registers: [this.registry],
  });

  readonly ingestMessages = new Counter({
    name: 'atende_ingest_messages_total',
    help: 'Inbound messages handed over by providers, by outcome: stored, duplicate (stored before) or failed (not stored, not acknowledged)',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  readonly ingestCommitSeconds = new Histogram({
    name: 'atende_ingest_commit_seconds',
    help: 'Inbound messages: seconds from the provider handing a message over to its batch committing (the in-process lag)',
    buckets: INGEST_BUCKETS,
    registers: [this.registry],
  });

  readonly ingestLagSeconds = new Histogram({
    name: 'atende_ingest_lag_seconds',
    help: "Inbound messages: seconds from the message's own time (the sender's) to its commit; an offline backlog shows here",
    buckets: LAG_BUCKETS,
    registers: [this.registry],
  });

  readonly ingestInFlight = new Gauge({
    name: 'atende_ingest_in_flight',
    help: 'Inbound messages handed over and not yet committed (waiting in the ingest lanes or in their batch)',
    registers: [this.registry],
  });

  readonly jobsFailed = new Counter({
    name: 'atende_jobs_failed_total',
    help: 'Bull job attempts that failed in this process, by queue and job name (a job retried three times counts three)',
    labelNames: ['queue', 'job'] as const,
    registers: [this.registry],
  });

  readonly jobsCompleted = new Counter({
    name: 'atende_jobs_completed_total',
    help: 'Bull jobs completed in this process, by queue and job name',
    labelNames: ['queue', 'job'] as const,
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }

  /**
   * Counts an inbound message handed to the ingest lanes: `stored` settles with its result (null for a duplicate)
   * once its batch committed, or rejects when it was not stored.
   */
  ingested(sentAt: Date, stored: Promise<unknown>): void {
    const started = performance.now();
    this.ingestInFlight.inc();
    stored.then(
      (result) => {
        this.ingestInFlight.dec();
        this.ingestMessages.inc({ outcome: result === null ? 'duplicate' : 'stored' });
        this.ingestCommitSeconds.observe((performance.now() - started) / 1000);
        const lag = (Date.now() - sentAt.getTime()) / 1000;
        if (Number.isFinite(lag)) this.ingestLagSeconds.observe(Math.max(0, lag));
      },
      () => {
        this.ingestInFlight.dec();
        this.ingestMessages.inc({ outcome: 'failed' });
      },
    );
  }
}
