import { Campaign, CampaignStatus, confirmationOf, MESSAGE_SLOTS, MessageSlot, messageOf } from './campaign.entity';
import type { RecipientFailure, RecipientState } from './campaign-recipients';
import type { CampaignEditable, SaveCampaignDto } from './dto/campaign.dto';

/**
 * A campaign's decisions, as pure functions of plain values (no database, no clock: `now` is passed in). The services
 * and the plan's SQL follow them; campaigns.rules.spec.ts tests them in milliseconds.
 */

/** The dispatch intervals of a company's campaign settings, in seconds (sends for longerIntervalAfter). */
export interface DispatchIntervals {
  messageInterval: number;
  longerIntervalAfter: number;
  greaterInterval: number;
}

/** Where a campaign's recipients come from. */
export type RecipientSource = { contactListId: number } | { tagId: number };

/**
 * The gap before the n-th send (n from 1; the first goes at the start). Every `longerIntervalAfter` sends the
 * gap is `greaterInterval`; otherwise it is drawn between half and one and a half `messageInterval`, so sends
 * average the configured interval without a machine-like rhythm. Written once here; the plan's SQL is the same rule.
 */
export function gapBefore(n: number, intervals: DispatchIntervals, random = Math.random): number {
  if (n <= 1) return 0;
  const { messageInterval, longerIntervalAfter, greaterInterval } = intervals;
  if (longerIntervalAfter > 0 && (n - 1) % longerIntervalAfter === 0) return greaterInterval;
  return messageInterval * (0.5 + random());
}

/** Replaces {nome}, {name}, {numero}, {number}, {email} and the company's campaign variables ({key}); unknown ones stay. */
export function renderMessage(
  text: string,
  recipient: { name: string; number: string; email?: string | null },
  variables: { key: string; value: string }[],
): string {
  const values = new Map<string, string>([
    ['nome', recipient.name],
    ['name', recipient.name],
    ['numero', recipient.number],
    ['number', recipient.number],
    ['email', recipient.email ?? ''],
  ]);
  for (const v of variables) if (!values.has(v.key)) values.set(v.key, v.value);
  return text.replace(/\{([\w.-]{1,40})\}/g, (all, key: string) => values.get(key) ?? values.get(key.toLowerCase()) ?? all);
}

/** A scheduled campaign stays editable while its start is more than this far away (spec §4). */
export const EDIT_LEAD_MS = 60 * 60 * 1000;

/** What may be edited now: everything (a draft, or scheduled more than an hour ahead), only the messages (cancelled), or nothing. */
export function editableNow(c: Pick<Campaign, 'status' | 'scheduledAt'>, now: Date): CampaignEditable {
  if (c.status === 'INATIVA') return 'all';
  if (c.status === 'PROGRAMADA' && c.scheduledAt && c.scheduledAt.getTime() - now.getTime() > EDIT_LEAD_MS) return 'all';
  if (c.status === 'CANCELADA') return 'messages';
  return 'none';
}

/** The message texts: the only fields a cancelled campaign may still change. */
export const TEXT_FIELDS = [...MESSAGE_SLOTS.map((s) => `message${s}` as const), ...MESSAGE_SLOTS.map((s) => `confirmationMessage${s}` as const)];

/** The fields of a save that are not messages and differ from the campaign's (a date compared by its time; absent = null). */
export function changedNonMessageFields(campaign: Campaign, body: SaveCampaignDto): string[] {
  return Object.keys(body)
    .filter((k) => body[k as keyof SaveCampaignDto] !== undefined && !(TEXT_FIELDS as readonly string[]).includes(k))
    .filter((k) => !sameValue(campaign[k as keyof Campaign], body[k as keyof SaveCampaignDto]));
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a instanceof Date || b instanceof Date) return (a as Date | null)?.getTime?.() === (b as Date | null)?.getTime?.();
  return (a ?? null) === (b ?? null);
}

/** A saved campaign is PROGRAMADA when it has a start time, else a draft. */
export const statusOnSave = (c: Pick<Campaign, 'scheduledAt'>): CampaignStatus => (c.scheduledAt ? 'PROGRAMADA' : 'INATIVA');

/**
 * What a PROGRAMADA campaign lacks to run (none for other states): a connection, recipients, a message, and a
 * confirmation text when it asks first. Each names the field the form shows it on.
 */
export function missingToRun(c: Campaign): { field: string; messages: string[] }[] {
  if (c.status !== 'PROGRAMADA') return [];
  const fields: { field: string; messages: string[] }[] = [];
  if (!c.whatsappId) fields.push({ field: 'whatsappId', messages: ['Obrigatório'] });
  if (!c.contactListId && !c.tagListId) fields.push({ field: 'contactListId', messages: ['Choose a contact list or a tag'] });
  if (!MESSAGE_SLOTS.some((s) => messageOf(c, s).trim())) fields.push({ field: 'message1', messages: ['Obrigatório'] });
  if (c.confirmation && !MESSAGE_SLOTS.some((s) => confirmationOf(c, s).trim())) fields.push({ field: 'confirmationMessage1', messages: ['Obrigatório'] });
  return fields;
}

/** The recipients' source: the contact list, else the tag's contacts, else none (nothing to plan). */
export function recipientSource(c: Pick<Campaign, 'contactListId' | 'tagListId'>): RecipientSource | null {
  if (c.contactListId) return { contactListId: c.contactListId };
  if (c.tagListId) return { tagId: c.tagListId };
  return null;
}

/** The confirmation request for a recipient's slot: its own text, else the first written one, else the slot's message. */
export function confirmationText(campaign: Campaign, slot: MessageSlot): string {
  const own = confirmationOf(campaign, slot);
  if (own.trim()) return own;
  const any = MESSAGE_SLOTS.map((s) => confirmationOf(campaign, s)).find((t) => t.trim());
  return any ?? messageOf(campaign, slot);
}

/** Each sender (connection and number) once, with its first message of the batch: the one that confirms. */
export function firstPerSender<T extends { whatsappId: number; number: string }>(senders: T[]): T[] {
  const first = new Map<string, T>();
  for (const s of senders) if (!first.has(`${s.whatsappId}:${s.number}`)) first.set(`${s.whatsappId}:${s.number}`, s);
  return [...first.values()];
}

/** Why a failed recipient failed: skipped before sending (no WhatsApp, no connection), else its message's ack went to -1. */
export function reasonOf(row: { state: RecipientState; skipped: string | null }): RecipientFailure | null {
  if (row.state !== 'failed') return null;
  if (row.skipped === 'no-whatsapp' || row.skipped === 'no-connection' || row.skipped === 'no-template') return row.skipped;
  return 'send-failed';
}
