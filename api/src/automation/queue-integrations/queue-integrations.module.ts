import { DynamicModule, Module } from '@nestjs/common';
import { BullModule } from '@nestjs/bull';
import { AppConfig, workerOnly } from '../../config/app-config';
import { QUEUES } from '../../jobs/jobs';
import { AgentsModule } from '../agents/agents.module';
import { DialogflowAgent } from './agents/dialogflow.agent';
import { TypebotAgent } from './agents/typebot.agent';
import { WebhookDeliveryProcessor } from './agents/webhook-delivery.processor';
import { WebhookDeliveryService } from './agents/webhook-delivery.service';
import { N8nAgent, WebhookAgent } from './agents/webhook.agent';
import { DialogflowGateway } from './dialogflow.gateway';
import { QueueIntegrationsController } from './queue-integrations.controller';
import { QueueIntegrationsService } from './queue-integrations.service';
import { TicketIoFactory } from './ticket-io';
import { CommonModule } from '../../common/common.module';
import { RealtimeModule } from '../../realtime/realtime.module';

/**
 * Queue integrations: CRUD (/queueIntegration, dialogflow test) and the webhook, n8n, typebot and dialogflow
 * agents (registered in AgentRegistry). Webhook/n8n deliveries are jobs on QUEUES.automation, processed on workers
 * only. See ./README.md for the rules.
 */
@Module({})
export class QueueIntegrationsModule {
  static register(config: AppConfig): DynamicModule {
    return {
      module: QueueIntegrationsModule,
      imports: [RealtimeModule, CommonModule, BullModule.registerQueue({ name: QUEUES.automation }), AgentsModule],
      controllers: [QueueIntegrationsController],
      providers: [
        QueueIntegrationsService,
        DialogflowGateway,
        TicketIoFactory,
        WebhookAgent,
        N8nAgent,
        TypebotAgent,
        DialogflowAgent,
        WebhookDeliveryService,
        ...workerOnly(config.role, [WebhookDeliveryProcessor]),
      ],
      exports: [QueueIntegrationsService, DialogflowGateway],
    };
  }
}
