import type { CompanyId } from '../../common/tenancy/company-id';
import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { forkForCompany } from '../../common/tenancy/tenant-filter';
import { tenantSql } from '../../common/tenancy/tenant-sql';
import { integrationType, turnMessage } from './agents.queries';
import type { StoredInbound } from '../../ticket/ingest/ingest.service';
import type { Ticket } from '../../ticket/tickets/ticket.entity';
import type { AgentKind, AgentTurn } from './agent';
import { AgentIoFactory } from './agent-io.factory';
import { AgentRegistry } from './agent-registry';

/**
 * Gives one customer message to the agent a ticket talks to: its integration (by the integration's type) or its
 * AI prompt. An agent that fails, or a ticket whose agent no longer exists, is handed to people, so a customer
 * is never left talking to nothing.
 */
@Injectable()
export class AgentRunnerService {
  private readonly log = new Logger('Agents');

  constructor(
    private readonly em: EntityManager,
    private readonly registry: AgentRegistry,
    private readonly ios: AgentIoFactory,
  ) {}

  async run(ticket: Ticket, stored: StoredInbound, first: boolean): Promise<void> {
    const companyId = ticket.companyId;
    const io = this.ios.for(companyId, ticket.id);
    const kind = await this.kindOf(companyId, ticket);
    const agent = kind ? this.registry.get(kind) : undefined;
    if (!agent) return io.handOff(kind ? `no ${kind} agent on this process` : 'its integration or prompt was deleted');
    const turn = await this.turnOf(ticket, stored, first);
    if (!turn) return;
    try {
      await agent.respond(turn, io);
    } catch (e) {
      this.log.warn(`ticket ${ticket.id}: ${kind} agent failed (${String(e)}); handing to people`);
      await io.handOff(`${kind} agent failed`);
    }
  }

  private async kindOf(companyId: CompanyId, ticket: Ticket): Promise<AgentKind | null> {
    if (ticket.useIntegration && ticket.integrationId) {
      return integrationType(tenantSql(forkForCompany(this.em, companyId), companyId), ticket.integrationId);
    }
    return ticket.promptId ? 'prompt' : null;
  }

  private async turnOf(ticket: Ticket, stored: StoredInbound, first: boolean): Promise<AgentTurn | null> {
    const companyId = ticket.companyId;
    const m = await turnMessage(tenantSql(forkForCompany(this.em, companyId), companyId), stored.messageId);
    if (!m) return null;
    const contact = ticket.contact.getEntity();
    return {
      companyId,
      ticketId: ticket.id,
      ticketUuid: ticket.uuid,
      whatsappId: stored.whatsappId,
      queueId: ticket.queue?.id ?? null,
      contact: { id: contact.id, name: contact.name, number: contact.number, email: contact.email ?? null },
      message: { id: stored.messageId, body: m.body, mediaType: m.media_type, mediaPath: m.media_path, createdAt: new Date(m.created_at) },
      first,
    };
  }
}
