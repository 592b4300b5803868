/**
 * The parts of Baileys this provider uses, as types only: Baileys 7 is an ES module, loaded at run time by
 * `loadBaileys` (never at module load, so the rest of the API and its CommonJS tests never touch it).
 */
import type * as Baileys from '@whiskeysockets/baileys';

export type BaileysModule = typeof Baileys;
export type WAMessage = Baileys.WAMessage;
export type WAMessageKey = Baileys.WAMessageKey;
export type WAMessageContent = Baileys.WAMessageContent;
export type WAMessageUpdate = Baileys.WAMessageUpdate;
export type MessageUserReceiptUpdate = Baileys.MessageUserReceiptUpdate;
export type AnyMessageContent = Baileys.AnyMessageContent;
export type MiscMessageGenerationOptions = Baileys.MiscMessageGenerationOptions;
export type ConnectionState = Baileys.ConnectionState;
export type AuthenticationCreds = Baileys.AuthenticationCreds;
export type AuthenticationState = Baileys.AuthenticationState;
export type SignalDataTypeMap = Baileys.SignalDataTypeMap;
export type SignalDataSet = Baileys.SignalDataSet;
export type SignalKeyStore = Baileys.SignalKeyStore;
export type Contact = Baileys.Contact;
export type WAPresence = Baileys.WAPresence;
export type UserFacingSocketConfig = Baileys.UserFacingSocketConfig;
export type WACallEvent = Baileys.WACallEvent;

/** Baileys' logger interface (pino's shape), which its index does not export. */
export interface ILogger {
  level: string;
  child(obj: Record<string, unknown>): ILogger;
  trace(obj: unknown, msg?: string): void;
  debug(obj: unknown, msg?: string): void;
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

/** The events of a socket this provider listens to. */
export interface SocketEvents {
  'connection.update': Partial<ConnectionState>;
  'creds.update': Partial<AuthenticationCreds>;
  'messages.upsert': { messages: WAMessage[]; type: 'append' | 'notify'; requestId?: string };
  'messages.update': WAMessageUpdate[];
  'message-receipt.update': MessageUserReceiptUpdate[];
  'contacts.upsert': Contact[];
  'contacts.update': Partial<Contact>[];
  call: WACallEvent[];
  'presence.update': { id: string; presences: { [participant: string]: { lastKnownPresence: WAPresence; lastSeen?: number } } };
}

/**
 * What the provider needs of a Baileys socket (`makeWASocket`'s answer satisfies it); tests hand the provider a
 * stand-in of this shape through the `makeSocket` option.
 */
export interface WASocketLike {
  ev: { on<E extends keyof SocketEvents>(event: E, listener: (arg: SocketEvents[E]) => void): void };
  user?: { id: string; lid?: string; name?: string } | undefined;
  authState: { creds: { registered?: boolean } };
  sendMessage(jid: string, content: AnyMessageContent, options?: MiscMessageGenerationOptions): Promise<WAMessage | undefined>;
  readMessages(keys: WAMessageKey[]): Promise<void>;
  sendPresenceUpdate(type: WAPresence, toJid?: string): Promise<void>;
  presenceSubscribe(toJid: string): Promise<void>;
  onWhatsApp(...numbers: string[]): Promise<{ jid: string; exists: boolean }[] | undefined>;
  requestPairingCode(phoneNumber: string): Promise<string>;
  rejectCall(callId: string, callFrom: string): Promise<void>;
  updateMediaMessage(message: WAMessage): Promise<WAMessage>;
  signalRepository: { lidMapping: { getPNForLID(lid: string): Promise<string | null> } };
  logout(msg?: string): Promise<void>;
  end(error: Error | undefined): void | Promise<void>;
}

/** The socket configuration this provider builds (a subset of Baileys' own). */
export type SocketConfig = UserFacingSocketConfig;
export type MakeSocket = (config: SocketConfig) => WASocketLike;
