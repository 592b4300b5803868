import type { CompanyId } from '../../common/tenancy/company-id';
import { Entity, ManyToOne, PrimaryKey, PrimaryKeyProp, Property } from '@mikro-orm/core';
import { TenantScoped } from '../../common/tenancy/tenant-filter';
import { Company } from '../../tenant/companies/company.entity';
import { Whatsapp } from '../../connection/whatsapps/whatsapp.entity';

/**
 * When a customer last wrote to an official connection: the 24-hour window is open until 24 h after it. Written by
 * the inbound batch writer in the transaction that stores the message (ingest.queries.ts) and read by SQL
 * (official.queries.ts); mapped so that the schema the migrations make is the one the entities describe.
 */
@Entity({ tableName: 'customer_windows' })
@TenantScoped()
export class CustomerWindow {
  [PrimaryKeyProp]?: ['whatsappId', 'contactNumber'];

  @ManyToOne(() => Whatsapp, { primary: true, mapToPk: true, deleteRule: 'cascade', fieldName: 'whatsapp_id' })
  whatsappId!: number;

  @PrimaryKey({ type: 'string', length: 64 })
  contactNumber!: string;

  @ManyToOne(() => Company, { mapToPk: true, deleteRule: 'cascade', fieldName: 'company_id', index: true })
  companyId!: CompanyId;

  @Property({ type: 'datetime' })
  lastInboundAt!: Date;
}
