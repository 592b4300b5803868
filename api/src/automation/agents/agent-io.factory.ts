import type { CompanyId } from '../../common/tenancy/company-id';
import { Injectable, Logger } from '@nestjs/common';
import { TicketSystemTransitionsService } from '../../ticket/tickets/ticket-system-transitions.service';
import { DistributionService } from '../distribution/distribution.service';
import { BotSenderService } from '../chatbot/bot-sender.service';
import type { AgentIo } from './agent';

/**
 * The `AgentIo` of one ticket: what an agent (AI prompt, integration) may do to the conversation it answers.
 * Agents that answer later (a webhook's reply arriving after the request) ask for one by company and ticket.
 */
@Injectable()
export class AgentIoFactory {
  private readonly log = new Logger('AgentIo');

  constructor(
    private readonly send: BotSenderService,
    private readonly system: TicketSystemTransitionsService,
    private readonly distribution: DistributionService,
  ) {}

  for(companyId: CompanyId, ticketId: number): AgentIo {
    return {
      sendText: (body) => this.send.text(companyId, ticketId, body),
      sendMedia: (media) => this.send.file(companyId, ticketId, media.data, media.fileName, media.caption ?? ''),
      handOff: async (reason) => {
        this.log.log(`ticket ${ticketId}: handed to people (${reason})`);
        const done = await this.system.setFields(
          companyId,
          ticketId,
          { useIntegration: false, integrationId: null, promptId: null },
          (t) => t.status !== 'closed',
        );
        if (done) await this.distribution.distribute(companyId, ticketId);
      },
      close: async () => {
        await this.system.close(companyId, ticketId, 'bot');
      },
    };
  }
}
