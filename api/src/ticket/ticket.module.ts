import { Module } from '@nestjs/common';
import { BullModule } from '@nestjs/bull';
import { QUEUES } from '../jobs/jobs';
import { IngestService } from './ingest.service';
import { MediaStorageService } from './media-storage.service';
import { MessagesController } from './messages.controller';
import { MessagesService } from './messages.service';
import { OutboundService } from './outbound.service';
import { TicketAccessService } from './ticket-access.service';
import { TenantModule } from '../tenant/tenant.module';
import { DashboardController } from './dashboard.controller';
import { DashboardService } from './dashboard.service';
import { QueuesController } from './queues.controller';
import { QueuesService } from './queues.service';
import { TicketEventsService } from './ticket-events.service';
import { ContactsController } from './contacts.controller';
import { ContactsService } from './contacts.service';
import { KanbanController, TicketTagsController } from './kanban.controller';
import { KanbanService } from './kanban.service';
import { QuickMessagesController } from './quick-messages.controller';
import { QuickMessagesService } from './quick-messages.service';
import { TagsController } from './tags.controller';
import { TagsService } from './tags.service';
import { TicketNotesController } from './ticket-notes.controller';
import { TicketNotesService } from './ticket-notes.service';
import { TicketSearchService } from './ticket-search.service';
import { TicketTransitionsService } from './ticket-transitions.service';
import { TicketsController } from './tickets.controller';
import { TicketsService } from './tickets.service';

@Module({
  imports: [TenantModule, BullModule.registerQueue({ name: QUEUES.messages })],
  controllers: [
    TicketsController,
    MessagesController,
    ContactsController,
    TicketNotesController,
    TagsController,
    TicketTagsController,
    KanbanController,
    QuickMessagesController,
    DashboardController,
    QueuesController,
  ],
  providers: [
    TicketsService,
    TicketSearchService,
    TicketTransitionsService,
    IngestService,
    MediaStorageService,
    MessagesService,
    OutboundService,
    TicketAccessService,
    ContactsService,
    TicketNotesService,
    TagsService,
    KanbanService,
    QuickMessagesService,
    DashboardService,
    QueuesService,
    TicketEventsService,
  ],
  exports: [IngestService, OutboundService, TicketAccessService, MediaStorageService, QueuesService, TicketEventsService],
})
export class TicketModule {}
