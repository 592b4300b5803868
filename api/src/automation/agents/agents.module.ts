import { Module } from '@nestjs/common';
import { TenantModule } from '../../tenant/tenant.module';
import { TicketModule } from '../../ticket/ticket.module';
import { DistributionService } from '../distribution/distribution.service';
import { BotSenderService } from '../chatbot/bot-sender.service';
import { AgentIoFactory } from './agent-io.factory';
import { AgentRegistry } from './agent-registry';

/**
 * What the engine and the agent modules (prompts, queue integrations) share, one per process: the agent registry,
 * the `AgentIo` factory, the bot's sender and distribution (a hand-off offers the ticket to people). The agent
 * modules (prompts, queue integrations) and the automation module import it; being static, it is made once.
 */
@Module({
  imports: [TicketModule, TenantModule],
  providers: [AgentRegistry, AgentIoFactory, BotSenderService, DistributionService],
  exports: [AgentRegistry, AgentIoFactory, BotSenderService, DistributionService],
})
export class AgentsModule {}
