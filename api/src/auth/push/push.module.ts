import { DynamicModule, Module } from '@nestjs/common';
import { BullModule } from '@nestjs/bull';
import { ProcessRole, workerOnly } from '../../config/app-config';
import { QUEUES } from '../../jobs/jobs';
import { PushController } from './push.controller';
import { PushDeliveryService } from './push-delivery.service';
import { PushProcessor } from './push.processor';
import { PushService } from './push.service';
import { VapidKeysService } from './vapid-keys.service';
import { CommonModule } from '../../common/common.module';

/**
 * Web push (ARCHITECTURE: the auth module owns push subscriptions): the routes, the VAPID keys and PushService,
 * which other modules use to notify users. Deliveries run in PushWorkerModule.
 */
@Module({
  imports: [CommonModule, BullModule.registerQueue({ name: QUEUES.push })],
  controllers: [PushController],
  providers: [PushService, VapidKeysService],
  exports: [PushService, VapidKeysService],
})
export class PushModule {}

/** The delivery processor, on worker-capable processes only (ROLE all or worker). */
@Module({})
export class PushWorkerModule {
  static register(role: ProcessRole): DynamicModule {
    return {
      module: PushWorkerModule,
      imports: [CommonModule, PushModule, BullModule.registerQueue({ name: QUEUES.push })],
      providers: workerOnly(role, [PushDeliveryService, PushProcessor]),
    };
  }
}
