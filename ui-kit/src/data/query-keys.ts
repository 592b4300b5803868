import type { paths } from '../client';
import { meKey, publicSettingsKey, QUERY_ROOT, settingsListKey } from '../provider/provider-keys';

/** The query string a GET route takes, from the generated contract. */
type QueryOf<Path extends keyof paths> = paths[Path] extends { get: { parameters: { query?: infer Q } } } ? NonNullable<Q> : never;

/**
 * GET /tickets (and /tickets/groups) filters. The id lists are arrays here; the kit sends them as the JSON
 * arrays the API reads (`queueIds=[1,2]`). An empty array filters nothing, as on the API.
 */
export type TicketFilters = Omit<QueryOf<'/tickets'>, 'pageNumber' | 'queueIds' | 'users' | 'tags'> & {
  queueIds?: number[];
  users?: number[];
  tags?: number[];
};
/** Which ticket route a list reads: `tickets` (GET /tickets) or `groups` (GET /tickets/groups). */
export type TicketListRoute = 'tickets' | 'groups';
/** The free-text filter of the paginated lists (users, contacts, tags, companies, messages). */
export type SearchFilters = { searchParam?: string };
export type QuickMessageFilters = Omit<QueryOf<'/quick-messages'>, 'pageNumber'>;
export type WhatsappFilters = QueryOf<'/whatsapp'>;
/** GET /queue-options: a queue, and a level of its menu (parentId -1: the first; left out: the whole menu). */
export type QueueOptionFilters = QueryOf<'/queue-options'>;
/** GET /ticket/kanban: the queues whose tickets the board shows (sent as a JSON array; left out, the API decides). */
export type KanbanFilters = { queueIds?: number[] };
export type DashboardParams = QueryOf<'/dashboard'>;

const ROOT = QUERY_ROOT;

/** Keys of a resource with a paginated list (`list(filters)`), the whole collection (`listAll()`) and details. */
function collection<Name extends string>(name: Name) {
  return {
    all: () => [ROOT, name] as const,
    lists: () => [ROOT, name, 'list'] as const,
    /** The paginated (infinite) list: a page answer per page. */
    list: (filters: SearchFilters = {}) => [ROOT, name, 'list', filters] as const,
    /** The unpaginated list route (`GET /{name}/list`): an array. */
    listAll: () => [ROOT, name, 'list-all'] as const,
    details: () => [ROOT, name, 'detail'] as const,
    detail: (id: number) => [ROOT, name, 'detail', id] as const,
  };
}

/**
 * Every query key of the kit, hierarchical so that invalidating a prefix reaches everything below it:
 * `atendeKeys.tickets.all()` covers ticket lists, details and messages; `atendeKeys.users.lists()` every user
 * list whatever its search. Each provider has its own query cache, so keys carry no company.
 *
 * ```ts
 * queryClient.invalidateQueries({ queryKey: atendeKeys.tickets.lists() });
 * queryClient.getQueryData(atendeKeys.tickets.detail(42));
 * ```
 */
