import type { Schema } from '../../client';
import { compose, required, type Rule } from '../../forms/validators';
import type { Locale, MessageKey } from '../../i18n';
import { LANGUAGE_TAGS } from '../../theme/AtendeRoot';
import { can, type Me } from '../../provider/session-rules';
import { officialBody, providerOf, purposesBody, type ConnectionType, type PurposeValues } from './official-rules';

/** A connection as GET /whatsapp answers it. */
export type Connection = Schema<'WhatsappDto'>;
export type ConnectionStatus = Schema<'ConnectionStatus'>;
export type ConnectionProvider = Schema<'ProviderName'>;
/** POST /whatsapp's body (the official API's fields with it). */
export type CreateConnectionBody = Schema<'CreateWhatsappDto'>;
export type UpdateConnectionBody = Schema<'UpdateWhatsappDto'>;

/** Every status of a connection's session (spec administration §4), in the order a login goes through them. */
export const CONNECTION_STATUSES: readonly ConnectionStatus[] = ['OPENING', 'qrcode', 'PAIRING', 'CONNECTED', 'TIMEOUT', 'DISCONNECTED'];

/** The colour of a status's dot. */
export type StatusTone = 'success' | 'warning' | 'danger' | 'info';
export const STATUS_TONE: Record<ConnectionStatus, StatusTone> = {
  CONNECTED: 'success',
  qrcode: 'warning',
  PAIRING: 'warning',
  OPENING: 'info',
  TIMEOUT: 'danger',
  DISCONNECTED: 'danger',
};

/**
 * What the session column offers for a status (spec administration §2's table): qrcode, the QR code button;
 * DISCONNECTED, try again and a new QR code; CONNECTED, shown as connected (with a disconnect beside it, which
 * users expect); PAIRING and TIMEOUT, disconnect (PAIRING also shows its code again: it is only in the dialog);
 * OPENING, a disabled 'connecting' button with a spinner.
 */
export type SessionAction = 'showQr' | 'showCode' | 'retry' | 'newQr' | 'connected' | 'disconnect' | 'connecting' | 'noQr';
export function sessionActions(status: ConnectionStatus, official = false): SessionAction[] {
  // The official API logs in with its credentials: no QR code, no pairing code; trying again is what a new QR code would be.
  if (official) {
    if (status === 'CONNECTED') return ['connected', 'disconnect'];
    if (status === 'OPENING') return ['connecting'];
    return status === 'DISCONNECTED' ? ['retry', 'noQr'] : ['disconnect', 'noQr'];
  }
  switch (status) {
    case 'qrcode':
      return ['showQr'];
    case 'DISCONNECTED':
      return ['retry', 'newQr'];
    case 'CONNECTED':
      return ['connected', 'disconnect'];
    case 'PAIRING':
      return ['showCode', 'disconnect'];
    case 'TIMEOUT':
      return ['disconnect'];
    case 'OPENING':
      return ['connecting'];
  }
}

/** What the signed-in user may do on the connections page (spec administration §6). */
export interface ConnectionPermissions {
  /** connections-page:addConnection: the 'Adicionar WhatsApp' button. */
  canAdd: boolean;
  /** connections-page:actionButtons: the session column's buttons. */
  canSession: boolean;
  /** connections-page:editOrDeleteConnection: edit, delete and the API token. */
  canEdit: boolean;
}

export function connectionPermissions(me: Pick<Me, 'permissions'> | undefined): ConnectionPermissions {
  return {
    canAdd: can(me, 'connections-page:addConnection'),
    canSession: can(me, 'connections-page:actionButtons'),
    canEdit: can(me, 'connections-page:editOrDeleteConnection'),
  };
}

/** Spec §9: the last update as dd/MM/yy HH:mm (the day and month in the locale's order). */
export function formatUpdatedAt(iso: string, locale: Locale): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const tag = LANGUAGE_TAGS[locale];
  const day = new Intl.DateTimeFormat(tag, { day: '2-digit', month: '2-digit', year: '2-digit' }).format(date);
  const time = new Intl.DateTimeFormat(tag, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(date);
  return `${day} ${time}`;
}

