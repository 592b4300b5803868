import { DynamicModule, Module, Provider } from '@nestjs/common';
import { BullModule } from '@nestjs/bull';
import { ProcessRole, workerOnly } from '../../config/app-config';
import { QUEUES } from '../../jobs/jobs';
import { PresenceGateway } from './presence.gateway';
import { PresenceProcessor } from './presence.processor';
import { PresenceService } from './presence.service';
import { RealtimeModule } from '../../realtime/realtime.module';
import { AuthModule } from '../auth.module';

@Module({})
export class PresenceModule {
  /** Processors run on worker-capable processes only (ROLE all or worker). */
  static register(role: ProcessRole): DynamicModule {
    const providers: Provider[] = [PresenceService, PresenceGateway, ...workerOnly(role, [PresenceProcessor])];
    return {
      module: PresenceModule,
      // AuthModule: user events carry the session's user (SessionService).
      imports: [RealtimeModule, AuthModule, BullModule.registerQueue({ name: QUEUES.presence })],
      providers,
      exports: [PresenceService],
    };
  }
}
