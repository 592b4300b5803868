import { fillMessageVariables, greetingFor } from '../../ticket/quick-messages/message-variables';
import type { BotState } from './bot-turn';

/**
 * The chatbot's decisions, as pure functions of plain values (no database, no clock: `now` is passed in): the menus
 * and how an answer picks from them, whether a message is the bot's to answer, what a wrong answer gets, when a menu
 * expires. ChatbotService calls them; chatbot.rules.spec.ts tests them in milliseconds.
 */

/** One numbered entry of a chatbot menu (a queue, or a queue option). */
export interface MenuEntry {
  number: number;
  title: string;
}

/** The numbered list: `*1* - Vendas`. */
export function renderMenu(entries: readonly MenuEntry[], intro?: string | null, footer: readonly string[] = []): string {
  const lines = entries.map((e) => `*${e.number}* - ${e.title}`);
  return [intro?.trim(), lines.join('\n'), footer.length ? footer.join('\n') : null].filter(Boolean).join('\n\n');
}

export const BACK_KEY = '0';
export const MAIN_MENU_KEY = '#';
export const OPTION_FOOTER_BACK = `*${BACK_KEY}* - Voltar`;
export const OPTION_FOOTER_MAIN = `*${MAIN_MENU_KEY}* - Menu principal`;

const fold = (s: string): string =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/**
 * Which entry an answer picks: its number ('2', '2.', '*2*', ' 2) '), or its title typed out (case, accents and
 * punctuation ignored), or the start of exactly one title (3 letters at least). Anything else picks nothing.
 */
export function pickEntry<T extends MenuEntry>(answer: string, entries: readonly T[]): T | null {
  const text = answer.trim();
  const num = /^\*?\s*(\d{1,3})\s*\*?\s*[.)-]?$/.exec(text);
  if (num) return entries.find((e) => e.number === Number(num[1])) ?? null;
  const typed = fold(text);
  if (!typed) return null;
  const exact = entries.filter((e) => fold(e.title) === typed);
  if (exact.length === 1) return exact[0];
  if (typed.length < 3) return null;
  const prefix = entries.filter((e) => fold(e.title).startsWith(typed));
  return prefix.length === 1 ? prefix[0] : null;
}

/**
 * A configured message's variables (message-variables.ts, the same ones attendants' messages have): `{{name}}`,
 * `{{firstName}}` and `{{greeting}}` (`{{ms}}`) from the contact and the hour; Whaticket's `{nome}` too.
 */
export function fillMessage(text: string, vars: { name: string; hour: number }): string {
  const name = vars.name.trim();
  const values = { ...(name ? { name, firstName: name.split(/\s+/)[0] } : {}), greeting: greetingFor(vars.hour) };
  return fillMessageVariables(text, values).replace(/\{nome\}/gi, vars.name);
}

/** An options menu: `0 - Voltar` below the first level, `# - Menu principal` always. */
export function optionsMenu(options: readonly MenuEntry[], belowRoot: boolean): string {
  return renderMenu(options, null, belowRoot ? [OPTION_FOOTER_BACK, OPTION_FOOTER_MAIN] : [OPTION_FOOTER_MAIN]);
}

/** The connection's queues (already in menu order) numbered from 1. */
export function queueEntries<Q extends { name: string }>(queues: readonly Q[]): (MenuEntry & { queue: Q })[] {
  return queues.map((queue, i) => ({ number: i + 1, title: queue.name, queue }));
}

/** A queue's options, numbered by their own `option`. */
export function optionEntries<O extends { option: number; title: string }>(options: readonly O[]): (MenuEntry & { option: O })[] {
  return options.map((option) => ({ number: option.option, title: option.title, option }));
}

/** What the bot does with a customer's message on a ticket. */
export interface BotTurnKind {
  /** The ticket is closed and waits for its rating: the message is a rating, or reopens it. */
  closedRating: boolean;
  /** An integration or AI prompt answers the ticket. */
  agent: boolean;
  /** Whether the bot has anything to do at all (most messages belong to conversations people hold). */
  acts: boolean;
}

