// Sample internal chats for stories and tests, and an in-memory /chats with the API's answers.
import type { ChatDto, ChatMessageDto } from './data/chats';

export const ME = { id: 7, name: 'Ana Lima' };
export const BRUNO = { id: 8, name: 'Bruno Costa' };
export const CARLA = { id: 9, name: 'Carla Dias' };
export const SAMPLE_USERS = [ME, BRUNO, CARLA];

const iso = (minutesAgo: number) => new Date(Date.UTC(2026, 10, 26, 14, 0) - minutesAgo * 60_000).toISOString();

export function chatDto(overrides: Partial<ChatDto> & { id: number }): ChatDto {
  return {
    uuid: `00000000-0000-4000-8000-${String(overrides.id).padStart(12, '0')}`,
    title: `Conversa ${overrides.id}`,
    ownerId: ME.id,
    lastMessage: '',
    companyId: 3,
    users: [
      { userId: ME.id, user: ME, unreads: 0 },
      { userId: BRUNO.id, user: BRUNO, unreads: 0 },
    ],
    createdAt: iso(600),
    updatedAt: iso(30),
    ...overrides,
  };
}

export function messageDto(overrides: Partial<ChatMessageDto> & { id: number; chatId: number }): ChatMessageDto {
  const sender = overrides.senderId === BRUNO.id ? BRUNO : overrides.senderId === CARLA.id ? CARLA : ME;
  return { senderId: sender.id, sender, message: `Mensagem ${overrides.id}`, createdAt: iso(100 - overrides.id), ...overrides };
}

export const sampleChats: ChatDto[] = [
  chatDto({
    id: 1,
    title: 'Equipe de vendas',
    lastMessage: 'Fechamos o pedido da Loja Exemplo!',
    updatedAt: iso(5),
    users: [
      { userId: ME.id, user: ME, unreads: 2 },
      { userId: BRUNO.id, user: BRUNO, unreads: 0 },
      { userId: CARLA.id, user: CARLA, unreads: 1 },
    ],
  }),
  chatDto({ id: 2, title: 'Suporte nível 2', ownerId: BRUNO.id, lastMessage: 'Alguém pode olhar o ticket 4521?', updatedAt: iso(90) }),
  chatDto({ id: 3, title: 'Plantão de sábado', lastMessage: '', updatedAt: iso(60 * 30) }),
];

export const sampleMessages: ChatMessageDto[] = [
  messageDto({ id: 1, chatId: 1, senderId: BRUNO.id, message: 'Bom dia, pessoal!' }),
  messageDto({ id: 2, chatId: 1, senderId: ME.id, message: 'Bom dia! Como estão os pedidos de hoje?' }),
  messageDto({ id: 3, chatId: 1, senderId: CARLA.id, message: 'Três pedidos novos.\nUm deles com urgência.' }),
  messageDto({ id: 4, chatId: 1, senderId: BRUNO.id, message: 'Fechamos o pedido da Loja Exemplo!' }),
];

type Json = Record<string, unknown>;
type Handler = (request: Request) => Promise<{ status: number; body: unknown }> | { status: number; body: unknown };

