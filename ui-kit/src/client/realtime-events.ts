// Generated from api/src/realtime/realtime-events.ts by `npm run generate:client -w ui-kit`. Do not edit.
/**
 * The socket contract, shared with ui-kit: no imports, plain types.
 * Server events are named `company-{companyId}-{channel}` and carry `{ action, ... }`.
 * Clients connect with `?token=<access token>` over the websocket transport.
 */
export interface UserSummaryPayload {
  id: number;
  name: string;
  email: string;
  profile: string;
  online: boolean;
}

export interface ServerChannels {
  /** A login elsewhere: the client whose user id matches logs out unless impersonating. */
  auth: { action: 'update'; user: { id: number } };
  user: { action: 'create' | 'update'; user: UserSummaryPayload } | { action: 'delete'; userId: number };
  queue: { action: 'create' | 'update'; queue: { id: number; name: string; color: string } } | { action: 'delete'; queueId: number };
  settings: { action: 'update'; setting: { key: string; value: string } };
  company: { action: 'update'; company: { id: number; name: string; dueDate: string | null } };
  /** Connection session changes: status, QR code, retries. Never secrets. */
  whatsappSession: { action: 'update'; session: { id: number; name: string; status: string; qrcode: string | null; retries: number; number: string | null } };
  whatsapp: { action: 'update'; whatsapp: { id: number; name: string; status: string } } | { action: 'delete'; whatsappId: number };
}

/** Ticket, message and contact payloads are the API's TicketDto, MessageDto and ContactDto (see the OpenAPI schemas). */
export interface TicketPayload {
  id: number;
  uuid: string;
  status: string;
  queueId: number | null;
  userId: number | null;
}

export interface TicketChannels {
  /** Visible only to sockets allowed to see the ticket (its queue's users, managers, its assignee). */
  ticket:
    | { action: 'update'; ticket: TicketPayload }
    | { action: 'updateUnread'; ticketId: number }
    | { action: 'delete'; ticketId: number }
    | { action: 'removeFromList'; ticketId: number };
  appMessage: { action: 'create' | 'update'; message: { id: string; ticketId: number }; ticket: TicketPayload; contact: { id: number } };
  contact: { action: 'update'; contact: { id: number } } | { action: 'delete'; contactId: number };
}

export type ServerChannel = keyof ServerChannels | keyof TicketChannels;

export interface ClientEvents {
  joinChatBox: (ticketId: string | number) => void;
  joinNotification: () => void;
  joinTickets: (status: string) => void;
  userStatus: () => void;
}

export const companyEvent = (companyId: number, channel: ServerChannel) => `company-${companyId}-${channel}`;

/** Socket ping interval of the spec. */
export const SOCKET_PING_MS = 18_000;
/** Client status ping of the spec. */
export const USER_STATUS_PING_MS = 300_000;
