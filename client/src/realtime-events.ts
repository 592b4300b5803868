// Generated from api/src/realtime/realtime-events.ts by `npm run generate -w client`. Do not edit.
/**
 * The socket contract. ui-kit's client carries a generated copy (`npm run openapi`), so this file imports nothing.
 * Server events are named `company-{companyId}-{channel}` and carry `{ action, ... }`.
 * Clients connect with `?token=<access token>` over the websocket transport.
 */
/**
 * The entities events carry. Each is exactly what the HTTP route returning that entity answers, the OpenAPI
 * schema named in REALTIME_SCHEMAS, so a client may put an event's entity in place of its copy.
 * This file imports nothing: each domain module binds its DTO here by declaration merging (next to the DTO),
 * and ui-kit's generated copy binds the generated schemas. A channel whose entity nobody bound fails to compile.
 */
import type { components } from './schema.js';

export interface RealtimeEntities {
  user: components['schemas']['SessionUserDto'];
  queue: components['schemas']['QueueDto'];
  queueOption: components['schemas']['QueueOptionDto'];
  setting: components['schemas']['SettingDto'];
  company: components['schemas']['CompanyDto'];
  whatsapp: components['schemas']['WhatsappDto'];
  ticket: components['schemas']['TicketDto'];
  message: components['schemas']['MessageDto'];
  contact: components['schemas']['ContactDto'];
  invoice: components['schemas']['InvoiceDto'];
  campaign: components['schemas']['CampaignDto'];
  campaignReport: components['schemas']['CampaignReportDto'];
  fileList: components['schemas']['FileListDto'];
  contactList: components['schemas']['ContactListDto'];
  contactListItem: components['schemas']['ContactListEntryDto'];
  schedule: components['schemas']['ScheduleDto'];
  prompt: components['schemas']['PromptDto'];
  queueIntegration: components['schemas']['QueueIntegrationDto'];
  announcement: components['schemas']['AnnouncementDto'];
  chat: components['schemas']['ChatDto'];
  chatMessage: components['schemas']['ChatMessageDto'];
  task: components['schemas']['TaskDto'];
  holiday: components['schemas']['HolidayDto'];
}

/** The OpenAPI schema of each entity an event carries (ui-kit's generated copy reads this map). */
export const REALTIME_SCHEMAS = {
  /** The login's user (GET /auth/me), company included: a client may replace its own user with it. */
  user: 'SessionUserDto',
  queue: 'QueueDto',
  queueOption: 'QueueOptionDto',
  setting: 'SettingDto',
  company: 'CompanyDto',
  whatsapp: 'WhatsappDto',
  ticket: 'TicketDto',
  message: 'MessageDto',
  contact: 'ContactDto',
  invoice: 'InvoiceDto',
  campaign: 'CampaignDto',
  campaignReport: 'CampaignReportDto',
  fileList: 'FileListDto',
  contactList: 'ContactListDto',
  contactListItem: 'ContactListEntryDto',
  schedule: 'ScheduleDto',
  prompt: 'PromptDto',
  queueIntegration: 'QueueIntegrationDto',
  announcement: 'AnnouncementDto',
  chat: 'ChatDto',
  chatMessage: 'ChatMessageDto',
  task: 'TaskDto',
  holiday: 'HolidayDto',
} as const;

export type RealtimeEntity<K extends keyof typeof REALTIME_SCHEMAS> = K extends keyof RealtimeEntities ? RealtimeEntities[K] : never;

