import type { CompanyId } from '../../common/tenancy/company-id';
import { Entity, Index, ManyToOne, PrimaryKey, Property, Unique, Opt } from '@mikro-orm/core';
import { TenantScoped } from '../../common/tenancy/tenant-filter';
import { Company, DEFAULT_SCHEDULES, WeeklyHours } from '../companies/company.entity';

@Entity({ tableName: 'queues' })
@Unique({ properties: ['companyId', 'color'] })
@Unique({ properties: ['companyId', 'name'] })
// One queue per prompt (issue 30: a prompt's "Setor" and a queue's prompt are one link; see automation/prompts/README.md).
@Index({ name: 'queues_prompt_id_unique', expression: 'create unique index "queues_prompt_id_unique" on "queues" ("prompt_id") where "prompt_id" is not null' })
@TenantScoped()
export class Queue {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne(() => Company, { mapToPk: true, deleteRule: 'cascade', fieldName: 'company_id' })
  companyId!: CompanyId;

  @Property({ type: 'string', length: 50 })
  name!: string;

  @Property({ type: 'string', length: 9 })
  color!: string;

  @Property({ type: 'integer', nullable: true })
  orderQueue?: number | null;

  @Property({ type: 'text', nullable: true })
  greetingMessage?: string | null;

  @Property({ type: 'text', nullable: true })
  outOfHoursMessage?: string | null;

  /** The AI prompt that answers the queue's customers once the bot hands them over (prompts table). */
  @ManyToOne({ entity: 'Prompt', mapToPk: true, nullable: true, deleteRule: 'set null', fieldName: 'prompt_id' })
  promptId?: number | null;

  /** The integration (webhook, n8n, typebot, dialogflow) that answers them instead, when set (queue_integrations table). */
  @ManyToOne({ entity: 'QueueIntegration', mapToPk: true, nullable: true, deleteRule: 'set null', fieldName: 'integration_id' })
  integrationId?: number | null;

  /** 'enabled': the company's holidays close this queue (its customers get the holiday's message). */
  @Property({ type: 'string', length: 10 })
  optionHolidays: Opt<'enabled' | 'disabled'> = 'disabled';

  @Property({ type: 'json' })
  schedules: Opt<WeeklyHours[]> = DEFAULT_SCHEDULES;

  @Property({ type: 'datetime', onCreate: () => new Date() })
  createdAt: Opt<Date> = new Date();

  @Property({ type: 'datetime', onCreate: () => new Date(), onUpdate: () => new Date() })
  updatedAt: Opt<Date> = new Date();
}
