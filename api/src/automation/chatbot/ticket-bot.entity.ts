import type { CompanyId } from '../../common/tenancy/company-id';
import { Entity, Index, ManyToOne, Opt, Property } from '@mikro-orm/core';
import { QueueOption } from '../../tenant/queue-options/queue-option.entity';
import { TenantScoped } from '../../common/tenancy/tenant-filter';
import { Company } from '../../tenant/companies/company.entity';
import { Ticket } from '../../ticket/tickets/ticket.entity';

/** Where a chatbot conversation stands: choosing a queue, or walking a queue's option tree. Null: no menu waiting. */
export const BOT_STAGES = ['queue-menu', 'options'] as const;
export type BotStage = (typeof BOT_STAGES)[number];

/**
 * A ticket's chatbot state (one row per ticket that met the bot). The engine changes it only under the row's lock,
 * in the chat's order, so two messages never read the same menu twice.
 */
@Entity({ tableName: 'ticket_bots' })
@Index({ name: 'ticket_bots_company_id_index', properties: ['companyId'] })
@Index({
  name: 'ticket_bots_expires_at_index',
  expression: 'create index "ticket_bots_expires_at_index" on "ticket_bots" ("expires_at") where "expires_at" is not null',
})
@TenantScoped()
@Index({
  name: 'ticket_bots_option_id_index',
  expression: 'create index "ticket_bots_option_id_index" on "ticket_bots" ("option_id") where "option_id" is not null',
})
export class TicketBot {
  @ManyToOne(() => Ticket, { primary: true, mapToPk: true, deleteRule: 'cascade', fieldName: 'ticket_id' })
  ticketId!: number;

  @ManyToOne(() => Company, { mapToPk: true, deleteRule: 'cascade', fieldName: 'company_id' })
  companyId!: CompanyId;

  @Property({ type: 'string', length: 20, nullable: true })
  stage?: BotStage | null;

  /** In the option tree: the option whose children are the menu shown (null: the queue's first level). */
  @ManyToOne(() => QueueOption, { mapToPk: true, nullable: true, deleteRule: 'set null', fieldName: 'option_id' })
  optionId?: number | null;

  /** Menus sent in this stage (the first one included): at `maxUseBotQueues` the bot gives up and people take over. */
  @Property({ type: 'integer' })
  attempts: Opt<number> = 0;

  @Property({ type: 'datetime', nullable: true })
  menuSentAt?: Date | null;

  /** When a waiting menu is abandoned (setting timeOut); the sweeper clears stale ones. */
  @Property({ type: 'datetime', nullable: true })
  expiresAt?: Date | null;

  /** The last out-of-hours (or holiday) message, so a customer writing several times gets it once an hour. */
  @Property({ type: 'datetime', nullable: true })
  outOfHoursAt?: Date | null;

  @Property({ type: 'datetime', onCreate: () => new Date() })
  createdAt: Opt<Date> = new Date();

  @Property({ type: 'datetime', onCreate: () => new Date(), onUpdate: () => new Date() })
  updatedAt: Opt<Date> = new Date();
}