export interface ServerChannels {
  /** A login elsewhere: the client whose user id matches logs out unless impersonating. */
  auth: { action: 'update'; user: { id: number } };
  user: { action: 'create' | 'update'; user: RealtimeEntity<'user'> } | { action: 'delete'; userId: number };
  queue: { action: 'create' | 'update'; queue: RealtimeEntity<'queue'> } | { action: 'delete'; queueId: number };
  /** A queue's chatbot menu. A delete names the option and everything below it; renumbered siblings follow as updates. */
  queueOption: { action: 'create' | 'update'; queueOption: RealtimeEntity<'queueOption'> } | { action: 'delete'; queueId: number; queueOptionIds: number[] };
  /** A secret setting's value reaches only the sockets allowed to read it; the others get it blank, as over HTTP. */
  settings: { action: 'update'; setting: RealtimeEntity<'setting'> };
  company: { action: 'update'; company: RealtimeEntity<'company'> };
  /**
   * Connection session changes (status, QR code, retries) with the whole connection. The QR code reaches only
   * the sockets of users who may manage connections (`connections:manage`); the others get `qrcode: null`.
   */
  whatsappSession: { action: 'update'; session: RealtimeEntity<'whatsapp'> };
  whatsapp: { action: 'update'; whatsapp: RealtimeEntity<'whatsapp'> } | { action: 'delete'; whatsappId: number };
  /** An invoice issued, repriced at checkout, or paid. */
  invoice: { action: 'create' | 'update'; invoice: RealtimeEntity<'invoice'> };
  /**
   * A subscription payment confirmed (the spec's 'CONCLUIDA'): the paid invoice and the company with its new due
   * date, for the renewal toast. The whole company hears it, as everyone's access depends on it.
   */
  payment: { action: 'CONCLUIDA'; invoice: RealtimeEntity<'invoice'>; company: RealtimeEntity<'company'> };
  /**
   * Campaigns, to the sockets whose user holds `campaigns:manage`: saved, started, cancelled, finished; while one
   * sends, `report` carries its live counts (at most about once a second).
   */
  campaign:
    | { action: 'create' | 'update'; record: RealtimeEntity<'campaign'> }
    | { action: 'delete'; id: number }
    | { action: 'report'; report: RealtimeEntity<'campaignReport'> };
  /** File lists (campaigns); only sockets whose user holds `campaigns:manage` hear it. */
  file: { action: 'create' | 'update'; files: RealtimeEntity<'fileList'> } | { action: 'delete'; fileId: number };
  /** Contact lists (campaigns); only sockets whose user holds `campaigns:manage` hear it. */
  ContactList: { action: 'create' | 'update'; record: RealtimeEntity<'contactList'> } | { action: 'delete'; id: number };
  /** Contacts of the lists; `reload` asks for a list's contacts again (after an import or a WhatsApp check). */
  ContactListItem:
    | { action: 'create' | 'update'; record: RealtimeEntity<'contactListItem'> }
    | { action: 'delete'; id: number; contactListId: number }
    | { action: 'reload'; contactListId: number };
  /**
   * A spreadsheet import's progress (POST /contact-lists/{id}/upload answers its importId): `total` data lines, of which
   * `processed` were read so far (blank ones included); `errors` (the first 200) name the spreadsheet line.
   */
  contactListImport:
    | { action: 'progress'; importId: string; contactListId: number; total: number; processed: number; added: number; updated: number; invalid: number }
    | {
        action: 'done';
        importId: string;
        contactListId: number;
        total: number;
        processed: number;
        added: number;
        updated: number;
        invalid: number;
        errors: { line: number; field: string; message: string }[];
      }
    | { action: 'failed'; importId: string; contactListId: number; message: string };
  /**
   * Scheduled messages (the spec's `company{id}-schedule`, named `company-{id}-schedule` like every channel here): the
   * whole company hears it, as every user sees and manages the company's schedules. A send or an error is an update.
   */
  schedule: { action: 'create' | 'update'; schedule: RealtimeEntity<'schedule'> } | { action: 'delete'; scheduleId: number };
  /** AI prompts; only sockets whose user holds `automation:manage` hear it. Keys are never in it (hasApiKey). */
  prompt: { action: 'create' | 'update'; prompt: RealtimeEntity<'prompt'> } | { action: 'delete'; promptId: number };
  /**
   * A contact's presence in their chat with a connection, as WhatsApp (or the sandbox) tells it: typing
   * ('composing'), recording audio, online ('available'), gone ('unavailable'), stopped typing ('paused'). Not
   * stored; `number` is the contact's number (digits), as on the contact.
   */
  contactPresence: {
    action: 'update';
    whatsappId: number;
    number: string;
    presence: 'available' | 'unavailable' | 'composing' | 'recording' | 'paused';
  };
  /** Queue integrations; only sockets whose user holds `automation:manage` hear it. Credentials are never in it (hasJsonContent, secretHint). */
  queueIntegration: { action: 'create' | 'update'; queueIntegration: RealtimeEntity<'queueIntegration'> } | { action: 'delete'; integrationId: number };
  /** A holiday's message went out (ENVIADA with sentAt) or failed (ERRO); only sockets holding `holidays:manage` hear it. */
  holiday: { action: 'update'; holiday: RealtimeEntity<'holiday'> };
}

