// The cache writes' former names, still exported by the kit's entry: every function that applies an event or an API
// answer to the query cache is now `write<Entity>` (create, update, a channel's whole event: `write<Entity>Event`)
// or `remove<Entity>` (ui-kit/README.md, "Data layer"). Each old name is the same function.
import { writeTicketRead } from './data/cache-writes';
import { writeAnnouncementEvent } from './features/announcements';
import { writeCampaignEvent } from './features/campaigns';
import { writeWhatsappPatch } from './features/connections';
import { writeChatEvent, writeChatUnreads } from './features/internal-chat';
import { writePromptEvent } from './features/prompts';
import { writeQueueIntegrationEvent } from './features/queue-integrations';
import { writeScheduleEvent } from './features/schedules';
import { writeTaskEvent } from './features/tasks';

/** @deprecated Renamed `writeTicketRead`. */
export const markRead = writeTicketRead;
/** @deprecated Renamed `writeWhatsappPatch`. */
export const patchWhatsapp = writeWhatsappPatch;
/** @deprecated Renamed `writeChatUnreads`. */
export const setChatUnreads = writeChatUnreads;
/** @deprecated Renamed `writeAnnouncementEvent`. */
export const applyAnnouncementEvent = writeAnnouncementEvent;
/** @deprecated Renamed `writeCampaignEvent`. */
export const applyCampaignEvent = writeCampaignEvent;
/** @deprecated Renamed `writeChatEvent`. */
export const applyChatEvent = writeChatEvent;
/** @deprecated Renamed `writePromptEvent`. */
export const applyPromptEvent = writePromptEvent;
/** @deprecated Renamed `writeQueueIntegrationEvent`. */
export const applyQueueIntegrationEvent = writeQueueIntegrationEvent;
/** @deprecated Renamed `writeScheduleEvent`. */
export const applyScheduleEvent = writeScheduleEvent;
/** @deprecated Renamed `writeTaskEvent`. */
export const applyTaskEvent = writeTaskEvent;
