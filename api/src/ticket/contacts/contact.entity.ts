import type { CompanyId } from '../../common/tenancy/company-id';
import { Collection, Entity, Index, ManyToOne, OneToMany, Opt, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { TenantScoped } from '../../common/tenancy/tenant-filter';
import { Company } from '../../tenant/companies/company.entity';

/**
 * A customer (or a group) reachable over WhatsApp. `number` holds digits only (a group's id for groups).
 * Name and number are searchable through trigram indexes that lead with the company (created in the migrations).
 */
@Entity({ tableName: 'contacts' })
@Unique({ properties: ['companyId', 'number'] })
@Index({ properties: ['companyId', 'createdAt'] })
// The dashboard's leads (people created in a period), index-only (Migration20261227110000_dashboard_days).
@Index({
  name: 'contacts_company_created_people_index',
  expression: 'create index "contacts_company_created_people_index" on "contacts" ("company_id", "created_at") where not "is_group"',
})
@Index({ name: 'contacts_company_name_index', properties: ['companyId', 'name', 'id'] })
// Trigrams of name and number within each company (Migration20270108110000_contact_company_trigrams).
@Index({
  name: 'contacts_number_trgm_index',
  expression: 'create index "contacts_number_trgm_index" on "contacts" using gin ("company_id", "number" gin_trgm_ops)',
})
@Index({
  name: 'contacts_name_trgm_index',
  expression: 'create index "contacts_name_trgm_index" on "contacts" using gin ("company_id", lower("name") gin_trgm_ops)',
})
@TenantScoped()
export class Contact {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne(() => Company, { mapToPk: true, deleteRule: 'cascade', fieldName: 'company_id' })
  companyId!: CompanyId;

  @Property({ type: 'string', length: 100 })
  name!: string;

  @Property({ type: 'string', length: 64 })
  number!: string;

  @Property({ type: 'string', length: 255, nullable: true })
  email?: string | null;

  @Property({ type: 'text', nullable: true })
  profilePicUrl?: string | null;

  @Property({ type: 'boolean' })
  isGroup: Opt<boolean> = false;

  /** The connection this contact last talked through. */
  @Property({ type: 'integer', nullable: true })
  @Index()
  whatsappId?: number | null;

  @OneToMany(() => ContactCustomField, (f) => f.contact, { orphanRemoval: true })
  extraInfo = new Collection<ContactCustomField>(this);

  @Property({ type: 'datetime', onCreate: () => new Date() })
  createdAt: Opt<Date> = new Date();

  @Property({ type: 'datetime', onCreate: () => new Date(), onUpdate: () => new Date() })
  updatedAt: Opt<Date> = new Date();
}

@Entity({ tableName: 'contact_custom_fields' })
@TenantScoped()
export class ContactCustomField {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne(() => Company, { mapToPk: true, deleteRule: 'cascade', fieldName: 'company_id' })
  companyId!: CompanyId;

  /** Indexed: every ticket row a list or a conversation loads reads its contact's fields (see the migration). */
  @ManyToOne(() => Contact, { deleteRule: 'cascade', index: true })
  contact!: Contact;

  @Property({ type: 'string', length: 100 })
  name!: string;

  @Property({ type: 'text' })
  value!: string;
}
