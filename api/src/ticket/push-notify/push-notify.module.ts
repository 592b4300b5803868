import { Module } from '@nestjs/common';
import { PushModule } from '../../auth/push/push.module';
import { TenantModule } from '../../tenant/tenant.module';
import { TicketModule } from '../ticket.module';
import { PushNotifyListener } from './push-notify.listener';
import { RealtimeModule } from '../../realtime/realtime.module';

/**
 * Incoming messages → web push. Here, not in auth: the ticket module may use auth's PushService, never the reverse.
 * Ingest's after-commit event fires on the process that runs the connection's session.
 */
@Module({
  imports: [RealtimeModule, TicketModule, TenantModule, PushModule],
  providers: [PushNotifyListener],
  exports: [PushNotifyListener],
})
export class PushNotifyModule {}
