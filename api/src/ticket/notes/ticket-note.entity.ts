import type { CompanyId } from '../../common/tenancy/company-id';
import { Entity, Index, ManyToOne, Opt, PrimaryKey, Property } from '@mikro-orm/core';
import { TenantScoped } from '../../common/tenancy/tenant-filter';
import { Company } from '../../tenant/companies/company.entity';
import { User } from '../../auth/users/user.entity';
import { Contact } from '../contacts/contact.entity';
import { Ticket } from '../tickets/ticket.entity';

@Entity({ tableName: 'ticket_notes' })
@TenantScoped()
@Index({
  name: 'ticket_notes_user_id_index',
  expression: 'create index "ticket_notes_user_id_index" on "ticket_notes" ("user_id") where "user_id" is not null',
})
export class TicketNote {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne(() => Company, { mapToPk: true, deleteRule: 'cascade', fieldName: 'company_id' })
  companyId!: CompanyId;

  @Property({ type: 'text' })
  note!: string;

  /** Indexed: a ticket's notes are listed by it, and go when it goes. */
  @ManyToOne(() => Ticket, { deleteRule: 'cascade', index: true })
  ticket!: Ticket;

  /** Indexed: they go when the contact goes. */
  @ManyToOne(() => Contact, { deleteRule: 'cascade', index: true })
  contact!: Contact;

  @ManyToOne(() => User, { nullable: true, deleteRule: 'set null' })
  user?: User | null;

  @Property({ type: 'datetime', onCreate: () => new Date() })
  createdAt: Opt<Date> = new Date();

  @Property({ type: 'datetime', onCreate: () => new Date(), onUpdate: () => new Date() })
  updatedAt: Opt<Date> = new Date();
}
