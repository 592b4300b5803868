import type { CompanyId } from '../../common/tenancy/company-id';
import { Collection, Entity, Index, ManyToMany, ManyToOne, Opt, PrimaryKey, Property } from '@mikro-orm/core';
import { TenantScoped } from '../../common/tenancy/tenant-filter';
import { Company } from '../../tenant/companies/company.entity';
import { Queue } from '../../tenant/queues/queue.entity';

export const CONNECTION_STATUSES = ['CONNECTED', 'qrcode', 'PAIRING', 'DISCONNECTED', 'TIMEOUT', 'OPENING'] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];
/**
 * Who runs a connection. `baileys`: WhatsApp through a linked device (QR code or pairing code). `cloud`: Meta's official
 * WhatsApp Business Cloud API (credentials, a webhook, the 24-hour window and templates). `sandbox`: the simulated
 * phone network, as a linked device; `sandbox_cloud`: the same network behaving as the official API does (no QR code,
 * the window, templates, statuses). Both sandbox kinds exist outside production only.
 */
export const PROVIDERS = ['sandbox', 'baileys', 'cloud', 'sandbox_cloud'] as const;
export type ProviderName = (typeof PROVIDERS)[number];
/** The connection type an admin chooses: a linked device (QR code or pairing code) or the official API. */
export type ConnectionType = 'qrcode' | 'official';
export const OFFICIAL_PROVIDERS: readonly ProviderName[] = ['cloud', 'sandbox_cloud'];
export const isOfficial = (provider: string | null | undefined): boolean => OFFICIAL_PROVIDERS.includes(provider as ProviderName);
export const connectionType = (provider: string | null | undefined): ConnectionType => (isOfficial(provider) ? 'official' : 'qrcode');

/**
 * An approved template chosen for one automatic message of an official connection, sent instead of the text when the
 * customer's 24-hour window is closed. `params` fill the template's body variables in order ({{1}}, {{2}}, ...); each
 * may hold the platform's placeholders ({{name}}, {{firstName}}, {{protocol}}, ...), filled from the contact and ticket.
 */
export interface TemplateChoice {
  name: string;
  language: string;
  params: string[];
}
/** The automatic messages that need a template outside the window on an official connection. */
export const TEMPLATE_PURPOSES = ['greeting', 'farewell', 'rating', 'outOfHours', 'transfer', 'inactive', 'schedule', 'campaign'] as const;
export type TemplatePurpose = (typeof TEMPLATE_PURPOSES)[number];
export type TemplatePurposes = Partial<Record<TemplatePurpose, TemplateChoice>>;

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

  /** Official API: the phone number's id in Meta's Graph API (what messages are sent from). */
  @Property({ type: 'string', length: 40, nullable: true })
  cloudPhoneNumberId?: string | null;

  /** Official API: the WhatsApp Business Account id (its templates are synced from it). */
  @Property({ type: 'string', length: 40, nullable: true })
  cloudBusinessAccountId?: string | null;

  /** Official API: the permanent access token, sealed with SECRETS_KEY (never returned). */
  @Property({ type: 'text', nullable: true, hidden: true, lazy: true })
  cloudAccessToken?: string | null;

  /** Official API: the Meta app's secret, sealed with SECRETS_KEY (never returned): it signs the webhook's deliveries. */
  @Property({ type: 'text', nullable: true, hidden: true, lazy: true })
  cloudAppSecret?: string | null;

  /** Official API: what Meta's webhook verification must echo (made here at creation, shown to the admin). */
  @Property({ type: 'string', length: 64, nullable: true })
  cloudVerifyToken?: string | null;

  /** Official API: the number's quality rating as the Graph API last reported it (GREEN, YELLOW, RED, UNKNOWN). */
  @Property({ type: 'string', length: 16, nullable: true })
  qualityRating?: string | null;

  /** Official API: the number's messaging limit tier as last reported (TIER_250, TIER_1K, TIER_10K, TIER_100K, TIER_UNLIMITED). */
  @Property({ type: 'string', length: 32, nullable: true })
  messagingLimit?: string | null;

  /** Official API: the template chosen for each automatic message, sent outside the customer's 24-hour window. */
  @Property({ type: 'json', nullable: true })
  templatePurposes?: TemplatePurposes | null;

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