export interface TicketChannels {
  /** Visible only to sockets allowed to see the ticket (its queue's users, managers, its assignee). */
  ticket:
    | { action: 'update'; ticket: RealtimeEntity<'ticket'> }
    | { action: 'updateUnread'; ticketId: number }
    /**
     * The ticket was deleted; or, with `leftStatus` (and `status`, the one it had), it left that status: as the
     * original system tells a client keeping one list per status, only to the sockets that joined that status's list
     * (joinTickets) and could see the ticket. That one is not a deletion (the ticket's `update` goes out as well); our
     * kit joins no status list, and ignores it.
     */
    | { action: 'delete'; ticketId: number; status?: string; leftStatus?: true }
    | { action: 'removeFromList'; ticketId: number };
  /**
   * A message stored (create: a customer's, an attendant's, the bot's) or changed (update: ack, edit, deletion), with its
   * ticket and contact as committed. A new message's event is also its ticket's update (last message, unread count,
   * a reopened status): no `ticket` update follows it, as the original system sent only this one.
   */
  appMessage: { action: 'create' | 'update'; message: RealtimeEntity<'message'>; ticket: RealtimeEntity<'ticket'>; contact: RealtimeEntity<'contact'> };
  contact: { action: 'update'; contact: RealtimeEntity<'contact'> } | { action: 'delete'; contactId: number };
}

/**
 * Internal chat. Every event reaches only the sockets of the chat's members (a removed member gets the delete),
 * never the rest of the company. `chat`: a chat created, changed (title, members, a new message's lastMessage and
 * unreads) or deleted; `chat-user-{userId}`: that user's unread count of a chat changed (a message, a read);
 * `chat-{chatId}`: a new message of that chat (what an opened chat listens to).
 */
export interface ChatChannels {
  /**
   * `chat` is `record` again, and a new message's update carries it as `newMessage`: clients of the original system
   * read those names (its `new-message` on this channel is our update with `newMessage`).
   */
  chat:
    | { action: 'create' | 'update'; record: RealtimeEntity<'chat'>; chat: RealtimeEntity<'chat'>; newMessage?: RealtimeEntity<'chatMessage'> }
    | { action: 'delete'; id: number };
  /** `record` and `chat`: the whole chat, as the original system sends on this channel. */
  [userChannel: `chat-user-${number}`]: { action: 'update'; chatId: number; unreads: number; record?: RealtimeEntity<'chat'>; chat?: RealtimeEntity<'chat'> };
  [chatChannel: `chat-${number}`]: { action: 'new-message'; newMessage: RealtimeEntity<'chatMessage'>; chat: RealtimeEntity<'chat'> };
}
export const chatUserChannel = (userId: number) => `chat-user-${userId}` as const;
export const chatChannel = (chatId: number) => `chat-${chatId}` as const;

/**
 * A user's personal tasks (/todolist): only that user's own sockets hear them (every tab, the page and the top-bar
 * bell), never the rest of the company. Event name `company-{companyId}-task`.
 */
export interface TaskChannels {
  task: { action: 'create' | 'update'; task: RealtimeEntity<'task'> } | { action: 'delete'; taskId: number };
  /** The user's own marks on a ticket changed (pinned, marked unread): the TicketMarkDto of PUT /tickets/{id}/marks. */
  ticketMark: { action: 'update'; mark: { ticketId: number; pinned: boolean; pinnedAt: string | null; unread: boolean } };
}

export type ServerChannel = keyof ServerChannels | keyof TicketChannels | keyof ChatChannels | keyof TaskChannels;

/**
 * Platform-wide events: every signed-in socket of every company hears them, named `company-{channel}` without a
 * company id (the spec's `company-announcement`).
 */
export interface PlatformChannels {
  /**
   * System announcements. Sockets whose user holds `announcements:manage` hear every change; the others hear what
   * their bell shows: an announcement turned inactive reaches them as a delete, an inactive one's creation not at all.
   */
  announcement: { action: 'create' | 'update'; record: RealtimeEntity<'announcement'> } | { action: 'delete'; id: number };
}

export const platformEvent = (channel: keyof PlatformChannels) => `company-${channel}`;

/** What a client event acknowledges when the client asks for an ack: success, or the error body HTTP would answer. */
export type SocketAck = { ok: true } | { error: string; message: string; fields?: { field: string; messages: string[] }[] };

export interface ClientEvents {
  joinChatBox: (ticketId: string | number, ack?: (answer: SocketAck) => void) => void;
  joinNotification: (ack?: (answer: SocketAck) => void) => void;
  joinTickets: (status: 'open' | 'pending' | 'closed' | 'group', ack?: (answer: SocketAck) => void) => void;
  userStatus: () => void;
}

/**
 * Sent to each socket once it has authenticated and joined its rooms, without a payload. Clients written for the
 * original system send their joins when they hear it.
 */
export const READY_EVENT = 'ready';

export const companyEvent = (companyId: number, channel: ServerChannel) => `company-${companyId}-${channel}`;

/** Socket ping interval of the spec. */
export const SOCKET_PING_MS = 18_000;
/** Client status ping of the spec. */
export const USER_STATUS_PING_MS = 300_000;