/** The API's limits on the connection's minute fields and on maxUseBotQueues (CreateWhatsappDto). */
export const MINUTES_MAX = 43200;
export const MAX_USE_BOT_QUEUES_MAX = 100;
/** Spec §9: maxUseBotQueues defaults to 3. */
export const MAX_USE_BOT_QUEUES_DEFAULT = 3;

/** A whole number from 0 to `max`; blank passes (it means 0, or the default). */
function wholeNumber(max: number, message: MessageKey): Rule<unknown> {
  return (value) => {
    const text = typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
    if (text === '') return true;
    return (/^\d+$/.test(text) && Number(text) <= max) || message;
  };
}

export const minutesRule: Rule<unknown> = wholeNumber(MINUTES_MAX, 'connections.validation.minutes');
export const maxUseBotQueuesRule: Rule<unknown> = wholeNumber(MAX_USE_BOT_QUEUES_MAX, 'connections.validation.maxBot');

/** The phone number of a pairing code: digits only (a mask's spaces, dashes and '+' dropped). */
export const digitsOf = (text: string): string => text.replace(/\D+/g, '');

/** The pairing code's phone number: country code, area code and number, 10 to 15 digits (the API's rule). */
export const pairingNumberRule: Rule<unknown> = compose(required('connections.pairing.required'), (value) => {
  const digits = digitsOf(typeof value === 'string' ? value : '');
  return (digits.length >= 10 && digits.length <= 15) || 'connections.pairing.invalidNumber';
});

/** An 8-character pairing code shown as two groups of four (ABCD-EFGH), as WhatsApp shows it. */
export function formatPairingCode(code: string): string {
  const clean = code.replace(/[\s-]+/g, '').toUpperCase();
  return clean.length === 8 ? `${clean.slice(0, 4)}-${clean.slice(4)}` : clean;
}

/** The queue redirect select's 'no queue' choice (Select keys cannot be null). */
export const NO_REDIRECT_QUEUE = 'none';
/** The prompt select's 'no prompt' choice. */
export const NO_PROMPT = 'none';
/** The integration select's 'no integration' choice. */
export const NO_INTEGRATION = 'none';

/** The connection modal's fields as the form holds them: texts for the number fields, ids as strings. */
export interface ConnectionFormValues {
  name: string;
  isDefault: boolean;
  queueIds: string[];
  greetingMessage: string;
  complationMessage: string;
  outOfHoursMessage: string;
  ratingMessage: string;
  transferMessage: string;
  expiresInactiveMessage: string;
  /** On add: the network (baileys: WhatsApp, or the sandbox); on edit, the connection's provider. */
  provider: ConnectionProvider;
  /** On add: a linked device (QR code) or the official API; with `provider`, the new connection's provider. */
  connectionType: ConnectionType;
  /** Official API on WhatsApp (cloud): the Graph API's ids and credentials (blank secrets on edit keep the stored ones). */
  cloudPhoneNumberId: string;
  cloudBusinessAccountId: string;
  cloudAccessToken: string;
  cloudAppSecret: string;
  /** Official connections being edited: the template of each automatic message (those left out stay as stored). */
  templatePurposes?: Partial<PurposeValues>;
  /** A queue id, or NO_REDIRECT_QUEUE. */
  sendIdQueue: string;
  timeSendQueue: string;
  expiresTicket: string;
  timeUseBotQueues: string;
  maxUseBotQueues: string;
  /** The AI prompt answering the connection (a prompt id, or NO_PROMPT); left out, the body leaves it as it is. */
  promptId?: string;
  /** The queue integration answering the connection (an integration id, or NO_INTEGRATION); left out, the body leaves it as it is. */
  integrationId?: string;
}

