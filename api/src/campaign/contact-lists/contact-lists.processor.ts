import { Process, Processor } from '@nestjs/bull';
import type { Job } from 'bull';
import { QUEUES } from '../../jobs/jobs';
import { CHECK_CONTACT_LIST, CheckContactListJob, IMPORT_CONTACT_LIST, ImportContactListJob } from './contact-list-jobs';
import { ContactListCheckService } from './contact-list-check.service';
import { ContactListImportService } from './contact-list-import.service';

/** Contact-list work on the campaigns queue (worker processes only): spreadsheet imports and WhatsApp checks. */
@Processor(QUEUES.campaigns)
export class ContactListsProcessor {
  constructor(
    private readonly imports: ContactListImportService,
    private readonly checks: ContactListCheckService,
  ) {}

  @Process({ name: IMPORT_CONTACT_LIST, concurrency: 2 })
  async import(job: Job<ImportContactListJob>): Promise<void> {
    await this.imports.run(job.data);
  }

  @Process({ name: CHECK_CONTACT_LIST, concurrency: 2 })
  async check(job: Job<CheckContactListJob>): Promise<void> {
    await this.checks.run(job.data);
  }
}
