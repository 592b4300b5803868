import type { CompanyId } from '../../common/tenancy/company-id';
import { Collection, Entity, Index, ManyToMany, ManyToOne, Opt, PrimaryKey, Property, Ref } from '@mikro-orm/core';
import { TenantScoped } from '../../common/tenancy/tenant-filter';
import { Company } from '../../tenant/companies/company.entity';
import { User } from '../../auth/users/user.entity';
import { Whatsapp } from '../../connection/whatsapps/whatsapp.entity';
import { Contact } from '../contacts/contact.entity';
import { Queue } from '../../tenant/queues/queue.entity';
import { Tag } from '../tags/tag.entity';

export const TICKET_STATUSES = ['pending', 'open', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/**
 * A conversation with a contact over one connection. A contact has at most one open or pending ticket per
 * connection (a partial unique index in the migration makes that hold under concurrency).
 */
@Entity({ tableName: 'tickets' })
@Index({ name: 'tickets_company_status_updated_index', properties: ['companyId', 'status', 'updatedAt', 'id'] })
@Index({ name: 'tickets_company_queue_status_updated_index', properties: ['companyId', 'queue', 'status', 'updatedAt', 'id'] })
@Index({ name: 'tickets_company_user_queue_status_updated_index', properties: ['companyId', 'user', 'queue', 'status', 'updatedAt', 'id'] })
@Index({ name: 'tickets_company_updated_index', properties: ['companyId', 'updatedAt', 'id'] })
@Index({
  name: 'tickets_active_index',
  expression:
    'create index "tickets_active_index" on "tickets" ("company_id", "status") include ("id", "queue_id", "user_id", "is_group", "unread_messages", "created_at", "updated_at") where "status" in (\'open\', \'pending\')',
})
@Index({
  name: 'tickets_unread_index',
  expression:
    'create index "tickets_unread_index" on "tickets" ("company_id", "updated_at", "id") include ("status", "queue_id", "user_id", "is_group") where "unread_messages" > 0',
})
@Index({ properties: ['companyId', 'createdAt'] })
@Index({
  name: 'tickets_one_active_per_contact',
  expression:
    'create unique index "tickets_one_active_per_contact" on "tickets" ("company_id", "contact_id", "whatsapp_id") where "status" in (\'open\', \'pending\')',
})
@Index({
  name: 'tickets_rating_until_index',
  expression: 'create index "tickets_rating_until_index" on "tickets" ("company_id", "contact_id", "whatsapp_id") where "rating_until" is not null',
})
// What ON DELETE SET NULL looks for when an attendant is deleted (the migration says why).
@Index({ name: 'tickets_user_id_index', expression: 'create index "tickets_user_id_index" on "tickets" ("user_id") where "user_id" is not null' })
@TenantScoped()
export class Ticket {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'uuid', unique: true })
  uuid!: string;

  @ManyToOne(() => Company, { mapToPk: true, deleteRule: 'cascade', fieldName: 'company_id' })
  companyId!: CompanyId;

  @Property({ type: 'string', length: 10 })
  status: Opt<TicketStatus> = 'pending';

  @Property({ type: 'boolean' })
  isGroup: Opt<boolean> = false;

  @ManyToOne(() => Contact, { ref: true, deleteRule: 'cascade', index: true })
  contact!: Ref<Contact>;

  @ManyToOne(() => User, { ref: true, nullable: true, deleteRule: 'set null' })
  user?: Ref<User> | null;

  @ManyToOne(() => Queue, { ref: true, nullable: true, deleteRule: 'set null' })
  queue?: Ref<Queue> | null;

  @ManyToOne(() => Whatsapp, { ref: true, nullable: true, deleteRule: 'set null' })
  whatsapp?: Ref<Whatsapp> | null;

  @Property({ type: 'text', nullable: true })
  lastMessage?: string | null;

  @Property({ type: 'integer' })
  unreadMessages: Opt<number> = 0;

  @Property({ type: 'boolean' })
  chatbot: Opt<boolean> = false;

  @Property({ type: 'boolean' })
  useIntegration: Opt<boolean> = false;

  @ManyToOne({ entity: 'QueueIntegration', mapToPk: true, nullable: true, deleteRule: 'set null', fieldName: 'integration_id' })
  integrationId?: number | null;

  /** The AI prompt answering the ticket (automation's `prompts`, named by string); cleared when it is deleted. */
  @ManyToOne({ entity: 'Prompt', mapToPk: true, nullable: true, deleteRule: 'set null', fieldName: 'prompt_id' })
  promptId?: number | null;

  /**
   * Set when a closed ticket asked its contact for a rating: until then the contact's next message lands on this
   * ticket (ingest treats it as active) so the automation module can read the answer instead of opening a new one.
   */
  @Property({ type: 'datetime', nullable: true })
  ratingUntil?: Date | null;

  @ManyToMany(() => Tag, undefined, { pivotEntity: () => TicketTag })
  tags = new Collection<Tag>(this);

  @Property({ type: 'datetime', onCreate: () => new Date() })
  createdAt: Opt<Date> = new Date();

  @Property({ type: 'datetime', onCreate: () => new Date(), onUpdate: () => new Date() })
  updatedAt: Opt<Date> = new Date();
}

@Entity({ tableName: 'ticket_tags' })
@Index({ name: 'ticket_tags_tag_id_ticket_id_index', properties: ['tag', 'ticket'] })
// The links of open and pending tickets, by tag: `active` is kept by triggers (Migration20261227150000).
@Index({
  name: 'ticket_tags_active_index',
  expression: 'create index "ticket_tags_active_index" on "ticket_tags" ("tag_id", "ticket_id") where "active"',
})
export class TicketTag {
  @ManyToOne(() => Ticket, { primary: true, deleteRule: 'cascade' })
  ticket!: Ticket;

  @ManyToOne(() => Tag, { primary: true, deleteRule: 'cascade' })
  tag!: Tag;

  /** Whether the ticket is open or pending. Triggers keep it (Migration20261227150000); the app never writes it. */
  @Property({ type: 'boolean', default: false })
  active?: boolean;
}
