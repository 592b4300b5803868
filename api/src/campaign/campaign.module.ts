import { DynamicModule, Module } from '@nestjs/common';
import { BullModule } from '@nestjs/bull';
import { AppConfig, workerOnly } from '../config/app-config';
import { QUEUES } from '../jobs/jobs';
import { TicketModule } from '../ticket/ticket.module';
import { ConnectionModule } from '../connection/connection.module';
import { FileListsController } from './file-lists/file-lists.controller';
import { FileListsService } from './file-lists/file-lists.service';
import { CampaignSettingsController } from './campaign-settings/campaign-settings.controller';
import { CampaignSettingsService } from './campaign-settings/campaign-settings.service';
import { CampaignsController } from './campaigns/campaigns.controller';
import { CampaignsService } from './campaigns/campaigns.service';
import { CampaignRecipientsController } from './campaigns/campaign-recipients.controller';
import { CampaignRecipientsService } from './campaigns/campaign-recipients.service';
import { CampaignDispatchService } from './campaigns/campaign-dispatch.service';
import { CampaignEventsService } from './campaigns/campaign-events.service';
import { CampaignProcessor } from './campaigns/campaign.processor';
import { CampaignSweeperService } from './campaigns/campaign-sweeper.service';
import { ContactListsController } from './contact-lists/contact-lists.controller';
import { ContactListItemsController } from './contact-lists/contact-list-items.controller';
import { ContactListsService } from './contact-lists/contact-lists.service';
import { ContactListItemsService } from './contact-lists/contact-list-items.service';
import { ContactListImportService } from './contact-lists/contact-list-import.service';
import { ContactListCheckService } from './contact-lists/contact-list-check.service';
import { ContactListsProcessor } from './contact-lists/contact-lists.processor';
import { SchedulesController } from './schedules/schedules.controller';
import { SchedulesService } from './schedules/schedules.service';
import { ScheduleSendService } from './schedules/schedule-send.service';
import { ScheduleProcessor } from './schedules/schedule.processor';
import { ScheduleSweeperService } from './schedules/schedule-sweeper.service';
import { RealtimeModule } from '../realtime/realtime.module';

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
      imports: [RealtimeModule, TicketModule, ConnectionModule, BullModule.registerQueue({ name: QUEUES.campaigns })],
      controllers: [
        CampaignsController,
        CampaignRecipientsController,
        FileListsController,
        CampaignSettingsController,
        ContactListsController,
        ContactListItemsController,
        SchedulesController,
      ],
      providers: [
        CampaignsService,
        CampaignRecipientsService,
        CampaignDispatchService,
        CampaignEventsService,
        FileListsService,
        CampaignSettingsService,
        ContactListsService,
        ContactListItemsService,
        SchedulesService,
        ScheduleSendService,
        ...workerOnly(config.role, [
          CampaignProcessor,
          CampaignSweeperService,
          ContactListImportService,
          ContactListCheckService,
          ContactListsProcessor,
          ScheduleSweeperService,
          ScheduleProcessor,
        ]),
      ],
    };
  }
}
