import type { CompanyId } from '../../common/tenancy/company-id';
import { Entity, ManyToOne, Opt, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { TenantScoped } from '../../common/tenancy/tenant-filter';
import { Company } from '../../tenant/companies/company.entity';

@Entity({ tableName: 'tags' })
@Unique({ properties: ['companyId', 'name'] })
@TenantScoped()
export class Tag {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne(() => Company, { mapToPk: true, deleteRule: 'cascade', fieldName: 'company_id' })
  companyId!: CompanyId;

  @Property({ type: 'string', length: 50 })
  name!: string;

  @Property({ type: 'string', length: 9 })
  color: Opt<string> = '#A4CCCC';

  /** 1 when the tag is a kanban lane. */
  @Property({ type: 'integer' })
  kanban: Opt<number> = 0;

  @Property({ type: 'datetime', onCreate: () => new Date() })
  createdAt: Opt<Date> = new Date();

  @Property({ type: 'datetime', onCreate: () => new Date(), onUpdate: () => new Date() })
  updatedAt: Opt<Date> = new Date();
}
