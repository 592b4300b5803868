import type { CompanyId } from '../../common/tenancy/company-id';
import { Embedded, Entity, Enum, Index, ManyToOne, Opt, PrimaryKey, Property } from '@mikro-orm/core';
import { TenantScoped } from '../../common/tenancy/tenant-filter';
import { Company } from '../../tenant/companies/company.entity';
import { User } from '../../auth/users/user.entity';
import { Contact } from '../../ticket/contacts/contact.entity';
import { Media } from '../../common/infra/media.embeddable';

export const SCHEDULE_STATUSES = ['PENDENTE', 'ENVIADA', 'ERRO'] as const;
export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number];

/**
 * A message to a contact at a set time (back-office §3 Schedule). PENDENTE until its time, then ENVIADA (with the
 * ticket and message it became) or ERRO (with the reason). PostgreSQL is the truth: the Bull job only wakes it up.
 */
@Entity({ tableName: 'schedules' })
@TenantScoped()
@Index({ name: 'schedules_company_id_send_at_index', properties: ['companyId', 'sendAt'] })
@Index({
  name: 'schedules_pending_send_at_index',
  expression: `create index "schedules_pending_send_at_index" on "schedules" ("send_at") where "status" = 'PENDENTE'`,
})
@Index({ name: 'schedules_sent_at_index', expression: `create index "schedules_sent_at_index" on "schedules" ("sent_at") where "status" = 'ENVIADA'` })
@Index({ name: 'schedules_user_id_index', expression: 'create index "schedules_user_id_index" on "schedules" ("user_id") where "user_id" is not null' })
export class Schedule {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne(() => Company, { mapToPk: true, deleteRule: 'cascade', fieldName: 'company_id' })
  companyId!: CompanyId;

  @Property({ type: 'text' })
  body!: string;

  /** Indexed: a contact's schedules go when it goes. */
  @ManyToOne(() => Contact, { deleteRule: 'cascade', fieldName: 'contact_id', index: true })
  contact!: Contact;

  /** Who made it. */
  @ManyToOne(() => User, { mapToPk: true, nullable: true, deleteRule: 'set null', fieldName: 'user_id' })
  userId?: number | null;

  @Property({ type: 'datetime' })
  sendAt!: Date;

  @Property({ type: 'datetime', nullable: true })
  sentAt?: Date | null;

  @Enum({ items: () => [...SCHEDULE_STATUSES], type: 'string', length: 10 })
  status: Opt<ScheduleStatus> = 'PENDENTE';

  /** Why it could not be sent (status ERRO). */
  @Property({ type: 'text', nullable: true })
  error?: string | null;

  /** The ticket and message it became once sent (no foreign keys: either may be deleted later, the record stays). */
  @Property({ type: 'integer', nullable: true })
  ticketId?: number | null;

  @Property({ type: 'bigint', nullable: true })
  messageId?: string | null;

  /** The image (media_path, media_name): a server-made name under the company's schedules folder, and its original name. */
  @Embedded(() => Media)
  media: Opt<Media> = new Media();

  @Property({ type: 'datetime', onCreate: () => new Date() })
  createdAt: Opt<Date> = new Date();

  @Property({ type: 'datetime', onCreate: () => new Date(), onUpdate: () => new Date() })
  updatedAt: Opt<Date> = new Date();
}