/** The form's values for a connection, or a new one's (WhatsApp by QR code, no queue redirect, maxUseBotQueues 3). */
export function formValuesOf(connection: Connection | null | undefined): ConnectionFormValues {
  return {
    name: connection?.name ?? '',
    isDefault: connection?.isDefault ?? false,
    queueIds: connection?.queues.map((q) => String(q.id)) ?? [],
    greetingMessage: connection?.greetingMessage ?? '',
    complationMessage: connection?.complationMessage ?? '',
    outOfHoursMessage: connection?.outOfHoursMessage ?? '',
    ratingMessage: connection?.ratingMessage ?? '',
    transferMessage: connection?.transferMessage ?? '',
    expiresInactiveMessage: connection?.expiresInactiveMessage ?? '',
    provider: connection?.provider ?? 'baileys',
    connectionType: connection?.type ?? (connection && ['cloud', 'sandbox_cloud'].includes(connection.provider) ? 'official' : 'qrcode'),
    cloudPhoneNumberId: connection?.cloudPhoneNumberId ?? '',
    cloudBusinessAccountId: connection?.cloudBusinessAccountId ?? '',
    // Secrets never come back from the API: blank, and left blank they stay as stored.
    cloudAccessToken: '',
    cloudAppSecret: '',
    sendIdQueue: connection?.sendIdQueue != null ? String(connection.sendIdQueue) : NO_REDIRECT_QUEUE,
    timeSendQueue: String(connection?.timeSendQueue ?? 0),
    expiresTicket: String(connection?.expiresTicket ?? 0),
    timeUseBotQueues: String(connection?.timeUseBotQueues ?? 0),
    maxUseBotQueues: String(connection?.maxUseBotQueues ?? MAX_USE_BOT_QUEUES_DEFAULT),
  };
}

const numberOr = (text: string, fallback: number): number => (text.trim() === '' ? fallback : Number(text.trim()));
/** A blank message is no message. */
const messageOf = (text: string): string | null => (text.trim() === '' ? null : text);

/**
 * The body of POST /whatsapp (`create`) or PUT /whatsapp/{id}: every field of the modal. The provider goes only on
 * create (it cannot change). The prompt goes when the form holds it (the modal's prompt select).
 */
export function connectionBody(values: ConnectionFormValues, mode: 'create'): CreateConnectionBody;
export function connectionBody(values: ConnectionFormValues, mode: 'update'): UpdateConnectionBody;
export function connectionBody(values: ConnectionFormValues, mode: 'create' | 'update'): CreateConnectionBody {
  const provider = providerOf(values.connectionType, values.provider);
  const body: CreateConnectionBody = {
    name: values.name.trim(),
    isDefault: values.isDefault,
    queueIds: values.queueIds.map(Number),
    greetingMessage: messageOf(values.greetingMessage),
    complationMessage: messageOf(values.complationMessage),
    outOfHoursMessage: messageOf(values.outOfHoursMessage),
    ratingMessage: messageOf(values.ratingMessage),
    transferMessage: messageOf(values.transferMessage),
    expiresInactiveMessage: messageOf(values.expiresInactiveMessage),
    sendIdQueue: values.sendIdQueue === NO_REDIRECT_QUEUE ? null : Number(values.sendIdQueue),
    timeSendQueue: numberOr(values.timeSendQueue, 0),
    expiresTicket: numberOr(values.expiresTicket, 0),
    timeUseBotQueues: numberOr(values.timeUseBotQueues, 0),
    maxUseBotQueues: numberOr(values.maxUseBotQueues, MAX_USE_BOT_QUEUES_DEFAULT),
  };
  if (mode === 'create') body.provider = provider;
  Object.assign(body, officialBody(values, provider, mode));
  if (values.templatePurposes && mode === 'update') body.templatePurposes = purposesBody(values.templatePurposes);
  if (values.promptId !== undefined) body.promptId = values.promptId === NO_PROMPT ? null : Number(values.promptId);
  if (values.integrationId !== undefined) body.integrationId = values.integrationId === NO_INTEGRATION ? null : Number(values.integrationId);
  return body;
}
