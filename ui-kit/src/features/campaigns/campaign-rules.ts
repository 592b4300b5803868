import type { CampaignDto, CampaignEditable, CampaignStatus, SaveCampaignBody } from './data/campaigns';
import { compose, maxLength, minLength, required, type Rule } from '../../forms/validators';

export type Campaign = CampaignDto;

/** Message variants of a campaign (spec back-office §9: up to 5, each with a confirmation message). */
export const MESSAGE_SLOTS = [1, 2, 3, 4, 5] as const;
export type MessageSlot = (typeof MESSAGE_SLOTS)[number];
type MessageField = `message${MessageSlot}`;
type ConfirmationField = `confirmationMessage${MessageSlot}`;
export const MESSAGE_FIELDS = MESSAGE_SLOTS.map((s) => `message${s}` as const);
export const CONFIRMATION_FIELDS = MESSAGE_SLOTS.map((s) => `confirmationMessage${s}` as const);

/** The recipient's own variables; the company's campaign variables (GET /campaign-settings) follow them. */
export const CONTACT_VARIABLES = ['nome', 'numero', 'email'] as const;

/** The 'Nenhuma' choice of the tag-list and file-list selects. */
export const NONE = 0;

export type CampaignFormValues = {
  name: string;
  /** A chosen id, or null (connection, contact list) / NONE (tag list, file list) for none. */
  whatsappId: number | null;
  contactListId: number | null;
  tagListId: number;
  fileListId: number;
  confirmation: boolean;
  /** `YYYY-MM-DDTHH:mm` in the browser's time zone (a datetime-local input); '' for none (a draft). */
  scheduledAt: string;
} & Record<MessageField | ConfirmationField, string>;

/** Spec back-office §5: name required, 2 to 50 characters. */
export const campaignNameRule: Rule = compose(
  required('campaigns.validation.required'),
  minLength(2, 'campaigns.validation.tooShort'),
  maxLength(50, 'campaigns.validation.tooLong'),
);

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as a datetime-local value in the browser's time zone. */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value (browser time zone) as an ISO instant; null for ''. */
export function fromLocalInput(value: string): string | null {
  if (!value.trim()) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

export function campaignFormValues(campaign?: Campaign | null): CampaignFormValues {
  const values = {
    name: campaign?.name ?? '',
    whatsappId: campaign?.whatsappId ?? null,
    contactListId: campaign?.contactListId ?? null,
    tagListId: campaign?.tagListId ?? NONE,
    fileListId: campaign?.fileListId ?? NONE,
    confirmation: campaign?.confirmation ?? false,
    scheduledAt: toLocalInput(campaign?.scheduledAt),
  } as CampaignFormValues;
  for (const f of [...MESSAGE_FIELDS, ...CONFIRMATION_FIELDS]) values[f] = campaign?.[f] ?? '';
  return values;
}

/**
 * What a save sends: everything for a new campaign or one editable in 'all'; only the texts for a cancelled one
 * ('messages'), as the API keeps the rest.
 */
export function campaignBody(values: CampaignFormValues, editable: CampaignEditable = 'all'): SaveCampaignBody {
  const texts = Object.fromEntries([...MESSAGE_FIELDS, ...CONFIRMATION_FIELDS].map((f) => [f, values[f]])) as Record<MessageField | ConfirmationField, string>;
  if (editable === 'messages') return texts;
  return {
    name: values.name.trim(),
    whatsappId: values.whatsappId || null,
    contactListId: values.contactListId || null,
    tagListId: values.tagListId || null,
    fileListId: values.fileListId || null,
    confirmation: values.confirmation,
    // null makes it a draft (INATIVA); a time makes it PROGRAMADA.
    scheduledAt: fromLocalInput(values.scheduledAt),
    ...texts,
  };
}

/** The tab (1-5) of a message field, for a field error to show its tab. */
export function slotOf(field: string): MessageSlot | null {
  const m = /^(?:message|confirmationMessage)([1-5])$/.exec(field);
  return m ? (Number(m[1]) as MessageSlot) : null;
}

/** Spec back-office §5: an attachment's name is shown with its spaces as underscores (as the API stores it). */
export function mediaDisplayName(name: string): string {
  return name.replace(/\s+/g, '_');
}

/** Which row actions a status offers (spec back-office §2, §4): stop while sending, restart once cancelled. */
export const canStop = (status: CampaignStatus) => status === 'EM_ANDAMENTO';
export const canRestart = (status: CampaignStatus) => status === 'CANCELADA';

/** Spec back-office §4: a scheduled campaign stays editable (its attachment too) while its start is more than this far away. */
export const EDIT_LEAD_MS = 60 * 60 * 1000;

/** Whether a schedule (ISO) leaves the campaign no longer editable once saved: within the hour, or past. */
export function startsWithinLead(scheduledAt: string | null | undefined, now = Date.now()): boolean {
  return Boolean(scheduledAt) && new Date(scheduledAt!).getTime() - now <= EDIT_LEAD_MS;
}

/** Spec back-office §9: the report reloads 5 seconds after it sees FINALIZADA. */
export const REPORT_RELOAD_AFTER_FINISH_MS = 5000;
