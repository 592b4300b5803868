/**
 * A list page's parameters, as pure functions of plain values: the window a page number reads, the LIKE pattern of
 * a search, and whether more pages follow. Every paged list service calls these; pagination.rules.spec.ts tests
 * them in milliseconds.
 */

export const PAGE_SIZE = 20;

/** The rows page `pageNumber` (from 1) reads: `size` of them after the earlier pages'. */
export function pageWindow(pageNumber = 1, size = PAGE_SIZE): { limit: number; offset: number } {
  return { limit: size, offset: (pageNumber - 1) * size };
}

/** Escapes LIKE wildcards so a search for "50%" finds "50%" and not everything. */
export function likeTerm(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Whether rows follow the page: the rows before it and on it are fewer than the count. */
export const hasMorePages = (offset: number, listed: number, count: number): boolean => offset + listed < count;
