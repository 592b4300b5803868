import type { CompanyJob } from '../../jobs/jobs';
import type { SpreadsheetFormat } from './contact-lists.rules';

/** Bull job names on QUEUES.campaigns. */
export const IMPORT_CONTACT_LIST = 'contact-list-import';
export const CHECK_CONTACT_LIST = 'contact-list-check';

export interface ImportContactListJob extends CompanyJob {
  contactListId: number;
  importId: string;
  /** The uploaded file's key in the media store (shared by API and worker processes); removed once read. */
  key: string;
  /** Jobs queued before the media store: the file's path under MEDIA_DIR. */
  path?: string;
  format: SpreadsheetFormat;
}

export interface CheckContactListJob extends CompanyJob {
  contactListId: number;
}
