import type { OutboundContent } from '../messaging-provider';
import type { AnyMessageContent, MiscMessageGenerationOptions, WAMessage, WAMessageKey, WAPresence } from './baileys-types';
import { VOICE_NOTE_MIMETYPE } from './voice-note';

/**
 * The platform's outbound content as Baileys' `sendMessage` arguments, pure: no socket, no file read (media go by
 * path, `{ url: path }`, which Baileys streams from disk; a voice note arrives already converted).
 */

export type MediaKind = 'image' | 'video' | 'audio' | 'sticker' | 'document';

/** How a file goes: by the message's type, else (a type that names no media) by its mimetype. */
export function mediaKindOf(content: Pick<OutboundContent, 'type' | 'media'>): MediaKind {
  switch (content.type) {
    case 'image':
    case 'video':
    case 'audio':
    case 'sticker':
      return content.type;
    case 'document':
    case 'application':
      return 'document';
    default: {
      const mimetype = content.media?.mimetype ?? '';
      if (mimetype.startsWith('image/')) return 'image';
      if (mimetype.startsWith('video/')) return 'video';
      if (mimetype.startsWith('audio/')) return 'audio';
      return 'document';
    }
  }
}

/** The display name of a vCard (its FN), for WhatsApp's contact card. */
export function vcardName(vcard: string): string {
  const line = vcard.split(/\r?\n/).find((l) => /^(item\d+\.)?FN[;:]/i.test(l));
  return line ? line.slice(line.indexOf(':') + 1).trim() : '';
}

/** The vCards in a text (one or more BEGIN:VCARD … END:VCARD blocks). */
export function splitVcards(text: string): string[] {
  return (text.match(/BEGIN:VCARD[\s\S]*?END:VCARD/gi) ?? []).map((v) => v.trim());
}

/** A stored voice note's file: Ogg, which the platform stores only as Opus for voice notes. Needs no conversion. */
export const isVoiceNoteFile = (mimetype: string): boolean => mimetype.startsWith('audio/ogg');

export interface OutboundExtras {
  /** The message replied to (see quotedMessage). */
  quoted?: WAMessage;
  /** The audio converted to a voice note (Ogg/Opus), when the content is one. */
  voiceNote?: Buffer;
}

/** `sendMessage(jid, content, options)`'s content and options for one outbound message. */
export function buildOutbound(content: OutboundContent, extras: OutboundExtras = {}): { content: AnyMessageContent; options: MiscMessageGenerationOptions } {
  const options: MiscMessageGenerationOptions = extras.quoted ? { quoted: extras.quoted } : {};
  // Sent under the id the platform chose and recorded before the call: a re-send is the same message to WhatsApp.
  if (content.providerId) options.messageId = content.providerId;
  return { content: outboundContent(content, extras), options };
}

function outboundContent(content: OutboundContent, extras: OutboundExtras): AnyMessageContent {
  const body = content.body ?? '';
  if (content.type === 'locationMessage' && content.location) {
    const { latitude, longitude, name, address } = content.location;
    return { location: { degreesLatitude: latitude, degreesLongitude: longitude, name, address } };
  }
  if (content.type === 'contactMessage' || content.type === 'contactsArrayMessage' || content.type === 'vcard') {
    const cards = splitVcards(content.vcard ?? body);
    if (cards.length) {
      const contacts = cards.map((vcard) => ({ displayName: vcardName(vcard) || undefined, vcard }));
      return { contacts: { displayName: contacts.length === 1 ? contacts[0].displayName : `${contacts.length} contatos`, contacts } };
    }
  }
  if (!content.media) return { text: body };

  const { path, mimetype, filename } = content.media;
  // The stored body of a file message is often just its name: not repeated as a caption.
  const caption = body && body !== filename ? body : undefined;
  switch (mediaKindOf(content)) {
    case 'image':
      return { image: { url: path }, caption, mimetype };
    case 'video':
      return { video: { url: path }, caption, mimetype };
    case 'sticker':
      return { sticker: { url: path }, mimetype };
    case 'audio':
      if (content.voiceNote && extras.voiceNote) return { audio: extras.voiceNote, ptt: true, mimetype: VOICE_NOTE_MIMETYPE };
      // Stored as Ogg Opus already (a voice note recorded in the composer): sent as it is.
      if (content.voiceNote && isVoiceNoteFile(mimetype)) return { audio: { url: path }, ptt: true, mimetype: VOICE_NOTE_MIMETYPE };
      return { audio: { url: path }, ptt: false, mimetype };
    default:
      return { document: { url: path }, mimetype: mimetype || 'application/octet-stream', fileName: filename, caption };
  }
}

/**
 * The message a reply quotes: the one this session saw, when it is among the recent ones, else a minimal one
 * built from the stored provider id (WhatsApp shows the quote from its own copy; `fromMe` defaults to false).
 */
export function quotedMessage(jid: string, providerId: string, recent?: WAMessage): WAMessage {
  if (recent?.key?.id === providerId) return recent;
  return { key: { remoteJid: jid, id: providerId, fromMe: false }, message: { conversation: '' } };
}

/** The key of one of this connection's own messages (edits and deletions are of messages it sent). */
export function ownKey(jid: string, providerId: string, recent?: WAMessage): WAMessageKey {
  if (recent?.key?.id === providerId) return recent.key;
  return { remoteJid: jid, id: providerId, fromMe: true };
}

/** The keys of received messages to mark read (in groups the sender is part of the key: known for recent ones). */
export function readKeys(jid: string, providerIds: string[], recent: (id: string) => WAMessage | undefined): WAMessageKey[] {
  return providerIds.map((id) => {
    const known = recent(id)?.key;
    return known?.id === id ? known : { remoteJid: jid, id, fromMe: false };
  });
}

export const editContent = (key: WAMessageKey, body: string): AnyMessageContent => ({ text: body, edit: key });
export const deleteContent = (key: WAMessageKey): AnyMessageContent => ({ delete: key });

/** `available`/`unavailable` are the account's own state; the others are shown in one chat. */
export const isChatPresence = (state: WAPresence): boolean => state !== 'available' && state !== 'unavailable';
