import type { CompanyId } from '../../common/tenancy/company-id';
import { Entity, Index, ManyToOne, Opt, PrimaryKey, Property } from '@mikro-orm/core';
import { TenantScoped } from '../../common/tenancy/tenant-filter';
import { Company } from '../companies/company.entity';

/** Where a holiday's message stands: waiting to be sent, sent (sentAt set), or its send failed. */
export const HOLIDAY_STATUSES = ['PENDENTE', 'ENVIADA', 'ERRO'] as const;
export type HolidayStatus = (typeof HOLIDAY_STATUSES)[number];

/** A company holiday: on `dateHoliday` the message `body` (and its image, if any) goes to the company's contacts. */
@Entity({ tableName: 'holidays' })
@Index({ properties: ['companyId', 'dateHoliday'] })
@TenantScoped()
export class Holiday {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne(() => Company, { mapToPk: true, deleteRule: 'cascade', fieldName: 'company_id' })
  companyId!: CompanyId;

  @Property({ type: 'string', length: 100 })
  name!: string;

  @Property({ type: 'text' })
  body!: string;

  /** The day, `YYYY-MM-DD`. */
  @Property({ type: 'date' })
  dateHoliday!: string;

  @Property({ type: 'string', length: 10 })
  status: Opt<HolidayStatus> = 'PENDENTE';

  @Property({ type: 'datetime', nullable: true })
  sentAt?: Date | null;

  /** Server-made file name of the image, under the company's holidays folder. */
  @Property({ type: 'string', length: 255, nullable: true })
  mediaPath?: string | null;

  /** The image's original file name, for display. */
  @Property({ type: 'string', length: 255, nullable: true })
  mediaName?: string | null;

  @Property({ type: 'datetime', onCreate: () => new Date() })
  createdAt: Opt<Date> = new Date();

  @Property({ type: 'datetime', onCreate: () => new Date(), onUpdate: () => new Date() })
  updatedAt: Opt<Date> = new Date();
}
