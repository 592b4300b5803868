import type { CompanyId } from '../../common/company-id';
import { Entity, ManyToOne, PrimaryKey, Property, Unique, Opt } from '@mikro-orm/core';
import { TenantScoped } from '../../database/tenant-filter';
import { Company, DEFAULT_SCHEDULES, WeeklyHours } from '../companies/company.entity';

@Entity({ tableName: 'queues' })
@Unique({ properties: ['companyId', 'color'] })
@Unique({ properties: ['companyId', 'name'] })
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

  @Property({ type: 'json' })
  schedules: Opt<WeeklyHours[]> = DEFAULT_SCHEDULES;

  @Property({ type: 'datetime', onCreate: () => new Date() })
  createdAt: Opt<Date> = new Date();

  @Property({ type: 'datetime', onCreate: () => new Date(), onUpdate: () => new Date() })
  updatedAt: Opt<Date> = new Date();
}
