import { Module } from '@nestjs/common';
import { BullModule } from '@nestjs/bull';
import { QUEUES } from '../jobs/jobs';
import { IngestService } from './ingest/ingest.service';
import { MessageUpdatesService } from './ingest/message-updates.service';
import { MediaStorageService } from './messages/media-storage.service';
import { MessagesController } from './messages/messages.controller';
import { MessagesService } from './messages/messages.service';
import { MessagesApiController } from './messages-api/messages-api.controller';
import { MessagesApiService } from './messages-api/messages-api.service';
import { OutboundService } from './messages/outbound.service';
import { OfficialMessagesController } from './official/official-messages.controller';
import { OfficialMessagesService } from './official/official-messages.service';
import { TicketAccessService } from './tickets/ticket-access.service';
import { TicketMarksService } from './tickets/ticket-marks.service';
import { TenantModule } from '../tenant/tenant.module';
import { ConnectionModule } from '../connection/connection.module';
import { DashboardController } from './dashboard/dashboard.controller';
import { DashboardService } from './dashboard/dashboard.service';
import { TicketEventsService } from './tickets/ticket-events.service';
import { ContactsController } from './contacts/contacts.controller';
import { ContactsService } from './contacts/contacts.service';
import { KanbanController, TicketTagsController } from './tags/kanban.controller';
import { KanbanService } from './tags/kanban.service';
import { QuickMessagesController } from './quick-messages/quick-messages.controller';
import { QuickMessagesService } from './quick-messages/quick-messages.service';
import { ChatsController } from './chats/chats.controller';
import { ChatsService } from './chats/chats.service';
import { PushModule } from '../auth/push/push.module';
import { TagsController } from './tags/tags.controller';
import { TagsService } from './tags/tags.service';
import { TicketNotesController } from './notes/ticket-notes.controller';
import { TicketNotesService } from './notes/ticket-notes.service';
import { TicketSearchService } from './tickets/ticket-search.service';
import { SearchStatisticsService } from './tickets/search-statistics.service';
import { TicketTransitionsService } from './tickets/ticket-transitions.service';
import { TicketSystemTransitionsService } from './tickets/ticket-system-transitions.service';
import { TicketsController } from './tickets/tickets.controller';
import { TicketsService } from './tickets/tickets.service';
import { TasksController } from './tasks/tasks.controller';
import { TasksService } from './tasks/tasks.service';
import { ChatPresenceController } from './chat-presence/chat-presence.controller';
import { ChatPresenceService } from './chat-presence/chat-presence.service';
import { IncomingCallsService } from './calls/incoming-calls.service';
import { CommonModule } from '../common/common.module';
import { RealtimeModule } from '../realtime/realtime.module';

@Module({
  // PushModule: chat messages reach members whose console is closed (auth's PushService; auth never imports ticket).
  imports: [RealtimeModule, CommonModule, TenantModule, ConnectionModule, PushModule, BullModule.registerQueue({ name: QUEUES.messages })],
  controllers: [
    TicketsController,
    // Before MessagesController: POST /messages/send must not be read as POST /messages/{ticketId}.
    MessagesApiController,
    MessagesController,
    OfficialMessagesController,
    ContactsController,
    TicketNotesController,
    TagsController,
    TicketTagsController,
    KanbanController,
    QuickMessagesController,
    DashboardController,
    ChatsController,
    TasksController,
    ChatPresenceController,
  ],
  providers: [
    TicketsService,
    ChatPresenceService,
    TicketSearchService,
    SearchStatisticsService,
    TicketTransitionsService,
    TicketSystemTransitionsService,
    TicketMarksService,
    IngestService,
    MessageUpdatesService,
    MediaStorageService,
    MessagesService,
    OutboundService,
    OfficialMessagesService,
    MessagesApiService,
    TicketAccessService,
    ContactsService,
    TicketNotesService,
    TagsService,
    KanbanService,
    QuickMessagesService,
    DashboardService,
    TicketEventsService,
    ChatsService,
    TasksService,
    IncomingCallsService,
  ],
  exports: [
    TicketsService,
    TicketSystemTransitionsService,
    IngestService,
    MessageUpdatesService,
    OutboundService,
    TicketAccessService,
    MediaStorageService,
    TicketEventsService,
  ],
})
export class TicketModule {}
