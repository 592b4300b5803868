import { DynamicModule, Module } from '@nestjs/common';
import type { AppConfig } from '../config/app-config';
import { MessagingWorkerModule } from './messages/messaging-worker.module';
import { PushNotifyModule } from './push-notify/push-notify.module';
import { TicketModule } from './ticket.module';

/**
 * The ticket domain as the application registers it: tickets, messages, contacts and the rest (TicketModule, which
 * campaign and automation import), the outbound-send worker and sweep (worker processes), and the web push of
 * incoming messages.
 */
@Module({})
export class TicketDomainModule {
  static register(config: AppConfig): DynamicModule {
    return { module: TicketDomainModule, imports: [TicketModule, MessagingWorkerModule.register(config.role), PushNotifyModule] };
  }
}
