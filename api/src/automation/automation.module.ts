import { DynamicModule, Module } from '@nestjs/common';
import { BullModule } from '@nestjs/bull';
import { AppConfig, workerOnly } from '../config/app-config';
import { QUEUES } from '../jobs/jobs';
import { TenantModule } from '../tenant/tenant.module';
import { TicketModule } from '../ticket/ticket.module';
import { AgentRunnerService } from './agents/agent-runner.service';
import { AgentsModule } from './agents/agents.module';
import { BusinessHoursService } from './business-hours/business-hours.service';
import { AutomationClock } from './chatbot/automation-clock';
import { ChatbotService } from './chatbot/chatbot.service';
import { TicketChangesListener } from './chatbot/ticket-changes.listener';
import { PromptsModule } from './prompts/prompts.module';
import { QueueIntegrationsModule } from './queue-integrations/queue-integrations.module';
import { RatingService } from './rating/rating.service';
import { AutomationProcessor } from './timers/automation.processor';
import { AutomationSweeperService } from './timers/automation-sweeper.service';
import { AutomationTimersService } from './timers/automation-timers.service';
import { RealtimeModule } from '../realtime/realtime.module';

/**
 * What happens to a customer's message before and around a person (ARCHITECTURE: the `automation` module): the
 * queue chatbot (greeting, queue menu, option tree), business hours and holidays, auto-close and queue redirect,
 * rating, automatic distribution, AI prompts and queue integrations. It listens to the ticket module's events;
 * nothing in ticket, connection or tenant imports it. See ./README.md for every rule.
 */
@Module({})
export class AutomationModule {
  static register(config: AppConfig): DynamicModule {
    return {
      module: AutomationModule,
      imports: [
        RealtimeModule,
        TicketModule,
        TenantModule,
        BullModule.registerQueue({ name: QUEUES.automation }),
        AgentsModule,
        PromptsModule,
        QueueIntegrationsModule.register(config),
      ],
      providers: [
        AutomationClock,
        BusinessHoursService,
        RatingService,
        AgentRunnerService,
        ChatbotService,
        TicketChangesListener,
        AutomationTimersService,
        AutomationSweeperService,
        ...workerOnly(config.role, [AutomationProcessor]),
      ],
      exports: [AutomationClock],
    };
  }
}
