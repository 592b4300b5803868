import type { CompanyId } from '../../common/tenancy/company-id';
import { Entity, Index, ManyToOne, Property } from '@mikro-orm/core';
import { TenantScoped } from '../../common/tenancy/tenant-filter';
import { Company } from '../../tenant/companies/company.entity';
import { User } from '../../auth/users/user.entity';

/** When automatic distribution last gave this attendant a ticket: among equally loaded attendants, the longest waiting gets the next. */
@Entity({ tableName: 'distribution_marks' })
@TenantScoped()
export class DistributionMark {
  @ManyToOne(() => User, { primary: true, mapToPk: true, deleteRule: 'cascade', fieldName: 'user_id' })
  userId!: number;

  @ManyToOne(() => Company, { mapToPk: true, deleteRule: 'cascade', fieldName: 'company_id' })
  @Index()
  companyId!: CompanyId;

  @Property({ type: 'datetime' })
  lastAssignedAt!: Date;
}
