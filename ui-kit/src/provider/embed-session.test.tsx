import { act, render, screen, waitFor } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, fakeSocketFactory, json, sessionUser } from '../test/provider-fakes';
import { AtendeProvider } from '../atende-provider';
import type { AtendeProviderProps } from './AtendeProvider';
import { useApiClient, useEmbedSession, useSession } from './context';
import { createEmbedSession } from './embed-session';
import { createMemoryStorage } from './storage';

const API = 'http://api.test';
const later = (ms: number) => new Date(Date.now() + ms).toISOString();

type Probe = { session?: ReturnType<typeof useSession>; embed?: ReturnType<typeof useEmbedSession>; client?: ReturnType<typeof useApiClient> };

function ProbeInto({ probe }: { probe: Probe }) {
  const seen = { session: useSession(), embed: useEmbedSession(), client: useApiClient() };
  useLayoutEffect(() => {
    Object.assign(probe, seen);
  });
  return <p>{seen.session.status}</p>;
}

/** A partner server: numbered tokens, and an API that accepts each once (as the real one: jti single use). */
function partner({ refuse = new Set<string>() }: { refuse?: Set<string> } = {}) {
  let minted = 0;
  const getToken = vi.fn(() => Promise.resolve(`partner-${++minted}`));
  const used = new Set<string>();
  const routes = {
    'POST /auth/embed/session': async (request: Request) => {
      const { token } = (await request.json()) as { token: string };
      if (refuse.has(token)) return json(401, { error: 'ERR_EMBED_TOKEN_INVALID', message: 'revoked' });
      if (used.has(token)) return json(401, { error: 'ERR_EMBED_TOKEN_REUSED', message: 'used' });
      used.add(token);
      return json(200, { token: `access-for-${token}`, expiresAt: later(3_600_000), user: sessionUser() });
    },
  };
  return { getToken, routes };
}