/**
 * Whether a message is the bot's: a closed ticket waiting for its rating; or a pending ticket nobody holds whose agent
 * answers, whose menu is open, that this message opened, or that has no queue and no bot state yet.
 */
export function botTurnKind(
  ticket: {
    status: string;
    userId: number | null;
    queueId: number | null;
    useIntegration: boolean;
    integrationId: number | null;
    promptId: number | null;
    ratingUntil: Date | null;
  },
  bot: Pick<BotState, 'stage'> | null,
  opened: boolean,
  now: Date,
): BotTurnKind {
  const closedRating = ticket.status === 'closed' && ticket.ratingUntil !== null && ticket.ratingUntil > now;
  const pendingFree = ticket.status === 'pending' && !ticket.userId;
  const agent = (ticket.useIntegration && ticket.integrationId !== null) || ticket.promptId !== null;
  const acts = closedRating || (pendingFree && (agent || Boolean(bot?.stage) || opened || (!ticket.queueId && !bot)));
  return { closedRating, agent, acts };
}

/** A new conversation starts (greeting and menu) when this message opened the ticket, or it has no queue and no bot state. */
export const startsConversation = (ticket: { queueId: number | null }, bot: unknown, opened: boolean): boolean => opened || (!ticket.queueId && !bot);

/**
 * An answer the menu does not know: past maxUseBotQueues menus (0: no limit) the bot gives up and the ticket waits
 * for people; within timeUseBotQueues minutes of the last menu it stays quiet; otherwise it sends the menu again.
 */
export function wrongAnswerStep(
  bot: Pick<BotState, 'attempts' | 'menuSentAt'>,
  connection: { maxUseBotQueues: number; timeUseBotQueues: number },
  now: Date,
): 'give-up' | 'quiet' | 'menu-again' {
  const max = connection.maxUseBotQueues;
  if (max > 0 && bot.attempts >= max) return 'give-up';
  const interval = Math.max(0, connection.timeUseBotQueues) * 60_000;
  if (bot.menuSentAt && now.getTime() - bot.menuSentAt.getTime() < interval) return 'quiet';
  return 'menu-again';
}

/** Out-of-hours replies to one ticket at most this often. */
export const OUT_OF_HOURS_EVERY_MS = 60 * 60_000;

/** Whether the out-of-hours reply goes out now (none sent to the ticket within the last hour). */
export const outOfHoursDue = (lastSentAt: Date | null | undefined, now: Date): boolean =>
  !lastSentAt || now.getTime() - lastSentAt.getTime() >= OUT_OF_HOURS_EVERY_MS;

/**
 * A ticket's bot state after a change: the fields over the current state (or an empty one); no stage has no expiry, a
 * menu just sent (menuSentAt among the fields) is dropped after the timeOut setting, otherwise the expiry stays.
 */
export function nextBotState(
  current: BotState | null,
  fields: Partial<Omit<BotState, 'expiresAt'>> & { expiresAt?: null },
  now: Date,
  menuTimeOutMs: number,
): BotState {
  const bot: BotState = {
    ...(current ?? { stage: null, optionId: null, attempts: 0, menuSentAt: null, expiresAt: null, outOfHoursAt: null }),
    ...fields,
  };
  if (!bot.stage) bot.expiresAt = null;
  else if (fields.menuSentAt) bot.expiresAt = new Date(now.getTime() + menuTimeOutMs);
  return bot;
}

/** The ticket's fields that hand it to an agent: the integration when there is one, else the AI prompt. */
export function agentFields(target: {
  integrationId: number | null;
  promptId: number | null;
}): { useIntegration: true; integrationId: number } | { promptId: number | null } {
  return target.integrationId ? { useIntegration: true, integrationId: target.integrationId } : { promptId: target.promptId };
}
