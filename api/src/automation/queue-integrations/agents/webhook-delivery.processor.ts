import { Process, Processor } from '@nestjs/bull';
import type { Job } from 'bull';
import { QUEUES } from '../../../jobs/jobs';
import { DeliveryOutcome, WebhookDeliveryService } from './webhook-delivery.service';
import { WEBHOOK_JOB, WebhookJob } from './webhook.agent';

/** Webhook and n8n deliveries, on worker processes. */
@Processor(QUEUES.automation)
export class WebhookDeliveryProcessor {
  constructor(private readonly delivery: WebhookDeliveryService) {}

  @Process({ name: WEBHOOK_JOB, concurrency: 8 })
  deliver(job: Job<WebhookJob>): Promise<DeliveryOutcome> {
    return this.delivery.deliver(job);
  }
}
