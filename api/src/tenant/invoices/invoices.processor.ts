import { InjectQueue, Process, Processor } from '@nestjs/bull';
import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import type { Queue } from 'bull';
import { QUEUES, withQueue } from '../../jobs/jobs';
import { InvoicesService } from './invoices.service';

export const ISSUE_INVOICES = 'issue-invoices';
/** Every hour at :15; a company's invoice appears within the hour its due date comes inside the lead time. */
export const ISSUE_INVOICES_CRON = '15 * * * *';

/** Runs the issuing job (worker processes only). */
@Processor(QUEUES.billing)
export class InvoicesProcessor {
  constructor(private readonly invoices: InvoicesService) {}

  @Process(ISSUE_INVOICES)
  issue(): Promise<number> {
    return this.invoices.issueDue();
  }
}

/**
 * Registers the repeatable job once per deployment: Bull keys a repeatable job by name and cron, so every process
 * adding it at start leaves one schedule, and only one worker runs each tick. A Redis restarted empty forgets the
 * schedule: it is registered again each time the queue's connection is ready again after it was lost.
 */
@Injectable()
export class InvoicesScheduler implements OnApplicationBootstrap {
  private readonly logger = new Logger('Invoices');

  constructor(@InjectQueue(QUEUES.billing) private readonly queue: Queue) {}

  async onApplicationBootstrap(): Promise<void> {
    let lost = false;
    this.queue.client.on('close', () => (lost = true));
    this.queue.client.on('ready', () => {
      if (!lost) return;
      lost = false;
      void this.register();
    });
    // At start the connection may still be coming up: wait longer than a request would.
    await this.register(15_000);
  }

  private async register(waitMs?: number): Promise<void> {
    try {
      await withQueue(
        this.queue,
        () => this.queue.add(ISSUE_INVOICES, {}, { repeat: { cron: ISSUE_INVOICES_CRON }, removeOnComplete: 50, removeOnFail: 50, attempts: 1 }),
        waitMs,
      );
    } catch (e) {
      this.logger.error(`Scheduling the invoice job failed: ${(e as Error).message}`);
    }
  }
}
