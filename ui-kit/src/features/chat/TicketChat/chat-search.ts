import type { QueryClient } from '@tanstack/react-query';
import { atendeKeys } from '../../../data/query-keys';

/**
 * A conversation to open at a searched text: the ticket list's search tab leaves its term here for the chosen
 * ticket, and the chat (TicketChat) takes it once when it opens, searching the conversation and jumping to the
 * newest match. Kept in the provider's query cache, so two providers on a page never share one.
 */
const intentKey = (ticketUuid: string) => [...atendeKeys.tickets.all(), 'open-at-search', ticketUuid] as const;

export function openChatAtSearch(queryClient: QueryClient, ticketUuid: string, term: string): void {
  queryClient.setQueryData(intentKey(ticketUuid), term.trim());
}

/** The term left for this ticket (once: it is taken out). */
export function takeChatSearch(queryClient: QueryClient, ticketUuid: string): string | null {
  const term = queryClient.getQueryData<string>(intentKey(ticketUuid)) ?? null;
  if (term !== null) queryClient.removeQueries({ queryKey: intentKey(ticketUuid), exact: true });
  return term && term.length >= 2 ? term : null;
}
