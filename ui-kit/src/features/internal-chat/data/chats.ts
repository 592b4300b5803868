// Internal chat (GET/POST/PUT/DELETE /chats, its messages and read state). The API announces changes only to a chat's
// members: `company-{id}-chat` (create, update, delete), `company-{id}-chat-user-{userId}` (the user's unread count of a
// chat) and `company-{id}-chat-{chatId}` (a new message). The writers stay small: the realtime cache and the top bar's
// chats bell (the console's first load) import this file; the page's screens live in features/internal-chat.
import {
  useInfiniteQuery,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
  type UseInfiniteQueryResult,
  type UseQueryResult,
} from '@tanstack/react-query';
import type { components } from '../../../client';
import { unwrap } from '../../../provider/api-error';
import { useApiClient, useSession, useSocketEvent } from '../../../provider/context';
import { writePaged } from '../../../data/cache-writes';
import { removeFromPages } from '../../../data/cache-updaters';
import { useApiMutation } from '../../../data/mutations';
import type { PagedList, QueryOptions } from '../../../data/queries';
import { atendeKeys, type SearchFilters } from '../../../data/query-keys';

type Schemas = components['schemas'];
export type ChatDto = Schemas['ChatDto'];
export type ChatMessageDto = Schemas['ChatMessageDto'];
type ChatPage = Schemas['ChatPageDto'];
type ChatMessagePage = Schemas['ChatMessagePageDto'];
export type ChatEvent = { action: 'create' | 'update'; record: ChatDto } | { action: 'delete'; id: number };
export type ChatUnreadEvent = { action: 'update'; chatId: number; unreads: number };
export type ChatMessageEvent = { action: 'new-message'; newMessage: ChatMessageDto; chat: ChatDto };

/** The API's order: latest activity first. */
export const byChatActivity = (a: ChatDto, b: ChatDto): number => (a.updatedAt === b.updatedAt ? b.id - a.id : a.updatedAt < b.updatedAt ? 1 : -1);

/** How many messages of `chat` the user has not read. */
export const unreadsOf = (chat: ChatDto, userId: number | undefined): number => chat.users.find((u) => u.userId === userId)?.unreads ?? 0;

function flattenChats(data: InfiniteData<ChatPage>): PagedList<ChatDto> {
  const seen = new Set<number>();
  const items = data.pages.flatMap((page) => page.records).filter((c) => !seen.has(c.id) && Boolean(seen.add(c.id)));
  return { items, count: data.pages[0]?.count ?? 0, hasMore: data.pages[data.pages.length - 1]?.hasMore ?? false };
}

/** GET /chats: the signed-in user's chats, latest activity first, 20 a page. Needs the plan's useInternalChat. */
export function useChats(filters: SearchFilters = {}, options: QueryOptions = {}): UseInfiniteQueryResult<PagedList<ChatDto>> {
  const client = useApiClient();
  return useInfiniteQuery({
    queryKey: atendeKeys.chats.list(filters),
    initialPageParam: 1,
    getNextPageParam: (last: ChatPage, _all: unknown, pageNumber: number) => (last.hasMore ? pageNumber + 1 : undefined),
    queryFn: ({ pageParam, signal }) => unwrap(client.GET('/chats', { params: { query: { ...filters, pageNumber: pageParam } }, signal })),
    select: flattenChats,
    ...options,
  });
}

/** GET /chats/{uuid}: one chat (404 for anyone not a member). */
export function useChatByUuid(uuid: string, options: QueryOptions = {}): UseQueryResult<ChatDto> {
  const client = useApiClient();
  return useQuery({
    queryKey: atendeKeys.chats.byUuid(uuid),
    queryFn: ({ signal }) => unwrap(client.GET('/chats/{id}', { params: { path: { id: uuid } }, signal })),
    retry: false,
    ...options,
  });
}

/** A chat's messages, oldest first (as shown), with whether older ones remain. */
export interface ChatMessageList {
  items: ChatMessageDto[];
  hasMore: boolean;
}

function flattenMessages(data: InfiniteData<ChatMessagePage>): ChatMessageList {
  const byId = new Map<number, ChatMessageDto>();
  for (const page of data.pages) for (const m of page.records) byId.set(m.id, m);
  return { items: [...byId.values()].sort((a, b) => a.id - b.id), hasMore: data.pages[data.pages.length - 1]?.hasMore ?? false };
}

/** GET /chats/{id}/messages: page 1 is the newest; `fetchNextPage` reads older ones. Kept live by `chat-{chatId}`. */
export function useChatMessages(chatId: number, options: QueryOptions = {}): UseInfiniteQueryResult<ChatMessageList> {
  const client = useApiClient();
  return useInfiniteQuery({
    queryKey: atendeKeys.chats.messages(chatId),
    initialPageParam: 1,
    getNextPageParam: (last: ChatMessagePage, _all: unknown, pageNumber: number) => (last.hasMore ? pageNumber + 1 : undefined),
    queryFn: ({ pageParam, signal }) =>
      unwrap(client.GET('/chats/{id}/messages', { params: { path: { id: chatId }, query: { pageNumber: pageParam } }, signal })),
    select: flattenMessages,
    ...options,
  });
}

