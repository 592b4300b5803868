import { Process, Processor } from '@nestjs/bull';
import type { Job } from 'bull';
import { QUEUES } from '../../jobs/jobs';
import { PRESENCE_EXPIRE, PresenceExpireJob, PresenceService } from './presence.service';

@Processor(QUEUES.presence)
export class PresenceProcessor {
  constructor(private readonly presence: PresenceService) {}

  @Process(PRESENCE_EXPIRE)
  expire(job: Job<PresenceExpireJob>): Promise<boolean> {
    return this.presence.expire(job.data);
  }
}
