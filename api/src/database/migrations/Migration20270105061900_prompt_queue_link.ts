import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 30: a prompt's "Setor" (prompts.queue_id) and a queue's prompt (queues.prompt_id, what the engine reads) were
 * two settings; they are now one link, one prompt per queue and one queue per prompt, kept equal on both sides.
 * Existing rows are reconciled once: what answers customers today wins (a queue's prompt), a prompt's "Setor" whose
 * queue had no prompt now activates it, and a prompt left without its queue asks for one when edited.
 */
export class Migration20270105061900_prompt_queue_link extends Migration {
  override async up(): Promise<void> {
    // A prompt named by several queues stays on the first (lowest id); the others lose it.
    this.addSql(`update "queues" q set "prompt_id" = null where q."prompt_id" is not null and exists (
      select 1 from "queues" o where o."prompt_id" = q."prompt_id" and o."id" < q."id");`);
    // A prompt used by a queue takes that queue as its "Setor"; another prompt claiming the queue lets it go.
    this.addSql(`update "prompts" p set "queue_id" = null where p."queue_id" is not null and exists (
      select 1 from "queues" q where q."id" = p."queue_id" and q."prompt_id" is not null and q."prompt_id" <> p."id");`);
    this.addSql(`update "prompts" p set "queue_id" = q."id" from "queues" q where q."prompt_id" = p."id" and q."company_id" = p."company_id";`);
    // Prompts sharing a queue that uses none of them: the first (lowest id) keeps it.
    this.addSql(`update "prompts" p set "queue_id" = null where p."queue_id" is not null and exists (
      select 1 from "prompts" o where o."queue_id" = p."queue_id" and o."id" < p."id");`);
    // A prompt's "Setor" activates it on that queue.
    this.addSql(`update "queues" q set "prompt_id" = p."id" from "prompts" p where p."queue_id" = q."id" and p."company_id" = q."company_id" and q."prompt_id" is null;`);
    this.addSql(`create unique index "prompts_queue_id_unique" on "prompts" ("queue_id") where "queue_id" is not null;`);
    this.addSql(`create unique index "queues_prompt_id_unique" on "queues" ("prompt_id") where "prompt_id" is not null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "queues_prompt_id_unique";`);
    this.addSql(`drop index if exists "prompts_queue_id_unique";`);
  }
}
