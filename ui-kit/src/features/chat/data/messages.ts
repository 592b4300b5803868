// A ticket's messages (GET /messages/{ticketId}, its search, POST /messages/{ticketId} as text or multipart, POST
// /messages/edit/{messageId}). The API announces every message on `company-{id}-appMessage`; the sends and the edit
// write their answer the way that event does (writeMessage, shared with the tickets' realtime module in data/).
import { useInfiniteQuery, useQuery, type InfiniteData, type UseInfiniteQueryResult, type UseQueryResult } from '@tanstack/react-query';
import type { components, paths } from '../../../client';
import { unwrap } from '../../../provider/api-error';
import { useApiClient } from '../../../provider/context';
import type { MessagePage } from '../../../data/cache-updaters';
import { useApiMutation } from '../../../data/mutations';
import { multipartBody, multipartForm } from '../../../data/multipart';
import { nextPage, unique, type PagedList } from '../../../data/paging';
import type { QueryOptions } from '../../../data/queries';
import { atendeKeys, type SearchFilters } from '../../../data/query-keys';
import { writeMessage } from '../../../data/cache-writes';

type Schemas = components['schemas'];

/** A ticket's messages, oldest first, and the ticket. */
export type MessageList = PagedList<Schemas['MessageDto']> & { ticket: Schemas['TicketDto'] };

const selectMessages = (data: InfiniteData<MessagePage>): MessageList => {
  const newest = data.pages[0];
  // Page 1 is the newest and each page runs oldest first: older pages go before it.
  const items = unique([...data.pages].reverse().flatMap((page) => page.messages));
  return { items, count: newest.count, hasMore: data.pages[data.pages.length - 1].hasMore, ticket: newest.ticket };
};

/** A ticket's messages (GET /messages/{ticketId}), oldest first; `fetchNextPage()` loads older ones. Live. */
export function useMessages(ticketId: number, filters: SearchFilters = {}, options: QueryOptions = {}): UseInfiniteQueryResult<MessageList> {
  const client = useApiClient();
  return useInfiniteQuery({
    queryKey: atendeKeys.tickets.messages(ticketId, filters),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    queryFn: ({ pageParam, signal }) =>
      unwrap(client.GET('/messages/{id}', { params: { path: { id: ticketId }, query: { ...filters, pageNumber: pageParam } }, signal })),
    select: selectMessages,
    ...options,
  });
}

/** The query key of a conversation's search (GET /messages/{ticketId}/search). */
export const messageSearchKey = (ticketId: number, q: string) => [...atendeKeys.tickets.all(), 'message-search', ticketId, q] as const;

/** GET /messages/{ticketId}/search: the conversation's messages holding `q` (2 characters or more), newest first, each with its page. */
export function useMessageSearch(ticketId: number, q: string, options: QueryOptions = {}): UseQueryResult<Schemas['MessageSearchDto']> {
  const client = useApiClient();
  const term = q.trim();
  return useQuery({
    queryKey: messageSearchKey(ticketId, term),
    queryFn: ({ signal }) => unwrap(client.GET('/messages/{id}/search', { params: { path: { id: ticketId }, query: { q: term } }, signal })),
    ...options,
    enabled: term.length >= 2 && (options.enabled ?? true),
  });
}

export type SendMessageBody = paths['/messages/{id}']['post']['requestBody']['content']['application/json'];

/** POST /messages/{ticketId} with a text (and the message it replies to): the sent message joins the ticket's messages. */
export function useSendMessage(ticketId: number) {
  return useApiMutation((client, body: SendMessageBody) => client.POST('/messages/{id}', { params: { path: { id: ticketId } }, body }), {
    onSuccess: ({ messages }, _body, queryClient) => messages.forEach((message) => writeMessage(queryClient, message, 'create')),
  });
}

/** A multipart send: files go as `medias` (the API takes up to 5), `body` is the caption of the first one. */
export interface SendMediaVariables {
  files: File[];
  body?: string;
  /** Reply to this message (sent as the form field `quotedMsg[id]`). */
  quotedMsgId?: string;
  /** The one file is a voice recording: sent as a WhatsApp voice note (the API makes it Ogg Opus). */
  voiceNote?: boolean;
}

/** The multipart form of POST /messages/{ticketId}. */
export function mediaForm({ files, body, quotedMsgId, voiceNote }: SendMediaVariables): FormData {
  return multipartForm({ medias: files, body: body?.trim() ? body : null, 'quotedMsg[id]': quotedMsgId || null, voiceNote: voiceNote === true });
}

/**
 * POST /messages/{ticketId} as multipart (files in `medias`, optional caption `body`): one message per file joins
 * the ticket's messages.
 */
export function useSendMedia(ticketId: number) {
  return useApiMutation(
    (client, variables: SendMediaVariables) => client.POST('/messages/{id}', { params: { path: { id: ticketId } }, body: multipartBody(mediaForm(variables)) }),
    { onSuccess: ({ messages }, _vars, queryClient) => messages.forEach((message) => writeMessage(queryClient, message, 'create')) },
  );
}

export function useEditMessage() {
  return useApiMutation(
    (client, { messageId, body }: { messageId: string; body: string }) =>
      client.POST('/messages/edit/{messageId}', { params: { path: { messageId } }, body: { body } }),
    { onSuccess: (message, _vars, queryClient) => writeMessage(queryClient, message, 'update') },
  );
}
