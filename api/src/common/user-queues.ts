import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * The queues a user works in, within their company: the one definition the ticket visibility rule
 * (TicketAccessService) and the socket rooms (RealtimeGateway) both read, so the two never disagree.
 */
export async function queueIdsOfUser(em: EntityManager, companyId: number, userId: number): Promise<number[]> {
  const rows = await em
    .getConnection()
    .execute<{ queue_id: number }[]>(
      'select uq.queue_id from user_queues uq join queues q on q.id = uq.queue_id where uq.user_id = ? and q.company_id = ? order by uq.queue_id',
      [userId, companyId],
    );
  return rows.map((r) => r.queue_id);
}
