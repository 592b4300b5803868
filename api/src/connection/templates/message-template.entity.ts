import type { CompanyId } from '../../common/tenancy/company-id';
import { Entity, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { TenantScoped } from '../../common/tenancy/tenant-filter';
import { Company } from '../../tenant/companies/company.entity';
import { Whatsapp } from '../whatsapps/whatsapp.entity';

/**
 * A message template of an official connection's business account, as last synced from the provider
 * (POST /whatsapp/{id}/templates/sync replaces a connection's rows). Only APPROVED ones can be sent or chosen for an
 * automatic message.
 */
@Entity({ tableName: 'message_templates' })
@Unique({ properties: ['whatsappId', 'name', 'language'] })
@TenantScoped()
export class MessageTemplate {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne(() => Company, { mapToPk: true, deleteRule: 'cascade', fieldName: 'company_id', index: true })
  companyId!: CompanyId;

  @ManyToOne(() => Whatsapp, { mapToPk: true, deleteRule: 'cascade', fieldName: 'whatsapp_id' })
  whatsappId!: number;

  @Property({ type: 'string', length: 512 })
  name!: string;

  @Property({ type: 'string', length: 16 })
  language!: string;

  /** APPROVED, PENDING, REJECTED, PAUSED, DISABLED. */
  @Property({ type: 'string', length: 20 })
  status!: string;

  /** MARKETING, UTILITY, AUTHENTICATION. */
  @Property({ type: 'string', length: 20 })
  category!: string;

  /** The body with its variables as {{1}}, {{2}}, ... */
  @Property({ type: 'text' })
  body!: string;

  @Property({ type: 'text', nullable: true })
  header?: string | null;

  @Property({ type: 'text', nullable: true })
  footer?: string | null;

  /** How many body variables it takes. */
  @Property({ type: 'integer' })
  params!: number;

  @Property({ type: 'datetime' })
  syncedAt!: Date;
}
