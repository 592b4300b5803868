import type { EntityManager } from '@mikro-orm/postgresql';
import type { CompanyId } from '../../common/tenancy/company-id';
import { tenantSql } from '../../common/tenancy/tenant-sql';
import { promptsLeaveQueue, queuesLeavePrompt, setLink } from './queues.queries';

/** The rows a link change touched besides the one being saved, for their realtime announcements. */
export interface LinkChanges {
  queueIds: number[];
  promptIds: number[];
}

/**
 * A queue's AI prompt (`queues.prompt_id`, what the engine reads) and a prompt's "Setor" (`prompts.queue_id`) are one
 * link, kept equal in both tables: one prompt per queue and one queue per prompt (the unique indexes of
 * Migration20270105061900_prompt_queue_link guard it). Choosing a link replaces the old ones of both sides: the
 * prompt's former queue loses its prompt, and the queue's former prompt loses its queue (it then asks for one, as
 * after its queue was deleted). SQL by table name (queues.queries.ts): tenant does not import the automation module that owns prompts.
 * Runs inside the caller's transaction; the caller sets the side it saves through the ORM.
 */
export async function linkQueueAndPrompt(
  em: EntityManager,
  companyId: CompanyId,
  link: { queueId: number | null; promptId: number | null },
): Promise<LinkChanges> {
  const sql = tenantSql(em, companyId);
  const queueIds: number[] = [];
  const promptIds: number[] = [];
  const { queueId, promptId } = link;
  if (queueId !== null) {
    // The queue's former prompt (another one) loses its queue.
    promptIds.push(...(await promptsLeaveQueue(sql, queueId, promptId)));
  }
  if (promptId !== null) {
    // The prompt's former queue (another one) loses its prompt.
    queueIds.push(...(await queuesLeavePrompt(sql, promptId, queueId)));
  }
  if (queueId !== null && promptId !== null) {
    // The row being saved gets its updated_at from the ORM; these only make the link equal on both sides.
    await setLink(sql, queueId, promptId);
  }
  return { queueIds, promptIds };
}
