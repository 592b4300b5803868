import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { components } from '../../../client';
import { addChatMessage, writeChatEvent, writeChatUnreads } from './chats';
import { atendeKeys } from '../../../data/query-keys';

type ChatPage = components['schemas']['ChatPageDto'];
type MessagePage = components['schemas']['ChatMessagePageDto'];
type Chat = components['schemas']['ChatDto'];
type Message = components['schemas']['ChatMessageDto'];

const ME = { id: 7, name: 'Ana' };
const BRUNO = { id: 8, name: 'Bruno' };
const chatDto = (o: Partial<Chat> & { id: number }): Chat => ({
  uuid: `uuid-${o.id}`,
  title: `Chat ${o.id}`,
  ownerId: ME.id,
  lastMessage: '',
  companyId: 3,
  users: [
    { userId: ME.id, user: ME, unreads: 0 },
    { userId: BRUNO.id, user: BRUNO, unreads: 0 },
  ],
  createdAt: '2026-11-26T09:00:00.000Z',
  updatedAt: '2026-11-26T09:00:00.000Z',
  ...o,
});
const messageDto = (o: { id: number; chatId: number }): Message => ({
  senderId: ME.id,
  sender: ME,
  message: `m${o.id}`,
  createdAt: '2026-11-26T09:00:00.000Z',
  ...o,
});

function seeded() {
  const queryClient = new QueryClient();
  const older = chatDto({ id: 1, updatedAt: '2026-11-26T10:00:00.000Z' });
  const newer = chatDto({ id: 2, updatedAt: '2026-11-26T11:00:00.000Z' });
  queryClient.setQueryData<InfiniteData<ChatPage>>(atendeKeys.chats.list({}), {
    pages: [{ records: [newer, older], count: 2, hasMore: false }],
    pageParams: [1],
  });
  queryClient.setQueryData<InfiniteData<MessagePage>>(atendeKeys.chats.messages(1), {
    pages: [{ records: [messageDto({ id: 2, chatId: 1 }), messageDto({ id: 1, chatId: 1 })], count: 2, hasMore: false }],
    pageParams: [1],
  });
  const list = () => queryClient.getQueryData<InfiniteData<ChatPage>>(atendeKeys.chats.list({}))!.pages[0].records;
  const messages = () => queryClient.getQueryData<InfiniteData<MessagePage>>(atendeKeys.chats.messages(1))!.pages[0].records;
  return { queryClient, older, list, messages };
}

describe('chat cache writers', () => {
  it('moves an updated chat to the top, adds a created one, drops a deleted one with its messages', () => {
    const { queryClient, older, list, messages } = seeded();
    writeChatEvent(queryClient, { action: 'update', record: { ...older, lastMessage: 'novo', updatedAt: '2026-11-26T12:00:00.000Z' } });
    expect(list().map((c) => c.id)).toEqual([1, 2]);
    expect(list()[0].lastMessage).toBe('novo');
    writeChatEvent(queryClient, { action: 'create', record: chatDto({ id: 3, updatedAt: '2026-11-26T13:00:00.000Z' }) });
    expect(list().map((c) => c.id)).toEqual([3, 1, 2]);
    writeChatEvent(queryClient, { action: 'delete', id: 1 });
    expect(list().map((c) => c.id)).toEqual([3, 2]);
    expect(queryClient.getQueryData(atendeKeys.chats.messages(1))).toBeUndefined();
    expect(messages).toThrow();
  });

  it("sets one user's unread count; adds a message once, newest first", () => {
    const { queryClient, list, messages } = seeded();
    writeChatUnreads(queryClient, 1, ME.id, 4);
    expect(list()[1].users.find((u) => u.userId === ME.id)?.unreads).toBe(4);
    expect(list()[1].users.find((u) => u.userId !== ME.id)?.unreads).toBe(0);
    const message = messageDto({ id: 3, chatId: 1 });
    addChatMessage(queryClient, message);
    addChatMessage(queryClient, message);
    expect(messages().map((m) => m.id)).toEqual([3, 2, 1]);
  });
});
