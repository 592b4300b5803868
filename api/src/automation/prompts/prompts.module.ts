import { TenantModule } from '../../tenant/tenant.module';
import { AgentsModule } from '../agents/agents.module';
import { Module } from '@nestjs/common';
import { TicketModule } from '../../ticket/ticket.module';
import { PromptAgent } from './prompt.agent';
import { PromptsController } from './prompts.controller';
import { PromptsService } from './prompts.service';

/** AI prompts: CRUD (/prompt, plan flag useOpenAi) and the 'prompt' agent registered in AgentRegistry. See ./README.md. */
@Module({
  imports: [TicketModule, TenantModule, AgentsModule],
  controllers: [PromptsController],
  providers: [PromptsService, PromptAgent],
  exports: [PromptsService],
})
export class PromptsModule {}
