import { likeTerm } from '../../common/http/pagination.rules';
import type { ContactMatch } from './contacts.queries';

/**
 * The contacts list's decisions, as pure functions of plain values: what a search matches and how far the list
 * counts. ContactsService calls them; contacts.rules.spec.ts tests them in milliseconds.
 */

/** The contacts list counts up to this many; past it the page says "Mais de 1000 contatos". */
export const CONTACTS_COUNT_CAP = 1000;
/** A search counts up to this many (shown as "100+"), whatever it reads to find its page (contacts.queries.ts). */
export const CONTACTS_SEARCH_COUNT_CAP = 100;

/** A search's match: none for a blank term; the name, or the name or the number when the term has digits. */
export function contactMatch(searchParam: string | undefined): ContactMatch {
  const term = searchParam?.trim().toLowerCase() ?? '';
  const digits = term.replace(/\D+/g, '');
  if (!term) return { kind: 'all' };
  return digits ? { kind: 'name-or-number', name: likeTerm(term), number: likeTerm(digits) } : { kind: 'name', name: likeTerm(term) };
}

/** How far a list counts: a search less far than the whole list. */
export const countCap = (searchParam: string | undefined): number => (searchParam?.trim() ? CONTACTS_SEARCH_COUNT_CAP : CONTACTS_COUNT_CAP);

/**
 * The page's count and paging: the matches counted up to the cap (`countCapped` past it), and more pages while the
 * page is full and the count (or the cap) goes past it.
 */
export function contactsPaging(
  matched: number,
  cap: number,
  listed: number,
  limit: number,
  offset: number,
): { count: number; countCapped: boolean; hasMore: boolean } {
  const countCapped = matched > cap;
  const count = countCapped ? cap : matched;
  return { count, countCapped, hasMore: listed === limit && (countCapped || offset + limit < count) };
}
