import type { CompanyId } from '../../common/tenancy/company-id';

/**
 * The contract between the automation engine and whatever answers a customer before a human does: an AI prompt
 * (automation/prompts) or a queue integration (automation/queue-integrations: webhook, n8n, typebot, dialogflow).
 *
 * The engine decides *when* an agent speaks: a stored inbound message (not from us, not a group) on a ticket that
 * is pending with no attendant and has `promptId` set, or `useIntegration` with `integrationId`. It calls
 * `respond` once per message, in the chat's order (one chat never has two turns running at once). The agent
 * answers through `AgentIo`, which stores and sends as the bot; it never writes tickets itself.
 */
export interface AgentTurn {
  companyId: CompanyId;
  ticketId: number;
  /** The ticket's uuid: a stable session id for services that keep a conversation (typebot, dialogflow). */
  ticketUuid: string;
  whatsappId: number;
  queueId: number | null;
  contact: { id: number; name: string; number: string; email: string | null };
  /** The customer's message that woke the agent. */
  message: {
    id: string;
    body: string;
    /** 'chat', 'image', 'audio', ... (MediaType). */
    mediaType: string;
    /** Server-made file name under the company's media folder (MediaStorageService), or null. */
    mediaPath: string | null;
    createdAt: Date;
  };
  /** True for the first turn since the agent took the ticket (start a session rather than continue one). */
  first: boolean;
}

export interface AgentMedia {
  /** The bytes to send (an AI voice reply, an image a typebot shows). */
  data: Buffer;
  fileName: string;
  caption?: string;
}

/** What an agent can do to the ticket it is answering. Every method is scoped to the turn's company and ticket. */
export interface AgentIo {
  /** Stores and queues a text as the bot (source 'bot'). */
  sendText(body: string): Promise<void>;
  /** Stores and queues a file as the bot. */
  sendMedia(media: AgentMedia): Promise<void>;
  /**
   * Ends the agent's part: `useIntegration`, `integrationId` and `promptId` cleared, the ticket left pending in its
   * queue for people (and automatic distribution). `reason` is logged.
   */
  handOff(reason: string): Promise<void>;
  /** Closes the ticket as the system (the conversation is over, as the agent decided). */
  close(): Promise<void>;
}

export type AgentKind = 'prompt' | 'dialogflow' | 'n8n' | 'webhook' | 'typebot';

export interface TicketAgent {
  readonly kind: AgentKind;
  /** Answers one customer message. Throwing is logged and the ticket handed to people, so a broken agent never strands a customer. */
  respond(turn: AgentTurn, io: AgentIo): Promise<void>;
}