function setup(props: Partial<AtendeProviderProps> & { routes?: Parameters<typeof fakeApi>[0] } = {}) {
  const { routes = {}, ...rest } = props;
  const api = fakeApi(routes);
  const sockets = fakeSocketFactory();
  const storage = createMemoryStorage();
  const probe: Probe = {};
  render(
    <AtendeProvider apiUrl={API} storage={storage} fetch={api.fetch} socketFactory={sockets.factory} {...rest}>
      <ProbeInto probe={probe} />
    </AtendeProvider>,
  );
  return { api, sockets, storage, probe };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('AtendeProvider with getToken (partner-minted session)', () => {
  it('exchanges the partner token, keeps the session in memory only and never asks for the refresh cookie', async () => {
    const { getToken, routes } = partner();
    const { api, probe, storage } = setup({ getToken, storageKeyPrefix: 'widget:', routes: { ...routes, 'GET /auth/me': () => json(200, sessionUser()) } });
    expect(probe.session!.status).toBe('pending');
    await screen.findByText('authenticated');
    expect(getToken).toHaveBeenCalledTimes(1);
    const exchange = api.calls.find((c) => c.path === '/auth/embed/session')!;
    expect(JSON.parse(exchange.body)).toEqual({ token: 'partner-1' });
    expect(exchange.credentials).toBe('omit');
    expect(storage.getItem('widget:token')).toBeNull();
    expect(storage.getItem('widget:user')).toBeNull();

    // No cookie and no refresh-cookie slot: the API answers a partner's origin with CORS without credentials.
    await probe.client!.GET('/auth/me');
    const me = api.calls.find((c) => c.path === '/auth/me')!;
    expect(me).toMatchObject({ auth: 'Bearer access-for-partner-1', credentials: 'omit', slot: null });
    expect(api.calls.some((c) => c.path === '/auth/refresh_token')).toBe(false);
  });

  it('a 401 (the session ended) asks getToken again, exchanges it and retries the call once', async () => {
    const { getToken, routes } = partner();
    const onLogout = vi.fn();
    const { api, probe } = setup({
      getToken,
      onLogout,
      routes: {
        ...routes,
        'GET /auth/me': (request) =>
          request.headers.get('Authorization') === 'Bearer access-for-partner-1'
            ? json(401, { error: 'ERR_SESSION_EXPIRED', message: 'ended' })
            : json(200, sessionUser({ name: 'Ana de novo' })),
      },
    });
    await screen.findByText('authenticated');
    const { data, response } = await probe.client!.GET('/auth/me');
    expect(response.status).toBe(200);
    expect(data?.name).toBe('Ana de novo');
    expect(getToken).toHaveBeenCalledTimes(2);
    expect(api.calls.filter((c) => c.path === '/auth/me').map((c) => c.auth)).toEqual(['Bearer access-for-partner-1', 'Bearer access-for-partner-2']);
    expect(probe.session!.token).toBe('access-for-partner-2');
    expect(onLogout).not.toHaveBeenCalled();
    expect(api.calls.some((c) => c.path === '/auth/refresh_token')).toBe(false);
  });

  it('shows an error with a retry when getToken fails, and signs in on retry', async () => {
    let fail = true;
    const { routes } = partner();
    const getToken = vi.fn(() => (fail ? Promise.reject(new Error('partner down')) : Promise.resolve('partner-ok')));
    const { probe } = setup({ getToken, routes });
    await screen.findByText('error');
    expect(probe.embed).toMatchObject({ status: 'error', error: { kind: 'token' } });
    fail = false;
    act(() => probe.embed!.retry());
    await screen.findByText('authenticated');
    expect(getToken).toHaveBeenCalledTimes(2);
  });

  it('a refused renewal (key revoked) ends the session with an error and tells the host once', async () => {
    const refuse = new Set<string>();
    const { getToken, routes } = partner({ refuse });
    const onLogout = vi.fn();
    const { probe, sockets } = setup({ getToken, onLogout, routes });
    await screen.findByText('authenticated');
    await waitFor(() => expect(sockets.sockets).toHaveLength(1));
    refuse.add('partner-2');
    // The API closes the socket of an ended session: the widget asks for a new token, which is refused.
    await act(async () => {
      sockets.sockets[0].serverEmit('disconnect', 'io server disconnect');
      await new Promise((r) => setTimeout(r, 0));
    });
    await screen.findByText('error');
    expect(probe.embed).toMatchObject({ status: 'error', error: { kind: 'refused', code: 'ERR_EMBED_TOKEN_INVALID' } });
    expect(onLogout).toHaveBeenCalledExactlyOnceWith('expired');
    expect(sockets.sockets[0].disconnected).toBe(true);
  });

  it('logout ends the embed session on the API, tells the host, and stays signed out until asked', async () => {
    const { getToken, routes } = partner();
    const onLogout = vi.fn();
    const { api, probe } = setup({ getToken, onLogout, routes: { ...routes, 'DELETE /auth/logout': () => json(204, undefined) } });
    await screen.findByText('authenticated');
    await act(() => probe.session!.logout());
    expect(api.calls.find((c) => c.path === '/auth/logout')!.auth).toBe('Bearer access-for-partner-1');
    expect(onLogout).toHaveBeenCalledExactlyOnceWith('user');
    expect(probe.session!.status).toBe('anonymous');
    expect(probe.embed!.status).toBe('signed-out');
    expect(getToken).toHaveBeenCalledTimes(1);
    act(() => probe.embed!.retry());
    await screen.findByText('authenticated');
  });

  it('a console sign-in elsewhere (socket auth update) does not end the embed session', async () => {
    const { getToken, routes } = partner();
    const onForcedLogout = vi.fn();
    const { probe, sockets } = setup({ getToken, onForcedLogout, routes });
    await screen.findByText('authenticated');
    await waitFor(() => expect(sockets.sockets).toHaveLength(1));
    act(() => sockets.sockets[0].serverEmit('company-3-auth', { action: 'update', user: { id: 7 } }));
    expect(onForcedLogout).not.toHaveBeenCalled();
    expect(probe.session!.status).toBe('authenticated');
  });
});

describe('createEmbedSession', () => {
  it('renews shortly before expiresAt, with one exchange however many callers ask', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    let minted = 0;
    const getToken = vi.fn(() => Promise.resolve(`p${++minted}`));
    const fetch = vi.fn(async (request: Request) => {
      const { token } = (await request.json()) as { token: string };
      return json(200, { token: `a-${token}`, expiresAt: later(20_000), user: sessionUser() });
    });
    const session = createEmbedSession({ apiUrl: API, getToken, fetch });
    const detach = session.attach();
    await vi.waitFor(() => expect(session.get().status).toBe('ready'));
    // Concurrent renewals of the same token share one exchange; a caller with an old token gets the current one.
    const [a, b] = await Promise.all([session.renew('a-p1'), session.renew('a-p1')]);
    expect([a, b]).toEqual(['a-p2', 'a-p2']);
    expect(await session.renew('a-p1')).toBe('a-p2');
    expect(getToken).toHaveBeenCalledTimes(2);
    // A fifth of a 20 s session before its end: at 16 s.
    await vi.advanceTimersByTimeAsync(15_000);
    expect(getToken).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1_500);
    expect(getToken).toHaveBeenCalledTimes(3);
    expect(session.get().token).toBe('a-p3');
    detach();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(getToken).toHaveBeenCalledTimes(3);
  });

  it('a renewal ahead of the end that fails on the way keeps the session and tries again; a refusal ends it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    let down = false;
    let refuse = false;
    let minted = 0;
    const getToken = vi.fn(() => (down ? Promise.reject(new Error('partner down')) : Promise.resolve(`p${++minted}`)));
    const fetch = vi.fn(async (request: Request) => {
      if (refuse) return json(401, { error: 'ERR_EMBED_TOKEN_INVALID' });
      const { token } = (await request.json()) as { token: string };
      return json(200, { token: `a-${token}`, expiresAt: later(100_000), user: sessionUser() });
    });
    const session = createEmbedSession({ apiUrl: API, getToken, fetch });
    session.attach();
    await vi.waitFor(() => expect(session.get().status).toBe('ready'));
    down = true;
    // A fifth of its 100 s before its end: getToken fails, the session stands, and 5 s later it is asked again.
    await vi.advanceTimersByTimeAsync(80_500);
    expect(getToken).toHaveBeenCalledTimes(2);
    expect(session.get()).toMatchObject({ status: 'ready', token: 'a-p1' });
    down = false;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(session.get()).toMatchObject({ status: 'ready', token: 'a-p2' });
    refuse = true;
    await vi.advanceTimersByTimeAsync(81_000);
    expect(session.get()).toMatchObject({ status: 'error', error: { kind: 'refused', code: 'ERR_EMBED_TOKEN_INVALID' }, token: null });
  });

  it('names the failing step: a token that is not a string, a refused exchange, an unreachable API', async () => {
    const refused = createEmbedSession({
      apiUrl: API,
      getToken: () => Promise.resolve('t'),
      fetch: () => Promise.resolve(json(403, { error: 'ERR_EMBED_ORIGIN_FORBIDDEN' })),
    });
    refused.attach();
    await vi.waitFor(() => expect(refused.get().error).toEqual({ kind: 'refused', code: 'ERR_EMBED_ORIGIN_FORBIDDEN' }));
    const empty = createEmbedSession({ apiUrl: API, getToken: () => Promise.resolve(undefined as unknown as string), fetch: vi.fn() });
    empty.attach();
    await vi.waitFor(() => expect(empty.get().error).toEqual({ kind: 'token' }));
    const offline = createEmbedSession({ apiUrl: API, getToken: () => Promise.resolve('t'), fetch: () => Promise.reject(new TypeError('Failed to fetch')) });
    offline.attach();
    await vi.waitFor(() => expect(offline.get().error).toEqual({ kind: 'network' }));
  });
});
