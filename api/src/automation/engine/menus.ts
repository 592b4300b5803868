import { fillMessageVariables, greetingFor } from '../../ticket/quick-messages/message-variables';

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

/** A rating answer: 1, 2 or 3 (alone, or as the first thing typed: '3 - ótimo'). */
export function pickRating(answer: string): 1 | 2 | 3 | null {
  const m = /^\*?\s*([1-3])(?!\d)/.exec(answer.trim());
  return m ? (Number(m[1]) as 1 | 2 | 3) : null;
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
