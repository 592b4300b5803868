import type { CompanyId } from '../../common/tenancy/company-id';
import { Entity, ManyToOne, Opt, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { TenantScoped } from '../../common/tenancy/tenant-filter';
import { Company } from '../../tenant/companies/company.entity';

export interface CampaignVariable {
  key: string;
  value: string;
}

/**
 * A company's campaign dispatch settings, one row per company, made on the first save (until then the defaults
 * of campaign-intervals.ts apply). Null columns mean "the default".
 */
@Entity({ tableName: 'campaign_settings' })
@TenantScoped()
export class CampaignSettings {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne(() => Company, { mapToPk: true, deleteRule: 'cascade', fieldName: 'company_id' })
  @Unique({ name: 'campaign_settings_company_id_unique' })
  companyId!: CompanyId;

  @Property({ type: 'integer', nullable: true })
  messageInterval?: number | null;

  @Property({ type: 'integer', nullable: true })
  longerIntervalAfter?: number | null;

  @Property({ type: 'integer', nullable: true })
  greaterInterval?: number | null;

  @Property({ type: 'json' })
  variables: Opt<CampaignVariable[]> = [];

  @Property({ type: 'datetime', onCreate: () => new Date(), onUpdate: () => new Date() })
  updatedAt: Opt<Date> = new Date();
}
