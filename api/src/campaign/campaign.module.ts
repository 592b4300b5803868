import { DynamicModule, Module } from '@nestjs/common';
import { BullModule } from '@nestjs/bull';
import { AppConfig, workerOnly } from '../config/app-config';
import { QUEUES } from '../jobs/jobs';
import { TicketModule } from '../ticket/ticket.module';

/**
 * Mass and scheduled sending (ARCHITECTURE: the `campaign` module): scheduled messages, campaigns with their
 * dispatch, settings and report, contact lists and their items (spreadsheet import), file lists.
 * It sends through the ticket module's outbound pipeline and asks the connection module which numbers have
 * WhatsApp; nothing there imports this module. Processors run only on worker processes. See ./README.md.
 */
@Module({})
export class CampaignModule {
  static register(config: AppConfig): DynamicModule {
    return {
      module: CampaignModule,
      imports: [TicketModule, BullModule.registerQueue({ name: QUEUES.campaigns })],
      controllers: [],
      providers: [...workerOnly(config.role, [])],
    };
  }
}
