export const RECIPIENT_STATES = ['planned', 'sent', 'delivered', 'read', 'confirmed', 'failed'] as const;
export type RecipientState = (typeof RECIPIENT_STATES)[number];
/**
 * no-whatsapp and no-connection: skipped before sending; no-template: skipped on an official connection outside the
 * number's 24-hour window with no approved template chosen for campaigns; send-failed: the message's ack went to -1.
 */
export const RECIPIENT_FAILURES = ['no-whatsapp', 'no-connection', 'no-template', 'send-failed'] as const;
export type RecipientFailure = (typeof RECIPIENT_FAILURES)[number];

/** A recipient of a campaign with its state: a row of the recipients source in campaigns.queries.ts (the report's list, CSV and counters). */
export interface RecipientRow {
  id: string;
  number: string;
  name: string;
  planned_at: Date;
  sent_at: Date | null;
  skipped: string | null;
  confirmation_requested_at: Date | null;
  confirmed_at: Date | null;
  ack: number | null;
  state: RecipientState;
}
