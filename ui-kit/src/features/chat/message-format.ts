import type { Schema } from '../../client';

export type Message = Schema<'MessageDto'>;
export type Ticket = Schema<'TicketDto'>;

/** Spec §9: the quoted-message search loads older pages until this many pages are loaded. */
export const QUOTED_SEARCH_MAX_PAGES = 11;
/** Spec §9: older messages load when the history is scrolled within this many pixels of its top... */
export const LOAD_OLDER_THRESHOLD_PX = 50;
/** ...debounced by this long. */
export const LOAD_OLDER_DEBOUNCE_MS = 500;
/** Spec §9: the audio waveform has 64 bars when the message supplies none. */
export const WAVEFORM_BARS = 64;
/** Spec §4: the audio playback speeds, in cycling order. */
export const AUDIO_RATES = [0.5, 1, 1.5, 2] as const;
/** The local storage key of the remembered audio playback speed (spec §3, 'audio playback speed'). */
export const AUDIO_RATE_KEY = 'audioPlaybackRate';

// ---------------------------------------------------------------------------------------------------------
// History rows: day separators, ticket-change separators and messages

export type HistoryRow =
  | { kind: 'day'; key: string; date: Date }
  | { kind: 'ticket'; key: string; closedId: number; closedAt: Date; startedId: number; startedAt: Date }
  | { kind: 'message'; key: string; message: Message };

/** The local calendar day of a date, as a sortable key. */
export function dayKey(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

/**
 * The rows of the history, oldest first: a day separator before the first message of each day, and a ticket-change
 * separator where two consecutive messages belong to different tickets of the contact ('Ticket: {id} closed at'
 * the last message of the previous ticket, 'started at' the first of the next: the messages carry no closing time).
 */
export function historyRows(messages: readonly Message[]): HistoryRow[] {
  const rows: HistoryRow[] = [];
  let previous: Message | undefined;
  for (const message of messages) {
    const at = new Date(message.createdAt);
    const day = dayKey(at);
    if (!previous || dayKey(new Date(previous.createdAt)) !== day) rows.push({ kind: 'day', key: `day:${day}:${message.id}`, date: at });
    if (previous && previous.ticketId !== message.ticketId) {
      rows.push({
        kind: 'ticket',
        key: `ticket:${previous.ticketId}:${message.ticketId}:${message.id}`,
        closedId: previous.ticketId,
        closedAt: new Date(previous.createdAt),
        startedId: message.ticketId,
        startedAt: at,
      });
    }
    rows.push({ kind: 'message', key: `msg:${message.id}`, message });
    previous = message;
  }
  return rows;
}

/** 'today', 'yesterday' or null (then the date is shown) for a day separator, relative to `now`. */
export function relativeDay(date: Date, now: Date): 'today' | 'yesterday' | null {
  const today = dayKey(now);
  if (dayKey(date) === today) return 'today';
  const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1);
  return dayKey(date) === dayKey(yesterday) ? 'yesterday' : null;
}

// ---------------------------------------------------------------------------------------------------------
// Acks

export type AckState = 'failed' | 'pending' | 'sent' | 'delivered' | 'read' | 'played';

/** Spec §4: 0 clock, 1 and 2 sent, 3 delivered (double check), 4 read, 5 played (read, blue); -1 failed. */
export function ackState(ack: number): AckState {
  if (ack < 0) return 'failed';
  if (ack === 0) return 'pending';
  if (ack <= 2) return 'sent';
  if (ack === 3) return 'delivered';
  if (ack === 4) return 'read';
  return 'played';
}

// ---------------------------------------------------------------------------------------------------------
// dataJson readers: the raw provider data is free-form, so each reader accepts the shapes providers send.

const num = (value: unknown): number | undefined => {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
};
const str = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() ? value.trim() : undefined);
const record = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

function decodeBase64(text: string): number[] | undefined {
  try {
    return Array.from(atob(text), (char) => char.charCodeAt(0));
  } catch {
    return undefined;
  }
}

/** `count` values from `values`, each the peak of its stretch (or repeated when there are fewer). */
function resample(values: number[], count: number): number[] {
  return Array.from({ length: count }, (_, i) => {
    const from = Math.floor((i * values.length) / count);
    const to = Math.max(from + 1, Math.floor(((i + 1) * values.length) / count));
    return Math.max(...values.slice(from, to));
  });
}

/** A quiet, stable shape for audio without a waveform (64 bars of the spec), varied by the message id. */
function placeholderWaveform(seed: string): number[] {
  let hash = 7;
  for (const char of seed) hash = (hash * 31 + char.charCodeAt(0)) % 9973;
  return Array.from({ length: WAVEFORM_BARS }, (_, i) => 0.25 + 0.2 * Math.abs(Math.sin((i + hash) * 0.7)));
}

/**
 * The audio waveform of a message, 64 bars from 0 to 1: `dataJson.waveform` (numbers, or base64 bytes as WhatsApp
 * sends them), also under `dataJson.audioMessage`; otherwise 64 placeholder bars.
 */
