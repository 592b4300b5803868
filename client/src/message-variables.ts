// Generated from api/src/ticket/quick-messages/message-variables.ts by `npm run generate -w client`. Do not edit.
// The one definition of the variables a message may hold. The kit shows them filled in the composer before a message
// is sent, from a copy of this file in @atende/client (client/src/message-variables.ts, written by `npm run generate
// -w client`); the API fills what still holds them when it is sent. Pure and self-contained: no imports.

/** A variable's name as the hint shows it. */
export type MessageVariableName = 'name' | 'firstName' | 'greeting' | 'user' | 'queue' | 'protocol' | 'time';

/**
 * The variables, in the order the quick-message hint lists them, each with the other spellings it answers to (the
 * Portuguese ones, and Whaticket's `{{ms}}`, `{{hora}}`, `{{firstname}}`). Case and spaces inside the braces do not
 * matter: `{{ Name }}` is `{{name}}`.
 */
export const MESSAGE_VARIABLES: readonly { name: MessageVariableName; aliases: readonly string[] }[] = [
  { name: 'name', aliases: ['nome'] },
  { name: 'firstName', aliases: ['primeiroNome'] },
  { name: 'greeting', aliases: ['ms', 'saudacao'] },
  { name: 'user', aliases: ['attendant', 'atendente', 'usuario'] },
  { name: 'queue', aliases: ['fila'] },
  { name: 'protocol', aliases: ['protocolo'] },
  { name: 'time', aliases: ['hora'] },
];

export type MessageLanguage = 'pt' | 'en' | 'es';

/** Morning (05:00–11:59), afternoon (12:00–17:59), evening and night. */
const GREETINGS: Record<MessageLanguage, readonly [string, string, string]> = {
  pt: ['Bom dia', 'Boa tarde', 'Boa noite'],
  en: ['Good morning', 'Good afternoon', 'Good evening'],
  es: ['Buenos días', 'Buenas tardes', 'Buenas noches'],
};

/** What the variables are filled from. A value left out keeps its variable as typed. */
export interface MessageVariableContext {
  /** The contact: `{{name}}` is the name, or the number when there is none. */
  contact?: { name?: string | null; number?: string | null } | null;
  /** The attendant who sends it. */
  userName?: string | null;
  /** The ticket's queue; null when it has none (the variable becomes empty). */
  queueName?: string | null;
  /** The ticket: `{{protocol}}` is the day it was opened and its number, `20261129-42`. */
  ticket?: { id: number; createdAt: string | Date } | null;
  now: Date;
  /** The company's time zone (IANA), for the greeting, the time and the protocol's day; the runtime's when left out. */
  timeZone?: string;
  /** The greeting's language; Portuguese by default. */
  language?: MessageLanguage;
}

const KEYS = new Map<string, MessageVariableName>(
  MESSAGE_VARIABLES.flatMap((v) => [v.name, ...v.aliases].map((key) => [key.toLowerCase(), v.name] as [string, MessageVariableName])),
);

const VARIABLE = /\{\{\s*([A-Za-z]+)\s*\}\}/g;

/** The wall clock's parts in a time zone (the runtime's when it is unknown). */
function wallClock(at: Date, timeZone?: string): { year: string; month: string; day: string; hour: number; minute: string } {
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
  } catch {
    format = new Intl.DateTimeFormat('en-GB', { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  }
  const parts = Object.fromEntries(format.formatToParts(at).map((p) => [p.type, p.value]));
  return { year: parts.year, month: parts.month, day: parts.day, hour: Number(parts.hour) % 24, minute: parts.minute };
}

/** Good morning, afternoon or evening for an hour of the day (0–23). */
export function greetingFor(hour: number, language: MessageLanguage = 'pt'): string {
  const [morning, afternoon, evening] = GREETINGS[language] ?? GREETINGS.pt;
  return hour >= 5 && hour < 12 ? morning : hour >= 12 && hour < 18 ? afternoon : evening;
}

/** Each variable's value from what is known; the unknown ones are left out. */
export function messageVariableValues(context: MessageVariableContext): Partial<Record<MessageVariableName, string>> {
  const values: Partial<Record<MessageVariableName, string>> = {};
  const name = context.contact?.name?.trim() || context.contact?.number?.trim() || '';
  if (name) {
    values.name = name;
    values.firstName = name.split(/\s+/)[0];
  }
  const clock = wallClock(context.now, context.timeZone);
  values.greeting = greetingFor(clock.hour, context.language);
  values.time = `${String(clock.hour).padStart(2, '0')}:${clock.minute}`;
  const user = context.userName?.trim();
  if (user) values.user = user;
  if (context.queueName !== undefined) values.queue = context.queueName?.trim() ?? '';
  if (context.ticket) {
    const opened = wallClock(new Date(context.ticket.createdAt), context.timeZone);
    values.protocol = `${opened.year}${opened.month}${opened.day}-${context.ticket.id}`;
  }
  return values;
}

/** Whether a text holds any variable this fills. */
export function hasMessageVariables(text: string): boolean {
  return [...text.matchAll(VARIABLE)].some((m) => KEYS.has(m[1].toLowerCase()));
}

/** The text with each known variable replaced by its value; unknown names and values left out stay as typed. */
export function fillMessageVariables(text: string, values: Partial<Record<MessageVariableName, string>>): string {
  return text.replace(VARIABLE, (all, key: string) => {
    const name = KEYS.get(key.toLowerCase());
    const value = name ? values[name] : undefined;
    return value ?? all;
  });
}
