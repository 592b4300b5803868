import type { CompanyId } from '../../common/tenancy/company-id';
import { Entity, Formula, Index, ManyToOne, Opt, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { TenantScoped } from '../../common/tenancy/tenant-filter';
import { Company } from '../../tenant/companies/company.entity';

/** A named list of numbers a campaign sends to; its items are typed in or imported from a spreadsheet. */
@Entity({ tableName: 'contact_lists' })
@Index({ properties: ['companyId', 'name'] })
@TenantScoped()
export class ContactList {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne(() => Company, { mapToPk: true, deleteRule: 'cascade', fieldName: 'company_id' })
  companyId!: CompanyId;

  @Property({ type: 'string', length: 50 })
  name!: string;

  /** How many items the list holds (computed on read). */
  @Formula((table) => `(select count(*)::int from "contact_list_items" "cli" where "cli"."contact_list_id" = ${table.alias}."id")`, {
    type: 'integer',
    lazy: false,
  })
  contactsCount: Opt<number> = 0;

  @Property({ type: 'datetime', onCreate: () => new Date() })
  createdAt: Opt<Date> = new Date();

  @Property({ type: 'datetime', onCreate: () => new Date(), onUpdate: () => new Date() })
  updatedAt: Opt<Date> = new Date();
}

/**
 * One number of a contact list. A number is in a list at most once (the import upserts on it). isWhatsappValid is
 * null until the connection was asked whether the number has an account.
 */
@Entity({ tableName: 'contact_list_items' })
@Unique({ name: 'contact_list_items_contact_list_id_number_unique', properties: ['contactListId', 'number'] })
@Index({ properties: ['companyId', 'contactListId'] })
@TenantScoped()
@Index({
  name: 'contact_list_items_unchecked_index',
  expression: 'create index "contact_list_items_unchecked_index" on "contact_list_items" ("contact_list_id", "id") where "is_whatsapp_valid" is null',
})
@Index({
  name: 'contact_list_items_name_index',
  expression: 'create index "contact_list_items_name_index" on "contact_list_items" ("contact_list_id", "name", "id")',
})
export class ContactListItem {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne(() => Company, { mapToPk: true, deleteRule: 'cascade', fieldName: 'company_id' })
  companyId!: CompanyId;

  @ManyToOne(() => ContactList, { mapToPk: true, deleteRule: 'cascade', fieldName: 'contact_list_id' })
  contactListId!: number;

  @Property({ type: 'string', length: 50 })
  name!: string;

  /** Digits only: country code, area code, number. */
  @Property({ type: 'string', length: 50 })
  number!: string;

  @Property({ type: 'string', length: 255, nullable: true })
  email?: string | null;

  /** Whether the number has a WhatsApp account; null = not checked yet. */
  @Property({ type: 'boolean', nullable: true })
  isWhatsappValid?: boolean | null;

  @Property({ type: 'datetime', onCreate: () => new Date() })
  createdAt: Opt<Date> = new Date();

  @Property({ type: 'datetime', onCreate: () => new Date(), onUpdate: () => new Date() })
  updatedAt: Opt<Date> = new Date();
}
