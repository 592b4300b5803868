import { Process, Processor } from '@nestjs/bull';
import type { Job } from 'bull';
import { QUEUES } from '../../jobs/jobs';
import { PushDeliveryService } from './push-delivery.service';
import { PUSH_SEND, PushJob } from './push-payload';

/** Push deliveries, on worker processes (ROLE all or worker). */
@Processor(QUEUES.push)
export class PushProcessor {
  constructor(private readonly delivery: PushDeliveryService) {}

  @Process({ name: PUSH_SEND, concurrency: 4 })
  async send(job: Job<PushJob>): Promise<void> {
    await this.delivery.deliver(job);
  }
}
