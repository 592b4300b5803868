// The kit's data engine (README, "Data layer"): query keys, the mutation helper, the realtime dispatcher's channels,
// the cache writes the slices share (tickets and messages, the kanban boards) and the pure reducers underneath. The
// slices' hooks and writes are exported by their features' index.ts.
export {
  atendeKeys,
  readListFilters,
  readTicketListKey,
  type DashboardParams,
  type KanbanFilters,
  type MessagesKey,
  type QueueOptionFilters,
  type QuickMessageFilters,
  type SearchFilters,
  type TicketFilters,
  type TicketListKey,
  type TicketListRoute,
  type WhatsappFilters,
  ticketMarksKey,
} from './query-keys';
export type { PagedList, QueryOptions } from './queries';
export { useApiMutation, type ApiAnswer, type ApiMutationOptions } from './mutations';
export { CACHE_CHANNELS, type CacheChannel, type RealtimeCacheHandlers } from './realtime';
export { removeTicket, ticketViewer, writeMessage, writeTicket, writeTicketRead, type WriteKind } from './cache-writes';
export {
  addMessage,
  byName,
  byQueueOrder,
  markTicketRead,
  mergeMessage,
  moveToTopOfPages,
  placeTicket,
  putSetting,
  readTicket,
  removeFromArray,
  removeFromPages,
  replaceContactInTickets,
  replaceInArray,
  replaceInPages,
  setMessagesTicket,
  ticketMembership,
  updateMessage,
  upsertInArray,
  upsertSortedInPages,
  type Compare,
  type ItemOf,
  type ItemsKey,
  type Membership,
  type Page,
  type TicketViewer,
} from './cache-updaters';
export { kanbanMembership, placeKanbanTicket, removeKanbanTicket, writeKanbanTicket } from './kanban-cache';
