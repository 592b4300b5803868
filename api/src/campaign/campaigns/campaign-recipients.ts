export const RECIPIENT_STATES = ['planned', 'sent', 'delivered', 'read', 'confirmed', 'failed'] as const;
export type RecipientState = (typeof RECIPIENT_STATES)[number];
/** no-whatsapp and no-connection: skipped before sending; send-failed: the message's ack went to -1 after its retries. */
export const RECIPIENT_FAILURES = ['no-whatsapp', 'no-connection', 'send-failed'] as const;
export type RecipientFailure = (typeof RECIPIENT_FAILURES)[number];

/**
 * One campaign's recipients with their state, as one SQL row source: the report's list, its CSV and its counters
 * all read this, so they cannot disagree. A recipient's state is the furthest step it reached (planned, sent,
 * delivered, read, confirmed), or failed: skipped before sending, or the message that counts ended at ack -1. The
 * ack that counts is the campaign message's (`message_id`), else the confirmation request's
 * (`confirmation_message_id`): the messages sent to that recipient, whose acks the ingest keeps current.
 */
export const RECIPIENTS_SQL = `
  select r.*, case
      when r.skipped is not null then 'failed'
      when r.done_at is null then 'planned'
      when r.message_ack = -1 then 'failed'
      when r.confirmed_at is not null then 'confirmed'
      when r.ack = -1 then 'failed'
      when r.ack >= 4 then 'read'
      when r.ack = 3 then 'delivered'
      else 'sent' end as state
    from (
      select s.id, s.number, s.name, s.planned_at, s.done_at, s.skipped, s.confirmation_requested_at, s.confirmed_at,
             s.sent_at as message_sent_at,
             case when s.skipped is null then coalesce(s.confirmation_requested_at, s.sent_at, s.done_at) end as sent_at,
             m.ack as message_ack, coalesce(m.ack, cm.ack) as ack
        from campaign_shippings s
        left join messages m on m.id = s.message_id and m.company_id = :companyId
        left join messages cm on cm.id = s.confirmation_message_id and cm.company_id = :companyId
       where s.company_id = :companyId and s.campaign_id = ?
    ) r`;

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
