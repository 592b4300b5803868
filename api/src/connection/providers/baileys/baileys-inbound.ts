import type { InboundMessage } from '../messaging-provider';
import type { MediaType } from '../message-kinds';
import type { WAMessage, WAMessageContent, WAMessageKey, WAMessageUpdate } from './baileys-types';
import { isBroadcastJid, isGroupJid, isLidJid, isPnJid, jidDigits, jidUser, PN_SERVER } from './baileys-jid';

/**
 * Baileys' messages as the platform's: a pure module (no socket, no Baileys import). A `WAMessage` becomes an
 * `InboundMessage`, an edit, a revoke, or nothing (`ignore`).
 */

/** proto.Message.ProtocolMessage.Type values used here. */
export const ProtocolType = { REVOKE: 0, MESSAGE_EDIT: 14 } as const;
/** proto.WebMessageInfo.StubType.REVOKE. */
export const STUB_REVOKE = 1;
/** proto.WebMessageInfo.Status. */
export const MessageStatus = { ERROR: 0, PENDING: 1, SERVER_ACK: 2, DELIVERY_ACK: 3, READ: 4, PLAYED: 5 } as const;

/** Largest media downloaded; bigger files arrive as a note (the ingest keeps at most 64 MiB as well). */
export const INBOUND_DOWNLOAD_MAX_BYTES = 64 * 1024 * 1024;

export interface InboundContext {
  /** A LID's phone-number jid from the connection's LID mapping, when known. */
  resolvePn(lid: string): Promise<string | null | undefined>;
  /** The message's media, decrypted (Baileys' downloadMediaMessage). */
  download(message: WAMessage): Promise<Buffer>;
  maxMediaBytes?: number;
}

export type InboundOutcome =
  /** `chatJid`: where replies to this chat go (the phone-number jid when known, else the LID, or the group). */
  | { kind: 'message'; message: InboundMessage; chatJid: string }
  | { kind: 'edit'; providerId: string; body: string }
  | { kind: 'revoke'; providerId: string }
  | { kind: 'ignore'; reason: string };

type Content = WAMessageContent;
type AnyRecord = Record<string, unknown>;

/** Wrappers whose inner message is the real one (Baileys' normalizeMessageContent unwraps the same). */
const WRAPPERS = [
  'ephemeralMessage',
  'viewOnceMessage',
  'viewOnceMessageV2',
  'viewOnceMessageV2Extension',
  'documentWithCaptionMessage',
  'editedMessage',
  'associatedChildMessage',
  'groupStatusMessage',
  'groupStatusMessageV2',
] as const;
const VIEW_ONCE = new Set<string>(['viewOnceMessage', 'viewOnceMessageV2', 'viewOnceMessageV2Extension']);

/** Message fields that carry no content of their own. */
const NOT_CONTENT = new Set(['senderKeyDistributionMessage', 'messageContextInfo']);
/** Content kinds that are no message of the conversation (votes, pins, encrypted add-ons, calls). */
const SILENT = new Set([
  'pollUpdateMessage',
  'keepInChatMessage',
  'pinInChatMessage',
  'encReactionMessage',
  'encEventResponseMessage',
  'secretEncryptedMessage',
  'call',
  'bcallMessage',
]);

/** The real content under any wrappers, and whether it was sent to be viewed once. */
export function unwrapContent(message: Content | null | undefined): { content?: Content; viewOnce: boolean } {
  let content = message ?? undefined;
  let viewOnce = false;
  for (let i = 0; i < 5 && content; i++) {
    const wrapper = WRAPPERS.find((w) => (content as AnyRecord)[w]);
    if (!wrapper) break;
    if (VIEW_ONCE.has(wrapper)) viewOnce = true;
    content = ((content as AnyRecord)[wrapper] as { message?: Content | null }).message ?? undefined;
  }
  return { content, viewOnce };
}

