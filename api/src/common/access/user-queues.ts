import type { CompanyId } from '../tenancy/company-id';
import type { EntityManager } from '@mikro-orm/postgresql';
import { tenantSql } from '../tenancy/tenant-sql';
import { userQueueIds } from './access.queries';

/**
 * The queues a user works in, within their company: the one definition the ticket visibility rule
 * (TicketAccessService) and the socket rooms (RealtimeGateway) both read, so the two never disagree.
 */
export async function queueIdsOfUser(em: EntityManager, companyId: CompanyId, userId: number): Promise<number[]> {
  return userQueueIds(tenantSql(em, companyId), userId);
}