/** An in-memory /chats for the signed-in user ME (owner checks, unreads, pagination of 20). */
export function chatsApi(initialChats: ChatDto[] = sampleChats, initialMessages: ChatMessageDto[] = sampleMessages) {
  let chats = initialChats.map((c) => ({ ...c }));
  const messages = [...initialMessages];
  let nextChat = 100;
  let nextMessage = 1000;
  const calls: string[] = [];
  const mine = () => chats.filter((c) => c.users.some((u) => u.userId === ME.id)).sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : -1));
  const find = (ref: string) => mine().find((c) => String(c.id) === ref || c.uuid === ref);
  const withUsers = (ids: number[]) =>
    [ME.id, ...ids.filter((id) => id !== ME.id)].map((id) => ({ userId: id, user: SAMPLE_USERS.find((u) => u.id === id)!, unreads: 0 }));
  const notFound = { status: 404, body: { error: 'ERR_CHAT_NOT_FOUND', message: 'Chat not found' } };

  const handle: Handler = async (request) => {
    const url = new URL(request.url);
    const parts = url.pathname.split('/').filter(Boolean); // chats, id?, sub?
    calls.push(`${request.method} ${url.pathname}`);
    const body = request.method === 'GET' || request.method === 'DELETE' ? {} : ((await request.json()) as Json);
    if (parts.length === 1 && request.method === 'GET') {
      const term = (url.searchParams.get('searchParam') ?? '').toLowerCase();
      const page = Number(url.searchParams.get('pageNumber') ?? 1);
      const rows = mine().filter((c) => c.title.toLowerCase().includes(term));
      return { status: 200, body: { records: rows.slice((page - 1) * 20, page * 20), count: rows.length, hasMore: page * 20 < rows.length } };
    }
    if (parts.length === 1 && request.method === 'POST') {
      const chat: ChatDto = {
        ...chatDto({ id: nextChat++ }),
        title: String(body.title),
        users: withUsers(body.users as number[]),
        updatedAt: new Date().toISOString(),
      };
      chats.push(chat);
      return { status: 201, body: chat };
    }
    const chat = find(parts[1]);
    if (!chat) return notFound;
    if (parts.length === 2) {
      if (request.method === 'GET') return { status: 200, body: chat };
      if (chat.ownerId !== ME.id) return { status: 403, body: { error: 'ERR_NO_PERMISSION', message: 'no' } };
      if (request.method === 'DELETE') {
        chats = chats.filter((c) => c.id !== chat.id);
        return { status: 204, body: null };
      }
      if (typeof body.title === 'string') chat.title = body.title;
      if (body.users !== undefined) chat.users = withUsers(body.users as number[]);
      return { status: 200, body: chat };
    }
    if (parts[2] === 'read') {
      chat.users = chat.users.map((u) => (u.userId === ME.id ? { ...u, unreads: 0 } : u));
      return { status: 201, body: chat };
    }
    if (request.method === 'GET') {
      const page = Number(url.searchParams.get('pageNumber') ?? 1);
      const rows = messages.filter((m) => m.chatId === chat.id).sort((a, b) => b.id - a.id);
      return { status: 200, body: { records: rows.slice((page - 1) * 20, page * 20), count: rows.length, hasMore: page * 20 < rows.length } };
    }
    const message = messageDto({
      id: nextMessage++,
      chatId: chat.id,
      senderId: ME.id,
      message: (body.message as string).trim(),
      createdAt: new Date().toISOString(),
    });
    messages.push(message);
    chat.lastMessage = message.message;
    chat.updatedAt = message.createdAt;
    return { status: 201, body: message };
  };
  /** Route keys ('METHOD /path') for the chats known now and the next few created, by id and by uuid. */
  const keys = () => {
    const refs = [...chats.map((c) => [String(c.id), c.uuid]).flat(), ...[100, 101, 102].flatMap((id) => [String(id), chatDto({ id }).uuid])];
    return [
      'GET /chats',
      'POST /chats',
      ...refs.flatMap((r) => [
        `GET /chats/${r}`,
        `PUT /chats/${r}`,
        `DELETE /chats/${r}`,
        `POST /chats/${r}/read`,
        `GET /chats/${r}/messages`,
        `POST /chats/${r}/messages`,
      ]),
      'GET /users/list',
    ];
  };
  const users: Handler = () => ({ status: 200, body: SAMPLE_USERS.map((u) => ({ ...u, email: `${u.id}@example.com`, profile: 'user', queues: [] })) });
  /** Routes for the kit's fake API (tests): each answers a Response. */
  const routes = () =>
    Object.fromEntries(
      keys().map((k) => [
        k,
        async (request: Request) => {
          const { status, body } = await (k === 'GET /users/list' ? users : handle)(request);
          return new Response(body === null ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
        },
      ]),
    );
  return {
    handle,
    calls,
    routes,
    keys,
    users,
    get chats() {
      return chats;
    },
    get messages() {
      return messages;
    },
  };
}