/** The kind of a content: its first field that is a message (as Baileys' getContentType). */
export function contentType(content: Content | undefined): string | undefined {
  if (!content) return undefined;
  return Object.keys(content).find(
    (k) => (k === 'conversation' || k.endsWith('Message') || k === 'call') && !NOT_CONTENT.has(k) && (content as AnyRecord)[k] != null,
  );
}

/** Seconds since the epoch as a protobuf gives them: number, Long, or a string. */
export function toSeconds(value: unknown): number | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  if (typeof value === 'number') return value;
  if (typeof value === 'string' || typeof value === 'bigint') return Number(value);
  const long = value as { toNumber?: () => number; low?: number; high?: number };
  if (typeof long.toNumber === 'function') return long.toNumber();
  if (typeof long.low === 'number' && typeof long.high === 'number') return long.high * 2 ** 32 + (long.low >>> 0);
  return undefined;
}

/** The text of a message's content (an edit's new text): its text, or its caption. */
export function textOf(message: Content | null | undefined): string {
  const { content } = unwrapContent(message);
  if (!content) return '';
  return (
    content.conversation ??
    content.extendedTextMessage?.text ??
    content.imageMessage?.caption ??
    content.videoMessage?.caption ??
    content.documentMessage?.caption ??
    ''
  );
}

/** The platform's ack for a Baileys message status, or null for ERROR (acks only go up) and unknown values. */
export function ackOfStatus(status: number | null | undefined): number | null {
  switch (status) {
    case MessageStatus.PENDING:
      return 1; // accepted by this client
    case MessageStatus.SERVER_ACK:
      return 2; // sent: WhatsApp's server has it (one tick)
    case MessageStatus.DELIVERY_ACK:
      return 3; // delivered to the phone (two ticks)
    case MessageStatus.READ:
      return 4;
    case MessageStatus.PLAYED:
      return 5;
    default:
      return null;
  }
}

export type UpdateOutcome =
  { kind: 'ack'; providerId: string; ack: number } | { kind: 'edit'; providerId: string; body: string } | { kind: 'revoke'; providerId: string };

/**
 * What one `messages.update` entry tells: an ack of a message this connection sent, an edit (the new text under
 * `editedMessage`), or a revoke (stub REVOKE, content gone).
 */
export function normalizeUpdate({ key, update }: WAMessageUpdate): UpdateOutcome[] {
  const id = key.id;
  if (!id || !key.remoteJid || isBroadcastJid(key.remoteJid)) return [];
  const out: UpdateOutcome[] = [];
  const ack = key.fromMe && update.status != null ? ackOfStatus(Number(update.status)) : null;
  if (ack !== null) out.push({ kind: 'ack', providerId: id, ack });
  const edited = update.message?.editedMessage?.message;
  if (edited) out.push({ kind: 'edit', providerId: id, body: textOf(edited) });
  if (Number(update.messageStubType) === STUB_REVOKE) out.push({ kind: 'revoke', providerId: id });
  return out;
}

/** One person as the platform keys them: the phone number's digits when it can be known, else the LID's (with `lid` set). */
async function person(jid: string, alt: string | null | undefined, ctx: InboundContext): Promise<{ digits: string; lid?: string }> {
  if (!isLidJid(jid)) return { digits: jidDigits(jid) };
  if (alt && isPnJid(alt)) return { digits: jidDigits(alt) };
  const pn = await ctx.resolvePn(`${jidUser(jid)}@lid`).catch(() => undefined);
  if (pn && isPnJid(pn)) return { digits: jidDigits(pn) };
  return { digits: jidDigits(jid), lid: jidDigits(jid) };
}

interface ContextInfoLike {
  stanzaId?: string | null;
  externalAdReply?: { title?: string | null; body?: string | null; sourceUrl?: string | null; thumbnailUrl?: string | null } | null;
}

const MEDIA_KINDS: Record<string, MediaType> = {
  imageMessage: 'image',
  videoMessage: 'video',
  audioMessage: 'audio',
  documentMessage: 'document',
  stickerMessage: 'sticker',
};

