import type { InboundMessage } from '../messaging-provider';
import type { MediaType } from '../message-kinds';
import { ackOf, codeOf } from './cloud.rules';

/**
 * A webhook delivery of the Cloud API (`{ object, entry: [{ changes: [{ field, value }] }] }`) as the platform's events,
 * pure: a medium is named by its id and fetched by the caller. Whatever the payload holds, this never throws: an unknown
 * kind of message becomes a text saying so, a malformed entry is skipped.
 * https://developers.facebook.com/docs/whatsapp/cloud-api/webhooks/components
 */

export type CloudEvent =
  | { kind: 'message'; phoneNumberId?: string; message: InboundMessage; mediaId?: string }
  | { kind: 'ack'; phoneNumberId?: string; providerId: string; ack: number }
  | { kind: 'failed'; phoneNumberId?: string; providerId: string; code: string; reason: string }
  /** The number's quality or messaging limit changed: read them again from the Graph API. */
  | { kind: 'quality'; phoneNumberId?: string; messagingLimit?: string };

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined);

const MEDIA: Record<string, MediaType> = { image: 'image', video: 'video', audio: 'audio', document: 'document', sticker: 'sticker' };

export function parseDelivery(payload: unknown): CloudEvent[] {
  const events: CloudEvent[] = [];
  for (const entry of arr(obj(payload).entry)) {
    for (const change of arr(obj(entry).changes)) {
      const { field, value } = obj(change);
      const v = obj(value);
      const phoneNumberId = str(obj(v.metadata).phone_number_id);
      if (field === 'messages') {
        const names = new Map<string, string>();
        for (const c of arr(v.contacts)) {
          const waId = str(obj(c).wa_id);
          const name = str(obj(obj(c).profile).name);
          if (waId && name) names.set(waId, name);
        }
        for (const m of arr(v.messages)) {
          const event = messageEvent(obj(m), names, phoneNumberId);
          if (event) events.push(event);
        }
        for (const s of arr(v.statuses)) {
          const event = statusEvent(obj(s), phoneNumberId);
          if (event) events.push(event);
        }
      } else if (field === 'phone_number_quality_update' || field === 'account_update') {
        events.push({ kind: 'quality', phoneNumberId, messagingLimit: str(v.current_limit) });
      }
    }
  }
  return events;
}

function statusEvent(s: Obj, phoneNumberId: string | undefined): CloudEvent | null {
  const providerId = str(s.id);
  const status = str(s.status);
  if (!providerId || !status) return null;
  if (status === 'failed') {
    const error = obj(arr(s.errors)[0]);
    const code = typeof error.code === 'number' ? error.code : undefined;
    const reason = [str(error.title) ?? str(error.message), str(obj(error.error_data).details)].filter(Boolean).join(': ') || 'failed';
    return { kind: 'failed', phoneNumberId, providerId, code: codeOf(code), reason };
  }
  const ack = ackOf(status);
  return ack === null ? null : { kind: 'ack', phoneNumberId, providerId, ack };
}

function vcardOf(contact: Obj): string {
  const name = obj(contact.name);
  const formatted = str(name.formatted_name) ?? [str(name.first_name), str(name.last_name)].filter(Boolean).join(' ');
  const lines = ['BEGIN:VCARD', 'VERSION:3.0', `FN:${formatted}`];
  for (const p of arr(contact.phones)) {
    const phone = str(obj(p).phone);
    const waId = str(obj(p).wa_id);
    if (phone) lines.push(`TEL;type=${str(obj(p).type) ?? 'CELL'}${waId ? `;waid=${waId}` : ''}:${phone}`);
  }
  lines.push('END:VCARD');
  return lines.join('\n');
}

function messageEvent(m: Obj, names: Map<string, string>, phoneNumberId: string | undefined): CloudEvent | null {
  const providerId = str(m.id);
  const from = str(m.from)?.replace(/\D/g, '');
  if (!providerId || !from) return null;
  const type = str(m.type) ?? 'unknown';
  const seconds = Number(str(m.timestamp));
  const dataJson: Obj = {};
  let mediaType: MediaType = 'chat';
  let body = '';
  let mediaId: string | undefined;
  let quotedProviderId = str(obj(m.context).id);
  const inner = obj(m[type]);

  if (type === 'text') {
    body = str(inner.body) ?? '';
  } else if (MEDIA[type]) {
    mediaType = MEDIA[type];
    mediaId = str(inner.id);
    body = str(inner.caption) ?? '';
    if (type === 'audio') dataJson.ptt = inner.voice === true;
    if (type === 'document' && inner.filename) dataJson.filename = str(inner.filename);
    if (str(inner.mime_type)) dataJson.mimetype = str(inner.mime_type);
  } else if (type === 'location') {
    mediaType = 'locationMessage';
    const latitude = Number(inner.latitude ?? 0);
    const longitude = Number(inner.longitude ?? 0);
    const name = str(inner.name) ?? null;
    const address = str(inner.address) ?? null;
    dataJson.location = { latitude, longitude, name, address };
    body = [name, address, `${latitude}, ${longitude}`].filter(Boolean).join('\n');
  } else if (type === 'contacts') {
    const cards = arr(m.contacts).map((c) => vcardOf(obj(c)));
    mediaType = cards.length > 1 ? 'contactsArrayMessage' : 'contactMessage';
    body = cards.join('\n');
    if (cards.length > 1) dataJson.contacts = cards.map((vcard) => ({ displayName: /^FN:(.*)$/m.exec(vcard)?.[1] ?? null, vcard }));
    else dataJson.vcard = cards[0] ?? null;
  } else if (type === 'interactive') {
    // A tap on a button or a list row of a message the company sent.
    const reply = obj(inner.button_reply ?? inner.list_reply ?? inner.nfm_reply);
    body = str(reply.title) ?? str(reply.body) ?? '';
    dataJson.interactive = { type: str(inner.type) ?? null, id: str(reply.id) ?? null, title: str(reply.title) ?? null };
  } else if (type === 'button') {
    // A template's quick-reply button.
    body = str(inner.text) ?? '';
    dataJson.button = { payload: str(inner.payload) ?? null, text: body };
  } else if (type === 'reaction') {
    const emoji = str(inner.emoji);
    // A reaction removed (no emoji) shows nothing, as on the phone.
    if (!emoji) return null;
    mediaType = 'reactionMessage';
    body = emoji;
    quotedProviderId = str(inner.message_id);
  } else {
    // order, system, unsupported (Meta could not read it), or a kind newer than this code: kept as a text, never lost.
    const title = str(obj(arr(m.errors)[0]).title);
    body = `[mensagem não suportada: ${type}${title ? ` (${title})` : ''}]`;
    dataJson.unsupported = type;
  }

  const message: InboundMessage = {
    providerId,
    chatId: from,
    isGroup: false,
    fromMe: false,
    pushName: names.get(from),
    timestamp: Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000) : new Date(),
    type: mediaType,
    body,
    quotedProviderId: quotedProviderId || undefined,
    dataJson: Object.keys(dataJson).length ? dataJson : undefined,
  };
  return { kind: 'message', phoneNumberId, message, mediaId };
}
