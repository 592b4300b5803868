import type { CompanyId } from '../../common/tenancy/company-id';
import { Entity, Index, ManyToOne, Opt, PrimaryKey, Property } from '@mikro-orm/core';
import { TenantScoped } from '../../common/tenancy/tenant-filter';
import { Company } from '../../tenant/companies/company.entity';
import { Queue } from '../../tenant/queues/queue.entity';

/** The voice value that means "answer in text" (the spec's default). */
export const TEXT_VOICE = 'texto';
export const DEFAULT_PROMPT_MODEL = 'gpt-4o-mini';

/**
 * An AI assistant of a queue (the spec's prompt): the instructions, the model settings and the credentials of an
 * OpenAI-compatible service. `apiKey` and `voiceKey` are SecretBox-sealed; they never leave the server.
 */
@Entity({ tableName: 'prompts' })
@TenantScoped()
@Index({ properties: ['companyId', 'name'] })
// One prompt per queue (the link's other side: queues_prompt_id_unique).
@Index({ name: 'prompts_queue_id_unique', expression: 'create unique index "prompts_queue_id_unique" on "prompts" ("queue_id") where "queue_id" is not null' })
export class Prompt {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne(() => Company, { mapToPk: true, deleteRule: 'cascade', fieldName: 'company_id' })
  companyId!: CompanyId;

  @Property({ type: 'string', length: 100 })
  name!: string;

  /** The system instructions. */
  @Property({ type: 'text' })
  prompt!: string;

  /** Sealed (SecretBox). */
  @Property({ type: 'text' })
  apiKey!: string;

  /** Required when saving; null only after its queue was deleted (the prompt is kept, and says it needs a queue). */
  @ManyToOne(() => Queue, { mapToPk: true, nullable: true, deleteRule: 'set null', fieldName: 'queue_id', index: true })
  queueId?: number | null;

  /** 'texto' (text replies) or the name of a text-to-speech voice. */
  @Property({ type: 'string', length: 100 })
  voice: Opt<string> = TEXT_VOICE;

  /** Sealed (SecretBox), or null. */
  @Property({ type: 'text', nullable: true })
  voiceKey?: string | null;

  @Property({ type: 'string', length: 50, nullable: true })
  voiceRegion?: string | null;

  @Property({ type: 'integer' })
  maxTokens: Opt<number> = 100;

  @Property({ type: 'double' })
  temperature: Opt<number> = 1;

  @Property({ type: 'integer' })
  maxMessages: Opt<number> = 10;

  @Property({ type: 'string', length: 100 })
  model: Opt<string> = DEFAULT_PROMPT_MODEL;

  /** An OpenAI-compatible service's base URL; null means OpenAI's. */
  @Property({ type: 'string', length: 500, nullable: true })
  baseUrl?: string | null;

  @Property({ type: 'datetime', onCreate: () => new Date() })
  createdAt: Opt<Date> = new Date();

  @Property({ type: 'datetime', onCreate: () => new Date(), onUpdate: () => new Date() })
  updatedAt: Opt<Date> = new Date();
}