/** A WAMessage as the platform's inbound message, edit or revoke; everything else is ignored (with the reason). */
export async function normalizeInbound(msg: WAMessage, ctx: InboundContext): Promise<InboundOutcome> {
  const key: WAMessageKey & { senderPn?: string } = msg.key ?? {};
  const remoteJid = key.remoteJid;
  if (!remoteJid || !key.id) return { kind: 'ignore', reason: 'no chat or id' };
  if (isBroadcastJid(remoteJid)) return { kind: 'ignore', reason: 'status or broadcast' };
  const { content, viewOnce } = unwrapContent(msg.message);
  const type = contentType(content);
  if (!content || !type) return { kind: 'ignore', reason: msg.messageStubType ? 'stub' : 'no content' };

  if (type === 'protocolMessage') {
    const pm = content.protocolMessage;
    const target = pm?.key?.id;
    const protocolType = Number(pm?.type);
    if (target && protocolType === ProtocolType.REVOKE) return { kind: 'revoke', providerId: target };
    if (target && protocolType === ProtocolType.MESSAGE_EDIT) return { kind: 'edit', providerId: target, body: textOf(pm?.editedMessage) };
    return { kind: 'ignore', reason: 'protocol message' };
  }
  if (SILENT.has(type)) return { kind: 'ignore', reason: type };
  if (type === 'reactionMessage' && !content.reactionMessage?.text) return { kind: 'ignore', reason: 'reaction removed' };

  // Who: the chat (a person or a group) and, in groups, the sender; phone numbers preferred over LIDs.
  const isGroup = isGroupJid(remoteJid);
  const dataJson: Record<string, unknown> = {};
  let chatId: string;
  let chatJid: string;
  let participant: string | undefined;
  if (isGroup) {
    chatId = jidUser(remoteJid);
    chatJid = remoteJid;
    const sender = key.participant ?? msg.participant;
    if (sender) {
      const who = await person(sender, key.participantAlt, ctx);
      participant = who.digits;
      if (who.lid) dataJson.lid = who.lid;
    }
  } else {
    const who = await person(remoteJid, key.remoteJidAlt ?? key.senderPn, ctx);
    chatId = who.digits;
    chatJid = who.lid ? `${who.lid}@lid` : `${who.digits}@${PN_SERVER}`;
    if (who.lid) dataJson.lid = who.lid;
  }
  if (viewOnce) dataJson.viewOnce = true;

  const inner = (content as AnyRecord)[type] as AnyRecord & { contextInfo?: ContextInfoLike | null };
  const contextInfo = typeof inner === 'object' && inner ? (inner.contextInfo ?? undefined) : undefined;
  const ad = contextInfo?.externalAdReply;
  if (ad) {
    dataJson.adReply = { title: ad.title ?? null, body: ad.body ?? null, sourceUrl: ad.sourceUrl ?? null, thumbnailUrl: ad.thumbnailUrl ?? null };
  }
  let quotedProviderId = contextInfo?.stanzaId ?? undefined;

  let mediaType: MediaType;
  let body = '';
  let media: InboundMessage['media'];
  if (type === 'conversation') {
    mediaType = 'chat';
    body = content.conversation ?? '';
  } else if (type === 'extendedTextMessage') {
    const text = content.extendedTextMessage!;
    mediaType = 'chat';
    body = text.text ?? '';
    if (text.title || text.description || text.matchedText) {
      dataJson.linkPreview = { title: text.title ?? null, description: text.description ?? null, url: text.matchedText ?? null };
    }
  } else if (MEDIA_KINDS[type]) {
    mediaType = MEDIA_KINDS[type];
    const m = inner as {
      caption?: string | null;
      mimetype?: string | null;
      fileName?: string | null;
      fileLength?: unknown;
      ptt?: boolean | null;
      gifPlayback?: boolean | null;
    };
    body = m.caption ?? '';
    if (mediaType === 'audio') dataJson.ptt = Boolean(m.ptt);
    if (mediaType === 'video' && m.gifPlayback) dataJson.gif = true;
    const size = toSeconds(m.fileLength) ?? 0;
    const max = ctx.maxMediaBytes ?? INBOUND_DOWNLOAD_MAX_BYTES;
    let error: string | undefined;
    if (size > max) error = `too large (${size} bytes)`;
    else {
      try {
        const data = await ctx.download(msg);
        if (data.length > max) error = `too large (${data.length} bytes)`;
        else media = { data, mimetype: m.mimetype ?? 'application/octet-stream', filename: m.fileName ?? undefined };
      } catch (e) {
        error = shortError(e);
      }
    }
    if (error) {
      dataJson.mediaError = error;
      body ||= `[${mediaType}]`;
    }
  } else if (type === 'locationMessage' || type === 'liveLocationMessage') {
    const loc = (content.locationMessage ?? content.liveLocationMessage) as {
      degreesLatitude?: number | null;
      degreesLongitude?: number | null;
      name?: string | null;
      address?: string | null;
      caption?: string | null;
    };
    mediaType = 'locationMessage';
    const latitude = loc.degreesLatitude ?? 0;
    const longitude = loc.degreesLongitude ?? 0;
    dataJson.location = { latitude, longitude, name: loc.name ?? null, address: loc.address ?? null };
    if (type === 'liveLocationMessage') dataJson.live = true;
    body = [loc.name, loc.address, loc.caption, `${latitude}, ${longitude}`].filter(Boolean).join('\n');
  } else if (type === 'contactMessage') {
    const card = content.contactMessage!;
    mediaType = 'contactMessage';
    body = card.vcard ?? card.displayName ?? '';
    dataJson.displayName = card.displayName ?? null;
    dataJson.vcard = card.vcard ?? null;
  } else if (type === 'contactsArrayMessage') {
    const list = content.contactsArrayMessage!;
    const contacts = (list.contacts ?? []).map((c) => ({ displayName: c.displayName ?? null, vcard: c.vcard ?? null }));
    mediaType = 'contactsArrayMessage';
    body = contacts
      .map((c) => c.vcard)
      .filter(Boolean)
      .join('\n');
    dataJson.displayName = list.displayName ?? null;
    dataJson.contacts = contacts;
  } else if (type === 'reactionMessage') {
    const reaction = content.reactionMessage!;
    mediaType = 'reactionMessage';
    body = reaction.text ?? '';
    quotedProviderId = reaction.key?.id ?? undefined;
  } else {
    // A kind the platform does not show (poll, list, buttons, event, ...): kept as text, so no message is lost.
    mediaType = 'chat';
    const text = inner as { text?: string | null; caption?: string | null; name?: string | null; contentText?: string | null; title?: string | null };
    body = text.text ?? text.caption ?? text.name ?? text.contentText ?? text.title ?? `[${type}]`;
    dataJson.unsupported = type;
  }

  const message: InboundMessage = {
    providerId: key.id,
    chatId,
    isGroup,
    fromMe: Boolean(key.fromMe),
    participant,
    // On messages from this account, pushName is the account's own name, not the contact's.
    pushName: key.fromMe ? undefined : (msg.pushName ?? undefined),
    timestamp: new Date((toSeconds(msg.messageTimestamp) ?? Date.now() / 1000) * 1000),
    type: mediaType,
    body,
    media,
    quotedProviderId: quotedProviderId || undefined,
    dataJson: Object.keys(dataJson).length ? dataJson : undefined,
  };
  return { kind: 'message', message, chatJid };
}

function shortError(e: unknown): string {
  const message = typeof e === 'object' && e !== null && typeof (e as Error).message === 'string' ? (e as Error).message : String(e);
  return message.slice(0, 200) || 'download failed';
}