export function waveformOf(message: Pick<Message, 'id' | 'dataJson'>): { bars: number[]; supplied: boolean } {
  const data = record(message.dataJson);
  const raw = data?.waveform ?? record(data?.audioMessage)?.waveform;
  let values: number[] | undefined;
  if (Array.isArray(raw)) values = raw.map(num).filter((n): n is number => n !== undefined);
  else if (typeof raw === 'string') values = decodeBase64(raw);
  else if (record(raw))
    values = Object.values(record(raw)!)
      .map(num)
      .filter((n): n is number => n !== undefined);
  if (!values?.length) return { bars: placeholderWaveform(message.id), supplied: false };
  const peak = Math.max(...values.map(Math.abs), 1e-9);
  const bars = resample(
    values.map((v) => Math.abs(v) / peak),
    WAVEFORM_BARS,
  );
  return { bars: bars.map((b) => Math.max(0.08, Math.min(1, b))), supplied: true };
}

export interface LocationInfo {
  latitude?: number;
  longitude?: number;
  name?: string;
  address?: string;
  /** A link to the place on a map. */
  mapUrl?: string;
}

/** A location message's place: `dataJson` (latitude/longitude or WhatsApp's degreesLatitude, name, address, url). */
export function locationOf(message: Pick<Message, 'dataJson' | 'body'>): LocationInfo {
  const data = record(message.dataJson) ?? {};
  const source = record(data.location) ?? record(data.locationMessage) ?? data;
  const latitude = num(source.latitude) ?? num(source.degreesLatitude) ?? num(source.lat);
  const longitude = num(source.longitude) ?? num(source.degreesLongitude) ?? num(source.lng);
  const name = str(source.name);
  const address = str(source.address);
  const given = str(source.url) ?? str(data.mapUrl);
  const safeGiven = given && /^https:\/\//i.test(given) ? given : undefined;
  const mapUrl =
    safeGiven ?? (latitude !== undefined && longitude !== undefined ? `https://www.google.com/maps/search/?api=1&query=${latitude},${longitude}` : undefined);
  return { latitude, longitude, name, address, mapUrl };
}

export interface VcardContact {
  name: string;
  numbers: string[];
}

function unfold(text: string): string[] {
  return text.replace(/\r\n[ \t]/g, '').split(/\r?\n/);
}

/** The contacts of vCard text: FN (or N) and each TEL (the waid parameter when present, else the value). */
export function parseVcards(text: string): VcardContact[] {
  const cards = text.split(/BEGIN:VCARD/i).slice(1);
  return cards.map((card) => {
    let name = '';
    const numbers: string[] = [];
    for (const line of unfold(card)) {
      const colon = line.indexOf(':');
      if (colon < 0) continue;
      const [field, ...params] = line.slice(0, colon).split(';');
      const value = line.slice(colon + 1).trim();
      const upper = field.toUpperCase();
      if (upper === 'FN' || upper.endsWith('.FN')) name = value;
      else if ((upper === 'N' || upper.endsWith('.N')) && !name) name = value.split(';').filter(Boolean).reverse().join(' ');
      else if (upper === 'TEL' || upper.endsWith('.TEL')) {
        const waid = params.find((p) => /^waid=/i.test(p))?.split('=')[1];
        numbers.push(waid ?? value);
      }
    }
    return { name, numbers };
  });
}

/**
 * The contacts a contact-card message shares: vCard text in `dataJson.vcard`, `dataJson.contacts[].vcard`
 * (contactsArrayMessage) or the body.
 */
export function contactsOf(message: Pick<Message, 'dataJson' | 'body'>): VcardContact[] {
  const data = record(message.dataJson) ?? {};
  const texts: string[] = [];
  const single = str(data.vcard) ?? str(record(data.contactMessage)?.vcard);
  if (single) texts.push(single);
  const list = Array.isArray(data.contacts)
    ? data.contacts
    : Array.isArray(record(data.contactsArrayMessage)?.contacts)
      ? (record(data.contactsArrayMessage)!.contacts as unknown[])
      : [];
  for (const item of list) {
    const vcard = str(record(item)?.vcard);
    if (vcard) texts.push(vcard);
  }
  if (!texts.length && /BEGIN:VCARD/i.test(message.body)) texts.push(message.body);
  const contacts = texts.flatMap(parseVcards).filter((c) => c.name || c.numbers.length);
  if (contacts.length) return contacts;
  const name = str(data.displayName) ?? str(message.body);
  return name ? [{ name, numbers: [] }] : [];
}

/** The media kinds the history shows as such; the others render their text. */
export const CONTACT_TYPES = new Set(['contactMessage', 'contactsArrayMessage', 'vcard']);

/** The file name a document shows: the original name, else its caption, else `fallback`. */
export function fileNameOf(message: Pick<Message, 'mediaName' | 'body'>, fallback: string): string {
  return message.mediaName || message.body || fallback;
}
