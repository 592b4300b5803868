import type { CompanyId } from '../../common/tenancy/company-id';
import { Collection, Entity, Index, ManyToMany, ManyToOne, Opt, PrimaryKey, Property } from '@mikro-orm/core';
import { TenantScoped } from '../../common/tenancy/tenant-filter';
import { Company } from '../../tenant/companies/company.entity';
import { Queue } from '../../tenant/queues/queue.entity';

export const CONNECTION_STATUSES = ['CONNECTED', 'qrcode', 'PAIRING', 'DISCONNECTED', 'TIMEOUT', 'OPENING'] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];
export const PROVIDERS = ['sandbox', 'baileys'] as const;
export type ProviderName = (typeof PROVIDERS)[number];

/** A WhatsApp connection (a phone number) of a company. `session` holds provider secrets and never leaves the server. */
@Entity({ tableName: 'whatsapps' })
@Index({
  name: 'whatsapps_token_hash_unique',
  expression: 'create unique index "whatsapps_token_hash_unique" on "whatsapps" ("token_hash") where "token_hash" is not null',
})
@Index({
  name: 'whatsapps_one_default_per_company',
  expression: 'create unique index "whatsapps_one_default_per_company" on "whatsapps" ("company_id") where "is_default"',
})
@Index({
  name: 'whatsapps_name_per_company',
  expression: 'create unique index "whatsapps_name_per_company" on "whatsapps" ("company_id", lower("name"))',
})
@TenantScoped()
export class Whatsapp {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne(() => Company, { mapToPk: true, deleteRule: 'cascade', fieldName: 'company_id' })
  @Index()
  companyId!: CompanyId;

  @Property({ type: 'string', length: 50 })
  name!: string;

  @Property({ type: 'string', length: 20 })
  status: Opt<ConnectionStatus> = 'DISCONNECTED';

  @Property({ type: 'text', nullable: true })
  qrcode?: string | null;

  @Property({ type: 'integer' })
  retries: Opt<number> = 0;

  @Property({ type: 'boolean' })
  isDefault: Opt<boolean> = false;

  @Property({ type: 'string', length: 20 })
  provider: Opt<ProviderName> = 'sandbox';

  /** The connected phone number (digits), known once connected. */
  @Property({ type: 'string', length: 30, nullable: true })
  number?: string | null;

  /** Provider auth state (secret). */
  @Property({ type: 'json', nullable: true, hidden: true, lazy: true })
  session?: unknown;

  /** SHA-256 (hex) of the external send-message API's token; the token itself is shown once and never stored. */
  @Property({ type: 'string', length: 64, nullable: true, hidden: true })
  tokenHash?: string | null;

  /** The token's first characters and last four, to recognise it by (`atd_…1a2b`). */
  @Property({ type: 'string', length: 16, nullable: true })
  tokenHint?: string | null;

  /** Pairing-code login: the phone number (digits) to pair, until the connection is CONNECTED. */
  @Property({ type: 'string', length: 20, nullable: true })
  pairingNumber?: string | null;

  /** The code to type on the phone while status is PAIRING (as secret as the QR code). */
  @Property({ type: 'string', length: 16, nullable: true })
  pairingCode?: string | null;

  @Property({ type: 'text', nullable: true }) greetingMessage?: string | null;
  @Property({ type: 'text', nullable: true }) complationMessage?: string | null;
  @Property({ type: 'text', nullable: true }) outOfHoursMessage?: string | null;
  @Property({ type: 'text', nullable: true }) ratingMessage?: string | null;
  @Property({ type: 'text', nullable: true }) transferMessage?: string | null;
  /** The AI prompt answering new tickets (automation's `prompts`, named by string: connection does not import automation). */
  @ManyToOne({ entity: 'Prompt', mapToPk: true, nullable: true, deleteRule: 'set null', fieldName: 'prompt_id' })
  promptId?: number | null;
  /**
   * The queue integration answering new tickets (automation's `queue_integrations`, named by string: connection does
   * not import automation). The foreign key clears it when the integration is deleted.
   */
  @ManyToOne({ entity: 'QueueIntegration', mapToPk: true, nullable: true, deleteRule: 'set null', fieldName: 'integration_id' })
  integrationId?: number | null;
  @Property({ type: 'integer' }) timeSendQueue: Opt<number> = 0;
  @Property({ type: 'integer', nullable: true }) sendIdQueue?: number | null;
  @Property({ type: 'text', nullable: true }) expiresInactiveMessage?: string | null;
  @Property({ type: 'integer' }) expiresTicket: Opt<number> = 0;
  @Property({ type: 'integer' }) timeUseBotQueues: Opt<number> = 0;
  @Property({ type: 'integer' }) maxUseBotQueues: Opt<number> = 3;

  @ManyToMany(() => Queue, undefined, { pivotTable: 'whatsapp_queues', joinColumn: 'whatsapp_id', inverseJoinColumn: 'queue_id' })
  queues = new Collection<Queue>(this);

  @Property({ type: 'datetime', onCreate: () => new Date() })
  createdAt: Opt<Date> = new Date();

  @Property({ type: 'datetime', onCreate: () => new Date(), onUpdate: () => new Date() })
  updatedAt: Opt<Date> = new Date();
}
