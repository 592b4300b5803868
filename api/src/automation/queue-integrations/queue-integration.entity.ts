import type { CompanyId } from '../../common/tenancy/company-id';
import { Entity, Enum, Index, ManyToOne, Opt, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { TenantScoped } from '../../common/tenancy/tenant-filter';
import { Company } from '../../tenant/companies/company.entity';
import { Ticket } from '../../ticket/tickets/ticket.entity';

export const INTEGRATION_TYPES = ['dialogflow', 'n8n', 'webhook', 'typebot'] as const;
export type IntegrationType = (typeof INTEGRATION_TYPES)[number];
export const DIALOGFLOW_LANGUAGES = ['pt-BR', 'en', 'es'] as const;
export type DialogflowLanguage = (typeof DIALOGFLOW_LANGUAGES)[number];
/** Types whose name is also their project name, and which call a URL (urlN8N). */
export const URL_TYPES: readonly IntegrationType[] = ['n8n', 'webhook', 'typebot'];
/** Types whose outbound requests are signed with the integration's secret. */
export const SIGNED_TYPES: readonly IntegrationType[] = ['n8n', 'webhook'];

/**
 * A queue integration (back-office §3): what answers a ticket's customer before people do, chosen by a connection,
 * a queue or a queue option (`integrationId`). Credentials are sealed with SecretBox and never leave the server.
 */
@Entity({ tableName: 'queue_integrations' })
@TenantScoped()
@Index({ properties: ['companyId', 'name'] })
export class QueueIntegration {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne(() => Company, { mapToPk: true, deleteRule: 'cascade', fieldName: 'company_id' })
  companyId!: CompanyId;

  @Enum({ items: () => [...INTEGRATION_TYPES], columnType: 'varchar(20)' })
  type!: IntegrationType;

  @Property({ type: 'string', length: 50 })
  name!: string;

  /** Dialogflow: the Google Cloud project id. The other types: the name (set on save). */
  @Property({ type: 'string', length: 100, nullable: true })
  projectName?: string | null;

  /** Dialogflow: the service-account JSON, sealed (SecretBox). */
  @Property({ type: 'text', nullable: true })
  jsonContent?: string | null;

  @Enum({ items: () => [...DIALOGFLOW_LANGUAGES], columnType: 'varchar(10)' })
  language: Opt<DialogflowLanguage> = 'pt-BR';

  /** n8n and webhook: where each customer message is POSTed. Typebot: the server (viewer) URL. */
  @Property({ type: 'text', nullable: true, fieldName: 'url_n8n' })
  urlN8N?: string | null;

  /** Typebot: the public front-end URL (shown by the typebot page). */
  @Property({ type: 'text', nullable: true })
  urlFrontend?: string | null;

  @Property({ type: 'integer' })
  typebotDelayMessage: Opt<number> = 1000;

  /** Minutes of silence after which a typebot conversation starts over (0: never). */
  @Property({ type: 'integer' })
  typebotExpires: Opt<number> = 1;

  @Property({ type: 'string', length: 100, nullable: true })
  typebotKeywordFinish?: string | null;

  @Property({ type: 'string', length: 100, nullable: true })
  typebotKeywordRestart?: string | null;

  @Property({ type: 'text', nullable: true })
  typebotRestartMessage?: string | null;

  @Property({ type: 'string', length: 200, nullable: true })
  typebotSlug?: string | null;

  @Property({ type: 'text', nullable: true })
  typebotUnknownMessage?: string | null;

  /** n8n and webhook: the signing secret, sealed (SecretBox). */
  @Property({ type: 'text', nullable: true })
  secret?: string | null;

  /** The secret's last characters, for display. */
  @Property({ type: 'string', length: 20, nullable: true })
  secretHint?: string | null;

  @Property({ type: 'datetime', onCreate: () => new Date() })
  createdAt: Opt<Date> = new Date();

  @Property({ type: 'datetime', onCreate: () => new Date(), onUpdate: () => new Date() })
  updatedAt: Opt<Date> = new Date();
}

/** A ticket's conversation with a typebot: the chat API's session id, kept until it expires, restarts or ends. */
@Entity({ tableName: 'typebot_sessions' })
@TenantScoped()
@Unique({ properties: ['ticketId', 'integrationId'] })
export class TypebotSession {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne(() => Company, { mapToPk: true, deleteRule: 'cascade', fieldName: 'company_id' })
  companyId!: CompanyId;

  @ManyToOne(() => QueueIntegration, { mapToPk: true, deleteRule: 'cascade', fieldName: 'integration_id', index: true })
  integrationId!: number;

  @ManyToOne(() => Ticket, { mapToPk: true, deleteRule: 'cascade', fieldName: 'ticket_id' })
  ticketId!: number;

  @Property({ type: 'string', length: 200 })
  sessionId!: string;

  /** The options of the last choice input, in the order they were numbered. */
  @Property({ type: 'json', nullable: true })
  choices?: string[] | null;

  @Property({ type: 'datetime' })
  lastActivityAt!: Date;
}
