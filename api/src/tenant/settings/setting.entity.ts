import type { CompanyId } from '../../common/tenancy/company-id';
import { Entity, ManyToOne, PrimaryKey, Property, Unique, Opt } from '@mikro-orm/core';
import { TenantScoped } from '../../common/tenancy/tenant-filter';
import { Company } from '../companies/company.entity';

@Entity({ tableName: 'settings' })
@Unique({ properties: ['companyId', 'key'] })
@TenantScoped()
export class Setting {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne(() => Company, { mapToPk: true, deleteRule: 'cascade', fieldName: 'company_id' })
  companyId!: CompanyId;

  @Property({ type: 'string', length: 100 })
  key!: string;

  @Property({ type: 'text' })
  value: Opt<string> = '';

  @Property({ type: 'datetime', onCreate: () => new Date() })
  createdAt: Opt<Date> = new Date();

  @Property({ type: 'datetime', onCreate: () => new Date(), onUpdate: () => new Date() })
  updatedAt: Opt<Date> = new Date();
}
