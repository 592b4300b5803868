import type { CompanyId } from './company-id';
import type { EntityManager } from '@mikro-orm/postgresql';
import { tenantSql } from '../database/tenant-sql';

/**
 * The queues a user works in, within their company: the one definition the ticket visibility rule
 * (TicketAccessService) and the socket rooms (RealtimeGateway) both read, so the two never disagree.
 */
export async function queueIdsOfUser(em: EntityManager, companyId: CompanyId, userId: number): Promise<number[]> {
  const rows = await tenantSql(em, companyId).execute<{ queue_id: number }>(
    'select uq.queue_id from user_queues uq join queues q on q.id = uq.queue_id where uq.user_id = ? and q.company_id = :companyId order by uq.queue_id',
    [userId],
  );
  return rows.map((r) => r.queue_id);
}
