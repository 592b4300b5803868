import { DynamicModule, Module } from '@nestjs/common';
import { BullModule } from '@nestjs/bull';
import { ProcessRole, workerOnly } from '../../config/app-config';
import { QUEUES } from '../../jobs/jobs';
import { MessageSendProcessor } from './message-send.processor';
import { OutboundSweeperService } from './outbound-sweeper.service';
import { TicketModule } from '../ticket.module';
import { ConnectionModule } from '../../connection/connection.module';

/**
 * The outbound-send worker and the outbound sweep. They run where WhatsApp sessions run (ROLE all or worker): a
 * process with ROLE=api owns no session, so it only enqueues sends and leaves them to the workers.
 */
@Module({})
export class MessagingWorkerModule {
  static register(role: ProcessRole): DynamicModule {
    return {
      module: MessagingWorkerModule,
      imports: [TicketModule, ConnectionModule, BullModule.registerQueue({ name: QUEUES.messages })],
      providers: workerOnly(role, [MessageSendProcessor, OutboundSweeperService]),
    };
  }
}
