import type { CompanyId } from '../../common/tenancy/company-id';
import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { forkForCompany } from '../../common/tenancy/tenant-filter';
import { tenantSql } from '../../common/tenancy/tenant-sql';
import { stillAnswering } from './queue-integrations.queries';
import type { AgentIo } from '../agents/agent';
import { AgentIoFactory } from '../agents/agent-io.factory';

/**
 * The ticket side of a webhook/n8n answer that arrives after the turn (the delivery job posts it back): the
 * engine's AgentIo for the ticket, and whether the ticket is still this integration's to answer.
 */
@Injectable()
export class TicketIoFactory {
  constructor(
    private readonly em: EntityManager,
    private readonly ios: AgentIoFactory,
  ) {}

  for(companyId: CompanyId, ticketId: number): AgentIo {
    return this.ios.for(companyId, ticketId);
  }

  /**
   * Whether the ticket is still answered by this integration (pending, no attendant, useIntegration with this id).
   * A late answer to a ticket people took meanwhile is dropped.
   */
  async stillAnswering(companyId: CompanyId, ticketId: number, integrationId: number): Promise<boolean> {
    return stillAnswering(tenantSql(forkForCompany(this.em, companyId), companyId), ticketId, integrationId);
  }
}
