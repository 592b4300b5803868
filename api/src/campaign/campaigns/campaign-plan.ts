import type { EntityManager } from '@mikro-orm/postgresql';
import { tenantSql } from '../../database/tenant-sql';
import type { CompanyId } from '../../common/company-id';
import type { MessageSlot } from './campaign.entity';
import type { DispatchIntervals, RecipientSource } from './campaigns.rules';

/**
 * Plans every recipient of a campaign in one statement: each distinct number of the source once (the unique
 * (campaign, number) keeps it so), a message slot drawn among the used ones, and its planned time as the start
 * plus the running sum of gapBefore (campaigns.rules.ts). Numbers the contact list knows to have no WhatsApp are planned as skipped.
 * Answers how many were planned.
 */
export async function planRecipients(
  em: EntityManager,
  companyId: CompanyId,
  campaignId: number,
  source: RecipientSource,
  slots: MessageSlot[],
  intervals: DispatchIntervals,
  startAt: Date,
): Promise<number> {
  const recipients =
    'contactListId' in source
      ? {
          sql: `select distinct on (i.number) i.number, i.name, i.email, i.is_whatsapp_valid as valid, i.id as ord
                  from contact_list_items i where i.company_id = :companyId and i.contact_list_id = ? order by i.number, i.id`,
          params: [source.contactListId],
        }
      : {
          sql: `select distinct on (c.number) c.number, c.name, c.email, null::boolean as valid, c.id as ord
                  from contacts c join tickets t on t.contact_id = c.id and t.company_id = c.company_id
                  join ticket_tags tt on tt.ticket_id = t.id
                 where c.company_id = :companyId and tt.tag_id = ? and not c.is_group order by c.number, c.id`,
          params: [source.tagId],
        };
  const { messageInterval, longerIntervalAfter, greaterInterval } = intervals;
  const rows = await tenantSql(em, companyId).execute<{ count: string }>(
    `with src as (${recipients.sql}),
          numbered as (select *, row_number() over (order by ord) as n from src),
          gaps as (
            select *, case when n = 1 then 0
                           when ?::int > 0 and (n - 1) % ?::int = 0 then ?::float8
                           else ?::float8 * (0.5 + random()) end as gap
              from numbered),
          ins as (
            insert into campaign_shippings (company_id, campaign_id, number, name, email, slot, planned_at, done_at, skipped)
            select :companyId, ?, number, left(coalesce(name, ''), 100), email,
                   (?::int[])[1 + floor(random() * ?)::int],
                   ?::timestamptz + make_interval(secs => sum(gap) over (order by n)),
                   case when valid is false then now() end,
                   case when valid is false then 'no-whatsapp' end
              from gaps
            on conflict (campaign_id, number) do nothing
            returning 1)
     select count(*) from ins`,
    [
      ...recipients.params,
      longerIntervalAfter,
      longerIntervalAfter,
      greaterInterval,
      messageInterval,
      campaignId,
      `{${slots.join(',')}}`,
      slots.length,
      startAt,
    ],
  );
  return Number(rows[0]?.count ?? 0);
}

/**
 * After downtime or a restart, the pending sends move later together so the earliest is at `now`: the
 * configured gaps are kept and nothing goes out in a burst. Only when the earliest is late by more than `slackMs`.
 */
export async function shiftLatePending(em: EntityManager, companyId: CompanyId, campaignId: number, now: Date, slackMs: number): Promise<number> {
  const res = await tenantSql(em, companyId).execute<{ shifted: string }>(
    `with first as (select min(planned_at) as at from campaign_shippings where company_id = :companyId and campaign_id = ? and done_at is null),
          upd as (
            update campaign_shippings s set planned_at = s.planned_at + (?::timestamptz - first.at)
              from first
             where s.company_id = :companyId and s.campaign_id = ? and s.done_at is null
               and first.at < ?::timestamptz - make_interval(secs => ?::float8 / 1000)
            returning 1)
     select count(*) as shifted from upd`,
    [campaignId, now, campaignId, now, slackMs],
  );
  return Number(res[0]?.shifted ?? 0);
}
