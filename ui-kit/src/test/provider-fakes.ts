import type { ManagerOptions, Socket, SocketOptions } from 'socket.io-client';
import type { Schema } from '../client';

/** A session user as the API answers it. */
export function sessionUser(overrides: Partial<Schema<'SessionUserDto'>> = {}): Schema<'SessionUserDto'> {
  return {
    id: 7,
    name: 'Ana',
    email: 'ana@example.com',
    profile: 'admin',
    super: false,
    companyId: 3,
    createTicket: 'habilitado',
    viewAllMessageTicket: 'desabilitado',
    automaticDistribution: 'desabilitado',
    allTicket: 'disabled',
    online: true,
    queues: [],
    externalId: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    permissions: ['session:self'],
    features: {
      useCampaigns: false,
      useSchedules: false,
      useInternalChat: false,
      useExternalApi: false,
      useKanban: false,
      useOpenAi: false,
      useIntegrations: false,
      whiteLabel: false,
    },
    company: { id: 3, name: 'Empresa 3' } as Schema<'SessionUserDto'>['company'],
    ...overrides,
  };
}

export const json = (status: number, body: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
  });

type Handler = (request: Request) => Response | Promise<Response>;

/** A fake API: routes 'METHOD /path' to handlers, records every request (a clone, body readable). */
export function fakeApi(routes: Record<string, Handler>) {
  const calls: { method: string; path: string; auth: string | null; slot: string | null; credentials: RequestCredentials; body: string }[] = [];
  const fetch = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const key = `${request.method} ${url.pathname}`;
    calls.push({
      method: request.method,
      path: url.pathname,
      auth: request.headers.get('Authorization'),
      slot: request.headers.get('X-Atende-Session'),
      credentials: request.credentials,
      body: await request.clone().text(),
    });
    const handler = routes[key] ?? (url.pathname.startsWith('/public-settings/') ? routes['GET /public-settings'] : undefined);
    return handler ? handler(request) : json(404, { error: 'ERR_NOT_FOUND', message: 'not found' });
  };
  return { fetch, calls };
}

/** A socket.io stand-in: records handlers and lets a test emit server events. */
export class FakeSocket {
  handlers = new Map<string, Set<(...args: unknown[]) => void>>();
  emitted: unknown[][] = [];
  connected = true;
  disconnected = false;
  connectCalls = 0;
  io: { opts: Partial<ManagerOptions> };

  constructor(
    public url: string,
    public options: Partial<ManagerOptions & SocketOptions>,
  ) {
    this.io = { opts: { ...options } };
  }

  on(event: string, fn: (...args: unknown[]) => void) {
    if (!this.handlers.has(event)) this.handlers.set(event, new Set());
    this.handlers.get(event)!.add(fn);
    return this;
  }

  off(event: string, fn: (...args: unknown[]) => void) {
    this.handlers.get(event)?.delete(fn);
    return this;
  }

  removeAllListeners() {
    this.handlers.clear();
    return this;
  }

  emit(...args: unknown[]) {
    this.emitted.push(args);
    return this;
  }

  connect() {
    this.connectCalls += 1;
    return this;
  }

  disconnect() {
    this.disconnected = true;
    this.connected = false;
    return this;
  }

  /** The server sends `event`. */
  serverEmit(event: string, payload: unknown) {
    for (const fn of this.handlers.get(event) ?? []) fn(payload);
  }

  listeners(event: string) {
    return [...(this.handlers.get(event) ?? [])];
  }
}

export function fakeSocketFactory() {
  const sockets: FakeSocket[] = [];
  const factory = (url: string, options: Partial<ManagerOptions & SocketOptions>) => {
    const socket = new FakeSocket(url, options);
    sockets.push(socket);
    return socket as unknown as Socket;
  };
  return { factory, sockets };
}
