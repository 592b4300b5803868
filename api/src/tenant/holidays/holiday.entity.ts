import type { CompanyId } from '../../common/tenancy/company-id';
import { Embedded, Entity, Index, ManyToOne, Opt, PrimaryKey, Property } from '@mikro-orm/core';
import { TenantScoped } from '../../common/tenancy/tenant-filter';
import { Company } from '../companies/company.entity';
import { Media } from '../../common/infra/media.embeddable';

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

  /** The image (media_path, media_name): a server-made name under the company's holidays folder, and its original name. */
  @Embedded(() => Media)
  media: Opt<Media> = new Media();

  @Property({ type: 'datetime', onCreate: () => new Date() })
  createdAt: Opt<Date> = new Date();

  @Property({ type: 'datetime', onCreate: () => new Date(), onUpdate: () => new Date() })
  updatedAt: Opt<Date> = new Date();
}
