import type { CompanyId } from '../common/company-id';
import type { JobOptions } from 'bull';

/** Every job names the company it works for (written by the API itself); processors scope their ORM context by it. */
export interface CompanyJob {
  companyId: CompanyId;
}

export const QUEUES = {
  presence: 'presence',
  /** Outbound WhatsApp messages. */
  messages: 'messages',
  /** Billing: the repeatable job that issues invoices ahead of due dates. */
  billing: 'billing',
  /** Scheduled messages, campaign dispatch and contact-list work (imports, WhatsApp number checks). */
  campaigns: 'campaigns',
  /** Automation: bot timers (auto-close, queue redirect, menu time-out), distribution, integration deliveries (webhook, n8n). */
  automation: 'automation',
  /** Web push deliveries to browsers' push services (auth/push). */
  push: 'push',
} as const;

export const DEFAULT_JOB_OPTIONS: JobOptions = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: 1000,
  removeOnFail: 5000,
};
