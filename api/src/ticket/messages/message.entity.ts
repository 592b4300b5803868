import type { CompanyId } from '../../common/tenancy/company-id';
import { Embedded, Entity, Index, ManyToOne, Opt, PrimaryKey, Property, Ref } from '@mikro-orm/core';
import { TenantScoped } from '../../common/tenancy/tenant-filter';
import { Company } from '../../tenant/companies/company.entity';
import { Contact } from '../contacts/contact.entity';
import { Ticket } from '../tickets/ticket.entity';
import { MEDIA_TYPES, type MediaType } from '../../connection/providers/message-kinds';
import { Media } from '../../common/infra/media.embeddable';

export { MEDIA_TYPES, type MediaType };

/** Who made an outbound message; inbound ones are `contact`. Recorded instead of invisible marker characters. */
export const MESSAGE_SOURCES = ['contact', 'attendant', 'bot', 'campaign', 'schedule', 'api', 'system'] as const;
export type MessageSource = (typeof MESSAGE_SOURCES)[number];

/** ack: 0 pending (clock), 1 sent to server, 2 sent, 3 delivered, 4 read, 5 played. -1 failed. */
export type Ack = -1 | 0 | 1 | 2 | 3 | 4 | 5;

export interface MessageVersion {
  body: string;
  editedAt: string;
}

/**
 * One message of a ticket. Inbound messages are unique per (connection, provider message id), which makes
 * ingest idempotent. The body is searchable through a generated tsvector column (see the migration).
 */
@Entity({ tableName: 'messages' })
@Index({ name: 'messages_ticket_created_index', properties: ['ticket', 'createdAt', 'id'] })
// Searches are always within a company: the index keys each word by its company (Migration20261227140000).
@Index({
  name: 'messages_company_words_index',
  expression: 'create index "messages_company_words_index" on "messages" using gin (message_company_words("company_id", "search_vector"))',
})
// A deleted message's quotes are found by this index, not by a scan (Migration20261227130000).
@Index({
  name: 'messages_quoted_index',
  expression: 'create index "messages_quoted_index" on "messages" ("quoted_msg_id") where "quoted_msg_id" is not null',
})
@Index({
  name: 'messages_whatsapp_provider_unique',
  expression: 'create unique index "messages_whatsapp_provider_unique" on "messages" ("whatsapp_id", "provider_id") where "provider_id" is not null',
})
// The outbound sweep reads only unsent outbound messages (Migration20261230100000).
@Index({
  name: 'messages_unsent_index',
  expression: 'create index "messages_unsent_index" on "messages" ("created_at") where "from_me" and "ack" = 0 and "provider_id" is null and not "is_deleted"',
})
@TenantScoped()
export class Message {
  @PrimaryKey({ type: 'bigint', autoincrement: true })
  id!: string;

  @ManyToOne(() => Company, { mapToPk: true, deleteRule: 'cascade', fieldName: 'company_id' })
  companyId!: CompanyId;

  @ManyToOne(() => Ticket, { ref: true, deleteRule: 'cascade' })
  ticket!: Ref<Ticket>;

  /**
   * The ticket's contact (a group's participant is `participant`). No foreign key of its own: the contact's tickets
   * and their messages go with it, and a constraint would scan every message on each contact deleted
   * (Migration20261228100000).
   */
  @ManyToOne(() => Contact, { ref: true, nullable: true, createForeignKeyConstraint: false })
  contact?: Ref<Contact> | null;

  /** Connection the message went through; with providerId, the idempotency key. */
  @Property({ type: 'integer', nullable: true })
  whatsappId?: number | null;

  @Property({ type: 'string', length: 128, nullable: true })
  providerId?: string | null;

  @Property({ type: 'text' })
  body: Opt<string> = '';

  @Property({ type: 'boolean' })
  fromMe: Opt<boolean> = false;

  @Property({ type: 'boolean' })
  read: Opt<boolean> = false;

  @Property({ type: 'string', length: 30 })
  mediaType: Opt<MediaType> = 'chat';

  /** The file (media_path, media_name): a server-made name under the company's folder of the media store (company{id}/), and the original name. */
  @Embedded(() => Media)
  media: Opt<Media> = new Media();

  @Property({ type: 'json', nullable: true })
  dataJson?: Record<string, unknown> | null;

  @ManyToOne(() => Message, { ref: true, nullable: true, deleteRule: 'set null' })
  quotedMsg?: Ref<Message> | null;

  @Property({ type: 'integer' })
  ack: Opt<number> = 0;

  @Property({ type: 'boolean' })
  isDeleted: Opt<boolean> = false;

  @Property({ type: 'boolean' })
  isEdited: Opt<boolean> = false;

  @Property({ type: 'json', nullable: true })
  oldMessages?: MessageVersion[] | null;

  @Property({ type: 'string', length: 12 })
  source: Opt<MessageSource> = 'contact';

  /** The attendant who sent an outbound message. */
  @Property({ type: 'integer', nullable: true })
  userId?: number | null;

  /** In groups, who sent an inbound message. */
  @Property({ type: 'string', length: 64, nullable: true })
  participant?: string | null;

  @Property({ type: 'text', nullable: true })
  sendError?: string | null;

  /**
   * Outbound: the provider id chosen before the first provider call. Every call for this message sends under it, so
   * a re-send (a retry, or a crash between the provider's answer and recording it) is the same message to the phone.
   */
  @Property({ type: 'string', length: 128, nullable: true })
  sendId?: string | null;

  /** Outbound: committed before each provider call, cleared when the call fails: set on an unsent message, its outcome is unknown. */
  @Property({ type: 'datetime', nullable: true })
  sendStartedAt?: Date | null;

  /** Outbound: provider calls made for this message. */
  @Property({ type: 'smallint' })
  sendAttempts: Opt<number> = 0;

  /** Full-text vector of the body, computed by PostgreSQL; queried in ticket search, never written. */
  @Property({
    type: 'unknown',
    columnType: 'tsvector',
    generated: "(to_tsvector('simple', coalesce(body, ''))) stored",
    nullable: true,
    lazy: true,
    hidden: true,
  })
  searchVector?: unknown;

  @Property({ type: 'datetime', onCreate: () => new Date() })
  createdAt: Opt<Date> = new Date();

  @Property({ type: 'datetime', onCreate: () => new Date(), onUpdate: () => new Date() })
  updatedAt: Opt<Date> = new Date();
}
