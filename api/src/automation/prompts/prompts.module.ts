import { TenantModule } from '../../tenant/tenant.module';
import { AgentsModule } from '../agents/agents.module';
import { Module } from '@nestjs/common';
import { TicketModule } from '../../ticket/ticket.module';
import { PromptAgent } from './prompt.agent';
import { PromptsController } from './prompts.controller';
import { PromptsService } from './prompts.service';
import { CommonModule } from '../../common/common.module';
import { RealtimeModule } from '../../realtime/realtime.module';

/** AI prompts: CRUD (/prompt, plan flag useOpenAi) and the 'prompt' agent registered in AgentRegistry. See ./README.md. */
@Module({
  imports: [RealtimeModule, CommonModule, TicketModule, TenantModule, AgentsModule],
  controllers: [PromptsController],
  providers: [PromptsService, PromptAgent],
  exports: [PromptsService],
})
export class PromptsModule {}