export const atendeKeys = {
  all: () => [ROOT] as const,
  /** GET /auth/me: the signed-in user, permissions, plan features and company settings. */
  me: meKey,
  publicSettings: publicSettingsKey,
  dashboard: (params: DashboardParams = {}) => [ROOT, 'dashboard', params] as const,
  tickets: {
    all: () => [ROOT, 'tickets'] as const,
    lists: () => [ROOT, 'tickets', 'list'] as const,
    list: (filters: TicketFilters = {}, route: TicketListRoute = 'tickets') => [ROOT, 'tickets', 'list', route, filters] as const,
    details: () => [ROOT, 'tickets', 'detail'] as const,
    detail: (id: number) => [ROOT, 'tickets', 'detail', id] as const,
    /** GET /tickets/u/{uuid}: the ticket screen's first read (then followed by `detail(id)`). */
    byUuid: (uuid: string) => [ROOT, 'tickets', 'uuid', uuid] as const,
    /** Every message list of every ticket; `messagesOf(id)` those of one ticket. */
    allMessages: () => [ROOT, 'tickets', 'messages'] as const,
    messagesOf: (ticketId: number) => [ROOT, 'tickets', 'messages', ticketId] as const,
    messages: (ticketId: number, filters: SearchFilters = {}) => [ROOT, 'tickets', 'messages', ticketId, filters] as const,
    /** GET /ticket/kanban: the board's open and pending tickets (the answer's `tickets`, kept as a list); `kanbans()` reaches every board. */
    kanbans: () => [ROOT, 'tickets', 'kanban'] as const,
    kanban: (filters: KanbanFilters = {}) => [ROOT, 'tickets', 'kanban', filters] as const,
  },
  contacts: collection('contacts'),
  users: collection('users'),
  tags: {
    ...collection('tags'),
    kanban: () => [ROOT, 'tags', 'kanban'] as const,
  },
  companies: {
    ...collection('companies'),
    /** GET /companies/{id}/users (super users, 'Acessar como'): `usersOf(id)` reaches every search of one company. */
    usersOf: (companyId: number) => [ROOT, 'companies', 'users', companyId] as const,
    users: (companyId: number, filters: SearchFilters = {}) => [ROOT, 'companies', 'users', companyId, filters] as const,
  },
  /** GET /embed-keys: the company's embed keys, one array (newest first, revoked ones too). */
  embedKeys: { all: () => [ROOT, 'embed-keys'] as const, list: () => [ROOT, 'embed-keys', 'list'] as const },
  /** GET /holidays (paged by date, searched by `searchParam`) and GET /holidays/{id}. */
  holidays: collection('holidays'),
  /** The platform's announcements: GET /announcements (newest first; `searchParam`, `onlyActive` for the bell) and GET /announcements/{id}. */
  announcements: collection('announcements'),
  /** GET /schedules (every page of the calendar's window, as one array; filters `searchParam`, `contactId`) and GET /schedules/{id}. */
  schedules: collection('schedules'),
  /** GET /prompt (AI prompts, paged by name, searched by `searchParam`), GET /prompt/{id}, and every prompt for a choice as `listAll()`. */
  prompts: collection('prompts'),
  /** GET /queueIntegration (paged by name, searched by `searchParam`), GET /queueIntegration/{id}, and every integration for a choice as `listAll()`. */
  queueIntegrations: collection('queueIntegrations'),
  /** GET /files (file lists, paged by name, searched by `searchParam`), GET /files/{id}, and every list for a choice as `listAll()`. */
  fileLists: collection('fileLists'),
  /** GET /contact-lists (paged by name, searched by `searchParam`), GET /contact-lists/{id}, and GET /contact-lists/list as `listAll()`. */
  contactLists: collection('contactLists'),
  /** GET /contact-list-items of one list (`listsOf(contactListId)` reaches every search of it) and GET /contact-list-items/{id}. */
  contactListItems: {
    all: () => [ROOT, 'contactListItems'] as const,
    lists: () => [ROOT, 'contactListItems', 'list'] as const,
    listsOf: (contactListId: number) => [ROOT, 'contactListItems', 'list', contactListId] as const,
    list: (contactListId: number, filters: SearchFilters = {}) => [ROOT, 'contactListItems', 'list', contactListId, filters] as const,
    details: () => [ROOT, 'contactListItems', 'detail'] as const,
    detail: (id: number) => [ROOT, 'contactListItems', 'detail', id] as const,
  },
  /**
   * Internal chat: GET /chats (the caller's chats, latest activity first, searched by `searchParam`) under `lists()`,
   * GET /chats/{uuid} as `byUuid(uuid)`, and a chat's messages (GET /chats/{id}/messages, newest page first).
   */
  chats: {
    ...collection('chats'),
    byUuid: (uuid: string) => [ROOT, 'chats', 'uuid', uuid] as const,
    messages: (chatId: number) => [ROOT, 'chats', 'messages', chatId] as const,
  },
  /** GET /campaigns (newest first, searched by `searchParam`) and GET /campaigns/{id} (the campaign with its report) as `detail(id)`. */
  campaigns: collection('campaigns'),
  /** GET /campaign-settings: the company's campaign dispatch settings. */
  campaignSettings: () => [ROOT, 'campaign-settings'] as const,
  /** GET /invoices/all (the company's invoices, newest due date first, searched by `searchParam`) and GET /invoices/{id}. */
  invoices: collection('invoices'),
  /** The platform's help videos: GET /helps (paged, searched) under `lists()`, GET /helps/list as `listAll()`. */
  helps: collection('helps'),
  /** GET /tasks: the signed-in user's own tasks, one array (pending first, newest first). */
  tasks: { all: () => [ROOT, 'tasks'] as const, list: () => [ROOT, 'tasks', 'list'] as const },
  quickMessages: {
    all: () => [ROOT, 'quick-messages'] as const,
    lists: () => [ROOT, 'quick-messages', 'list'] as const,
    list: (filters: QuickMessageFilters = {}) => [ROOT, 'quick-messages', 'list', filters] as const,
    /** GET /quick-messages/list: the ones the signed-in user may use in the message input. */
    usable: () => [ROOT, 'quick-messages', 'usable'] as const,
    detail: (id: number) => [ROOT, 'quick-messages', 'detail', id] as const,
  },
  /** GET /ticket-notes/list: `ofTicket(id)` reaches every note list of one ticket. */
  ticketNotes: {
    all: () => [ROOT, 'ticket-notes'] as const,
    ofTicket: (ticketId: number) => [ROOT, 'ticket-notes', ticketId] as const,
    list: (ticketId: number, contactId?: number) => [ROOT, 'ticket-notes', ticketId, { contactId }] as const,
  },
  queues: {
    all: () => [ROOT, 'queues'] as const,
    list: () => [ROOT, 'queues', 'list'] as const,
    detail: (id: number) => [ROOT, 'queues', 'detail', id] as const,
  },
  /**
   * GET /queue-options: `ofQueue(id)` reaches every level of one queue's chatbot menu; `list(queueId, parentId)` is
   * one level (parentId -1: the first one) or, without parentId, the whole menu.
   */
  queueOptions: {
    all: () => [ROOT, 'queue-options'] as const,
    ofQueue: (queueId: number) => [ROOT, 'queue-options', queueId] as const,
    list: (queueId: number, parentId?: number) => [ROOT, 'queue-options', queueId, parentId ?? 'all'] as const,
  },
  whatsapps: {
    all: () => [ROOT, 'whatsapps'] as const,
    lists: () => [ROOT, 'whatsapps', 'list'] as const,
    list: (filters: WhatsappFilters = {}) => [ROOT, 'whatsapps', 'list', filters] as const,
    detail: (id: number) => [ROOT, 'whatsapps', 'detail', id] as const,
    /** GET /whatsapp/{id}/templates: an official connection's synced message templates (all, or one status). */
    templates: (id: number, filters: { status?: string } = {}) => [ROOT, 'whatsapps', 'templates', id, filters] as const,
    templatesOf: (id: number) => [ROOT, 'whatsapps', 'templates', id] as const,
  },
  settings: {
    all: () => [ROOT, 'settings'] as const,
    list: settingsListKey,
    detail: (key: string) => [ROOT, 'settings', 'detail', key] as const,
  },
  plans: {
    all: () => [ROOT, 'plans'] as const,
    /** GET /plans/all (super users). */
    list: () => [ROOT, 'plans', 'list'] as const,
    /** GET /plans/list: what sign-up offers, no session needed. */
    public: () => [ROOT, 'plans', 'public'] as const,
    detail: (id: number) => [ROOT, 'plans', 'detail', id] as const,
  },
} as const;

export type TicketListKey = ReturnType<typeof atendeKeys.tickets.list>;
export type MessagesKey = ReturnType<typeof atendeKeys.tickets.messages>;

/** A ticket list's key read back from the cache (route and filters), or null for any other key. */
export function readTicketListKey(key: readonly unknown[]): { route: TicketListRoute; filters: TicketFilters } | null {
  const [root, resource, kind, route, filters] = key;
  if (root !== ROOT || resource !== 'tickets' || kind !== 'list') return null;
  if ((route !== 'tickets' && route !== 'groups') || typeof filters !== 'object' || filters === null) return null;
  return { route, filters };
}

/** The filters a list key ends with (`list(filters)`), or {} when it has none. */
export function readListFilters(key: readonly unknown[]): SearchFilters {
  const last = key[key.length - 1];
  return typeof last === 'object' && last !== null ? last : {};
}

/** The signed-in user's marks on tickets (GET /tickets/marks). Here, not in queries.ts: the realtime cache in every widget's runtime writes it. */
export const ticketMarksKey = () => [...atendeKeys.tickets.all(), 'marks'] as const;
