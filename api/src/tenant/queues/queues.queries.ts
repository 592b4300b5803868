import type { Statements } from '../../common/tenancy/sql-statements';
import type { TenantSql } from '../../common/tenancy/tenant-sql';

/** Every statement of tenant/queues (see src/common/tenancy/README.md): the queue and prompt link, and the form's checks. */

const PROMPTS_LEAVE_QUEUE =
  'update prompts set queue_id = null, updated_at = now() where company_id = :companyId and queue_id = ? and id is distinct from ? returning id';
const QUEUES_LEAVE_PROMPT =
  'update queues set prompt_id = null, updated_at = now() where company_id = :companyId and prompt_id = ? and id is distinct from ? returning id';
const SET_QUEUE_PROMPT = 'update queues set prompt_id = ? where company_id = :companyId and id = ?';
const SET_PROMPT_QUEUE = 'update prompts set queue_id = ? where company_id = :companyId and id = ?';
const PROMPT_EXISTS = 'select 1 from prompts where id = ? and company_id = :companyId';
const INTEGRATION_EXISTS = 'select 1 from queue_integrations where id = ? and company_id = :companyId';

export const STATEMENTS: Statements = {
  integrationExists: INTEGRATION_EXISTS,
  promptExists: PROMPT_EXISTS,
  promptsLeaveQueue: PROMPTS_LEAVE_QUEUE,
  queuesLeavePrompt: QUEUES_LEAVE_PROMPT,
  setPromptQueue: SET_PROMPT_QUEUE,
  setQueuePrompt: SET_QUEUE_PROMPT,
};

/** The queue's prompts other than `keep` lose their queue: their ids. */
export async function promptsLeaveQueue(db: TenantSql, queueId: number, keep: number | null): Promise<number[]> {
  return (await db.execute<{ id: number }>(PROMPTS_LEAVE_QUEUE, [queueId, keep])).map((r) => r.id);
}

/** The prompt's queues other than `keep` lose their prompt: their ids. */
export async function queuesLeavePrompt(db: TenantSql, promptId: number, keep: number | null): Promise<number[]> {
  return (await db.execute<{ id: number }>(QUEUES_LEAVE_PROMPT, [promptId, keep])).map((r) => r.id);
}

/** Both sides of a link, without touching updated_at. */
export async function setLink(db: TenantSql, queueId: number, promptId: number): Promise<void> {
  await db.execute(SET_QUEUE_PROMPT, [promptId, queueId], 'run');
  await db.execute(SET_PROMPT_QUEUE, [queueId, promptId], 'run');
}

export async function promptExists(db: TenantSql, id: number): Promise<boolean> {
  return (await db.execute(PROMPT_EXISTS, [id])).length > 0;
}

export async function integrationExists(db: TenantSql, id: number): Promise<boolean> {
  return (await db.execute(INTEGRATION_EXISTS, [id])).length > 0;
}