/** A created or changed chat into its uuid query and every list (moved to its place by activity). */
export function writeChat(queryClient: QueryClient, chat: ChatDto, kind: 'create' | 'update'): void {
  queryClient.setQueryData<ChatDto>(atendeKeys.chats.byUuid(chat.uuid), (old) => (old === undefined ? undefined : chat));
  writePaged<ChatPage, 'records'>(queryClient, atendeKeys.chats.lists(), 'records', chat, byChatActivity, kind);
}

/** A deleted chat (or one the user left) out of every list; its queries are dropped. */
export function removeChat(queryClient: QueryClient, id: number): void {
  queryClient.setQueriesData<InfiniteData<ChatPage>>({ queryKey: atendeKeys.chats.lists() }, (data) => removeFromPages(data, 'records', id));
  for (const query of queryClient.getQueryCache().findAll({ queryKey: [...atendeKeys.chats.all(), 'uuid'] })) {
    if ((query.state.data as ChatDto | undefined)?.id === id) queryClient.removeQueries({ queryKey: query.queryKey, exact: true });
  }
  queryClient.removeQueries({ queryKey: atendeKeys.chats.messages(id), exact: true });
}

/** The user's unread count of a chat, in every copy of it. */
export function writeChatUnreads(queryClient: QueryClient, chatId: number, userId: number, unreads: number): void {
  const patch = (chat: ChatDto): ChatDto =>
    chat.id !== chatId ? chat : { ...chat, users: chat.users.map((u) => (u.userId === userId ? { ...u, unreads } : u)) };
  queryClient.setQueriesData<InfiniteData<ChatPage>>({ queryKey: atendeKeys.chats.lists() }, (data) =>
    data ? { ...data, pages: data.pages.map((p) => ({ ...p, records: p.records.map(patch) })) } : data,
  );
  for (const query of queryClient.getQueryCache().findAll({ queryKey: [...atendeKeys.chats.all(), 'uuid'] })) {
    const chat = query.state.data as ChatDto | undefined;
    if (chat?.id === chatId) queryClient.setQueryData(query.queryKey, patch(chat));
  }
}

/** A new message at the head of its chat's newest page (once, whoever adds it first: the sender's answer or the event). */
export function addChatMessage(queryClient: QueryClient, message: ChatMessageDto): void {
  queryClient.setQueryData<InfiniteData<ChatMessagePage>>(atendeKeys.chats.messages(message.chatId), (data) => {
    if (!data || data.pages.some((p) => p.records.some((m) => m.id === message.id))) return data;
    const [first, ...rest] = data.pages;
    return { ...data, pages: [{ ...first, records: [message, ...first.records], count: first.count + 1 }, ...rest] };
  });
}

/** The realtime cache's writer for `company-{id}-chat`. */
export function writeChatEvent(queryClient: QueryClient, event: ChatEvent): void {
  if (event.action === 'delete') removeChat(queryClient, event.id);
  else writeChat(queryClient, event.record, event.action);
}

/** Follows `company-{id}-chat-user-{userId}` for the signed-in user: their unread counts (reads in another tab too). */
export function useChatUnreadsLive(enabled = true): void {
  const { user } = useSession();
  const queryClient = useQueryClient();
  useSocketEvent<ChatUnreadEvent>(enabled && user ? `chat-user-${user.id}` : 'chat-user-none', (event) => {
    if (user) writeChatUnreads(queryClient, event.chatId, user.id, event.unreads);
  });
}

/** Follows `company-{id}-chat-{chatId}` while a chat is open: its new messages. */
export function useChatMessagesLive(chatId: number | undefined): void {
  const queryClient = useQueryClient();
  useSocketEvent<ChatMessageEvent>(chatId ? `chat-${chatId}` : 'chat-none', (event) => {
    addChatMessage(queryClient, event.newMessage);
    writeChat(queryClient, event.chat, 'update');
  });
}

/** POST /chats: the caller owns it. */
export function useCreateChat() {
  return useApiMutation((client, body: Schemas['CreateChatDto']) => client.POST('/chats', { body }), {
    onSuccess: (chat, _body, queryClient) => writeChat(queryClient, chat, 'create'),
  });
}

/** PUT /chats/{id} (owner only): title and members. */
export function useUpdateChat() {
  return useApiMutation(
    (client, { id, body }: { id: number; body: Schemas['UpdateChatDto'] }) => client.PUT('/chats/{id}', { params: { path: { id } }, body }),
    {
      onSuccess: (chat, _vars, queryClient) => writeChat(queryClient, chat, 'update'),
    },
  );
}

/** DELETE /chats/{id} (owner only). */
export function useDeleteChat() {
  return useApiMutation((client, id: number) => client.DELETE('/chats/{id}', { params: { path: { id } } }), {
    onSuccess: (_data, id, queryClient) => removeChat(queryClient, id),
  });
}

/** POST /chats/{id}/read: the signed-in user's own read state. */
export function useReadChat() {
  return useApiMutation(
    (client, { id, userId }: { id: number; userId: number }) => client.POST('/chats/{id}/read', { params: { path: { id } }, body: { userId } }),
    {
      onSuccess: (chat, { userId }, queryClient) => writeChatUnreads(queryClient, chat.id, userId, 0),
    },
  );
}

/** POST /chats/{id}/messages. */
export function useSendChatMessage() {
  return useApiMutation(
    (client, { id, message }: { id: number; message: string }) => client.POST('/chats/{id}/messages', { params: { path: { id } }, body: { message } }),
    { onSuccess: (message, _vars, queryClient) => addChatMessage(queryClient, message) },
  );
}
