import type { CompanyId } from '../../common/tenancy/company-id';
import { Entity, Index, ManyToOne, Opt, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { TenantScoped } from '../../common/tenancy/tenant-filter';
import { Company } from '../../tenant/companies/company.entity';
import { Campaign } from './campaign.entity';

/**
 * One recipient of a campaign: planned when the campaign starts, with the time of its send. The unique
 * (campaign, number) makes "one send per phone per campaign" a database fact; `doneAt` is set in the same
 * transaction that stores the outgoing message, so a send happens at most once however often a job runs.
 */
@Entity({ tableName: 'campaign_shippings' })
@TenantScoped()
@Unique({ properties: ['campaignId', 'number'] })
@Index({
  name: 'campaign_shippings_pending_index',
  expression: 'create index "campaign_shippings_pending_index" on "campaign_shippings" ("campaign_id", "planned_at") where "done_at" is null',
})
@Index({
  name: 'campaign_shippings_awaiting_index',
  expression:
    'create index "campaign_shippings_awaiting_index" on "campaign_shippings" ("company_id", "number") where "confirmation_requested_at" is not null and "confirmed_at" is null',
})
@Index({
  name: 'campaign_shippings_confirmed_index',
  expression:
    'create index "campaign_shippings_confirmed_index" on "campaign_shippings" ("confirmed_at") where "confirmed_at" is not null and "sent_at" is null',
})
@Index({
  name: 'campaign_shippings_done_index',
  expression: 'create index "campaign_shippings_done_index" on "campaign_shippings" ("done_at") where "done_at" is not null',
})
export class CampaignShipping {
  @PrimaryKey({ type: 'bigint', autoincrement: true })
  id!: string;

  @ManyToOne(() => Company, { mapToPk: true, deleteRule: 'cascade', fieldName: 'company_id' })
  companyId!: CompanyId;

  @ManyToOne(() => Campaign, { mapToPk: true, deleteRule: 'cascade', fieldName: 'campaign_id' })
  campaignId!: number;

  /** Digits with country code. */
  @Property({ type: 'string', length: 50 })
  number!: string;

  @Property({ type: 'string', length: 100 })
  name: Opt<string> = '';

  @Property({ type: 'string', length: 255, nullable: true })
  email?: string | null;

  /** The message variant drawn for this recipient (1 to 5). */
  @Property({ type: 'smallint' })
  slot!: number;

  @Property({ type: 'datetime' })
  plannedAt!: Date;

  /** When its planned step happened: the message (or the confirmation request) stored, or the recipient skipped. */
  @Property({ type: 'datetime', nullable: true })
  doneAt?: Date | null;

  /** Why it was skipped (no WhatsApp account, no connection...); null when sent. */
  @Property({ type: 'string', length: 50, nullable: true })
  skipped?: string | null;

  @Property({ type: 'integer', nullable: true })
  contactId?: number | null;

  @Property({ type: 'datetime', nullable: true })
  confirmationRequestedAt?: Date | null;

  @Property({ type: 'bigint', nullable: true })
  confirmationMessageId?: string | null;

  @Property({ type: 'datetime', nullable: true })
  confirmedAt?: Date | null;

  /** The customer's message that confirmed (the chatbot leaves it alone: it is the answer to the campaign). */
  @Property({ type: 'bigint', nullable: true })
  confirmationReplyId?: string | null;

  @Property({ type: 'datetime', nullable: true })
  sentAt?: Date | null;

  /** The campaign message itself; its acks tell delivery. */
  @Property({ type: 'bigint', nullable: true })
  messageId?: string | null;
}
