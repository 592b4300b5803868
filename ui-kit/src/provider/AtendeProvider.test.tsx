import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLayoutEffect, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { expectNoA11yViolations } from '../test/a11y';
import { fakeApi, fakeSocketFactory, json, sessionUser } from '../test/provider-fakes';
import { useSettings } from '../features/admin/settings';
import { useToast } from '../primitives/Toast/Toast';
import { AtendeProvider } from '../atende-provider';
import type { AtendeProviderProps } from './AtendeProvider';
import { sessionSlotFor } from './auth-client';
import { useApiClient, useAtende, useSession, useSocket, useSocketEvent, useTheme, useWhiteLabel } from './context';
import { createMemoryStorage } from './storage';

const API = 'http://api.test';

type Probe = {
  session?: ReturnType<typeof useSession>;
  client?: ReturnType<typeof useApiClient>;
  atende?: ReturnType<typeof useAtende>;
  queryClient?: ReturnType<typeof useQueryClient>;
};

function ProbeInto({ probe }: { probe: Probe }) {
  const seen: Required<Probe> = { session: useSession(), client: useApiClient(), atende: useAtende(), queryClient: useQueryClient() };
  // Layout effects run inside render()'s act, so the test reads what the last render saw.
  useLayoutEffect(() => {
    Object.assign(probe, seen);
  });
  return <p>{seen.session.user ? `logado: ${seen.session.user.name}` : 'anônimo'}</p>;
}

function setup(props: Partial<AtendeProviderProps> & { routes?: Parameters<typeof fakeApi>[0] } = {}) {
  const { routes = {}, ...rest } = props;
  const api = fakeApi(routes);
  const sockets = fakeSocketFactory();
  const storage = createMemoryStorage();
  const probe: Probe = {};
  const utils = render(
    <AtendeProvider apiUrl={API} storage={storage} fetch={api.fetch} socketFactory={sockets.factory} {...rest}>
      <ProbeInto probe={probe} />
    </AtendeProvider>,
  );
  return { ...utils, api, sockets, storage, probe };
}

const session = (overrides: Parameters<typeof sessionUser>[0] = {}, token = 'token-1') => ({ token, user: sessionUser(overrides) });

describe('AtendeProvider: session', () => {
  it('logs in, keeps token and user in its storage, and sends the token and cookie on every call', async () => {
    const { api, probe, storage } = setup({
      routes: {
        'POST /auth/login': () => json(200, session()),
        'GET /auth/me': () => json(200, sessionUser()),
      },
    });
    await act(() => probe.session!.login('ana@example.com', 'segredo'));
    expect(screen.getByText('logado: Ana')).toBeInTheDocument();
    expect(probe.session!.status).toBe('authenticated');
    expect(JSON.parse(storage.getItem('token')!)).toBe('token-1');
    expect(JSON.parse(storage.getItem('user')!).id).toBe(7);
    expect(storage.getItem('companyId')).toBe('3');
    const login = api.calls.find((c) => c.path === '/auth/login')!;
    expect(JSON.parse(login.body)).toEqual({ email: 'ana@example.com', password: 'segredo' });
    expect(login.credentials).toBe('include');

    await probe.client!.GET('/auth/me');
    const me = api.calls.find((c) => c.path === '/auth/me')!;
    expect(me.auth).toBe('Bearer token-1');
    expect(me.credentials).toBe('include');
  });

  it('rejects a failed login with the API code and keeps nobody logged in (no onLogout for a wrong password)', async () => {
    const onLogout = vi.fn();
    const { probe } = setup({
      onLogout,
      routes: { 'POST /auth/login': () => json(401, { error: 'ERR_INVALID_CREDENTIALS', message: 'Invalid e-mail or password' }) },
    });
    await expect(probe.session!.login('ana@example.com', 'x')).rejects.toMatchObject({
      code: 'ERR_INVALID_CREDENTIALS',
      status: 401,
    });
    expect(probe.session!.status).toBe('anonymous');
    expect(onLogout).not.toHaveBeenCalled();
  });

  it('restores the session from storage', () => {
    const storage = createMemoryStorage({ token: JSON.stringify('kept'), user: JSON.stringify(sessionUser({ name: 'Bia' })) });
    render(
      <AtendeProvider apiUrl={API} storage={storage} fetch={fakeApi({}).fetch} socketFactory={fakeSocketFactory().factory}>
        <ProbeInto probe={{}} />
      </AtendeProvider>,
    );
    expect(screen.getByText('logado: Bia')).toBeInTheDocument();
  });

  it('on 403 ERR_TOKEN_EXPIRED refreshes once for concurrent calls and retries each call once with the new token', async () => {
    let refreshes = 0;
    const { api, probe, storage } = setup({
      routes: {
        'POST /auth/login': () => json(200, session({}, 'old')),
        'POST /auth/refresh_token': async () => {
          refreshes += 1;
          await new Promise((r) => setTimeout(r, 20));
          return json(200, session({ name: 'Ana R' }, 'new'));
        },
        'GET /auth/me': (req) =>
          req.headers.get('Authorization') === 'Bearer new' ? json(200, sessionUser()) : json(403, { error: 'ERR_TOKEN_EXPIRED', message: 'jwt expired' }),
        'POST /queue': async (req) =>
          req.headers.get('Authorization') === 'Bearer new'
            ? json(200, { id: 1, ...(await req.json()) })
            : json(403, { error: 'ERR_TOKEN_EXPIRED', message: 'jwt expired' }),
      },
    });
    await act(() => probe.session!.login('ana@example.com', 'segredo'));
    const [me1, me2, created] = await act(() =>
      Promise.all([
        probe.client!.GET('/auth/me'),
        probe.client!.GET('/auth/me'),
        probe.client!.POST('/queue', { body: { name: 'Vendas', color: '#ff0000' } as never }),
      ]),
    );
    expect(refreshes).toBe(1);
    expect(me1.response.status).toBe(200);
    expect(me2.response.status).toBe(200);
    // The retried call sends its body again.
    expect(created.data).toMatchObject({ id: 1, name: 'Vendas' });
    expect(JSON.parse(storage.getItem('token')!)).toBe('new');
    expect(screen.getByText('logado: Ana R')).toBeInTheDocument();
    const refresh = api.calls.find((c) => c.path === '/auth/refresh_token')!;
    expect(refresh.credentials).toBe('include');
  });

  it('retries only once: a second 403 is answered to the caller', async () => {
    let refreshes = 0;
    const { probe } = setup({
      routes: {
        'POST /auth/login': () => json(200, session()),
        'POST /auth/refresh_token': () => {
          refreshes += 1;
          return json(200, session({}, `t${refreshes}`));
        },
        'GET /auth/me': () => json(403, { error: 'ERR_TOKEN_EXPIRED', message: 'jwt expired' }),
      },
    });
    await act(() => probe.session!.login('a@b.co', 'x'));
    const { response } = await act(() => probe.client!.GET('/auth/me'));
    expect(response.status).toBe(403);
    expect(refreshes).toBe(1);
  });

  it('does not refresh on a 403 that is a real refusal (ERR_NO_PERMISSION)', async () => {
    const { api, probe } = setup({
      routes: {
        'POST /auth/login': () => json(200, session()),
        'GET /users': () => json(403, { error: 'ERR_NO_PERMISSION', message: 'no' }),
      },
    });
    await act(() => probe.session!.login('a@b.co', 'x'));
    const { error } = await act(() => probe.client!.GET('/users', {} as never));
    expect(error).toMatchObject({ error: 'ERR_NO_PERMISSION' });
    expect(api.calls.some((c) => c.path === '/auth/refresh_token')).toBe(false);
  });

  it('on 401 clears the session, the storage and the query cache, and calls onLogout', async () => {
    const onLogout = vi.fn();
    const { probe, storage, sockets } = setup({
      onLogout,
      routes: {
        'POST /auth/login': () => json(200, session()),
        'GET /auth/me': () => json(401, { error: 'ERR_SESSION_EXPIRED', message: 'gone' }),
      },
    });
    await act(() => probe.session!.login('a@b.co', 'x'));
    probe.queryClient!.setQueryData(['tickets'], ['cached']);
    await act(() => probe.client!.GET('/auth/me'));
    expect(onLogout).toHaveBeenCalledWith('expired');
    expect(screen.getByText('anônimo')).toBeInTheDocument();
    expect(storage.getItem('token')).toBeNull();
    expect(storage.getItem('user')).toBeNull();
    expect(probe.queryClient!.getQueryData(['tickets'])).toBeUndefined();
    expect(sockets.sockets.at(-1)!.disconnected).toBe(true);
  });

  it('a failed refresh (401) logs out', async () => {
    const onLogout = vi.fn();
    const { probe } = setup({
      onLogout,
      routes: {
        'POST /auth/login': () => json(200, session()),
        'POST /auth/refresh_token': () => json(401, { error: 'ERR_SESSION_EXPIRED', message: 'gone' }),
        'GET /auth/me': () => json(403, { error: 'ERR_TOKEN_EXPIRED', message: 'jwt expired' }),
      },
    });
    await act(() => probe.session!.login('a@b.co', 'x'));
    await act(() => probe.client!.GET('/auth/me'));
    expect(onLogout).toHaveBeenCalledWith('expired');
    expect(probe.session!.status).toBe('anonymous');
  });

  it('logout() calls DELETE /auth/logout, forgets the session and closes the socket', async () => {
    const onLogout = vi.fn();
    const { api, probe, sockets } = setup({
      onLogout,
      routes: { 'POST /auth/login': () => json(200, session()), 'DELETE /auth/logout': () => json(204, undefined) },
    });
    await act(() => probe.session!.login('a@b.co', 'x'));
    expect(sockets.sockets).toHaveLength(1);
    await act(() => probe.session!.logout());
    expect(api.calls.find((c) => c.path === '/auth/logout')?.auth).toBe('Bearer token-1');
    expect(onLogout).toHaveBeenCalledWith('user');
    expect(sockets.sockets[0].disconnected).toBe(true);
    expect(screen.getByText('anônimo')).toBeInTheDocument();
  });
});

describe('AtendeProvider: realtime', () => {
  function EventLog({ channel }: { channel: 'queue' }) {
    const socket = useSocket();
    const [last, setLast] = useState('nenhum');
    // payload is typed from ServerChannels: 'create' | 'update' | 'delete'.
    useSocketEvent(channel, (payload) => setLast(payload.action));
    return (
      <p>
        {socket ? 'socket pronto' : 'sem socket'}, último evento: {last}
      </p>
    );
  }

  it('opens a websocket with the token in the query once logged in, and types company events', async () => {
    const api = fakeApi({ 'POST /base/auth/login': () => json(200, session()) });
    const { factory, sockets } = fakeSocketFactory();
    const probe: Probe = {};
    render(
      <AtendeProvider apiUrl="http://api.test/base" storage={createMemoryStorage()} fetch={api.fetch} socketFactory={factory}>
        <ProbeInto probe={probe} />
        <EventLog channel="queue" />
      </AtendeProvider>,
    );
    expect(screen.getByText('sem socket, último evento: nenhum')).toBeInTheDocument();
    expect(sockets).toHaveLength(0);
    await act(() => probe.session!.login('a@b.co', 'x'));
    expect(screen.getByText('socket pronto, último evento: nenhum')).toBeInTheDocument();
    const [socket] = sockets;
    expect(socket.url).toBe('http://api.test');
    expect(socket.options).toMatchObject({ path: '/base/socket.io', transports: ['websocket'], query: { token: 'token-1' }, reconnection: true });
    act(() => socket.serverEmit('company-3-queue', { action: 'delete', queueId: 1 }));
    expect(screen.getByText('socket pronto, último evento: delete')).toBeInTheDocument();
    // Another company's event name is not listened to.
    expect(socket.listeners('company-4-queue')).toHaveLength(0);
  });

  it('waits for a factory that answers a promise, and closes a socket that arrives after the session ended', async () => {
    const api = fakeApi({ 'POST /auth/login': () => json(200, session()), 'DELETE /auth/logout': () => json(204, undefined) });
    const { factory, sockets } = fakeSocketFactory();
    const pending: (() => void)[] = [];
    const later = (url: string, options: Parameters<typeof factory>[1]) =>
      new Promise<ReturnType<typeof factory>>((resolve) => pending.push(() => resolve(factory(url, options))));
    const probe: Probe = {};
    render(
      <AtendeProvider apiUrl={API} storage={createMemoryStorage()} fetch={api.fetch} socketFactory={later}>
        <ProbeInto probe={probe} />
        <EventLog channel="queue" />
      </AtendeProvider>,
    );
    await act(() => probe.session!.login('a@b.co', 'x'));
    expect(screen.getByText('sem socket, último evento: nenhum')).toBeInTheDocument();
    await act(async () => pending.shift()!());
    expect(screen.getByText('socket pronto, último evento: nenhum')).toBeInTheDocument();
    expect(sockets[0].connected).toBe(true);

    await act(() => probe.session!.logout());
    expect(sockets[0].connected).toBe(false);
    await act(() => probe.session!.login('a@b.co', 'x'));
    await act(() => probe.session!.logout());
    await act(async () => pending.shift()!());
    expect(sockets[1].connected).toBe(false);
    expect(screen.getByText('sem socket, último evento: nenhum')).toBeInTheDocument();
  });

  it('rebuilds the socket when the user changes, and keeps it across a token refresh', async () => {
    const { probe, sockets } = setup({
      routes: {
        'POST /auth/login': () => json(200, session()),
        'POST /auth/refresh_token': () => json(200, session({}, 'fresh')),
        'GET /auth/me': (req) =>
          req.headers.get('Authorization') === 'Bearer fresh' ? json(200, sessionUser()) : json(403, { error: 'ERR_TOKEN_EXPIRED', message: '' }),
      },
    });
    await act(() => probe.session!.login('a@b.co', 'x'));
    await act(() => probe.client!.GET('/auth/me'));
    expect(sockets.sockets).toHaveLength(1);
    expect(sockets.sockets[0].io.opts.query).toMatchObject({ token: 'fresh' });
    act(() => probe.session!.setSession(session({ id: 8, name: 'Outro' }, 'other')));
    expect(sockets.sockets).toHaveLength(2);
    expect(sockets.sockets[0].disconnected).toBe(true);
    expect(sockets.sockets[1].options.query).toEqual({ token: 'other' });
  });

  it('forgets what was read as one user when another takes the session (impersonation), and refetches as the new one', async () => {
    const { probe, api } = setup({
      routes: {
        'POST /auth/login': () => json(200, session()),
        'GET /settings': (req) => json(200, [{ key: 'who', value: req.headers.get('Authorization') ?? '' }]),
      },
    });
    await act(() => probe.session!.login('a@b.co', 'x'));
    await act(() => probe.queryClient!.fetchQuery({ queryKey: ['probe-settings'], queryFn: () => probe.client!.GET('/settings').then((r) => r.data) }));
    expect(probe.queryClient!.getQueryData(['probe-settings'])).toEqual([{ key: 'who', value: 'Bearer token-1' }]);
    act(() => probe.session!.setSession(session({ id: 8, name: 'Outro' }, 'other')));
    await waitFor(() => expect(probe.queryClient!.getQueryData(['probe-settings'])).toBeUndefined());
    expect(api.calls.filter((c) => c.path === '/settings')).toHaveLength(1);
  });

  it('renews the token and reconnects when the server refuses the socket with an expired token', async () => {
    const { probe, sockets } = setup({
      routes: { 'POST /auth/login': () => json(200, session()), 'POST /auth/refresh_token': () => json(200, session({}, 'fresh')) },
    });
    await act(() => probe.session!.login('a@b.co', 'x'));
    const [socket] = sockets.sockets;
    await act(async () => {
      socket.serverEmit('connect_error', Object.assign(new Error('ERR_TOKEN_EXPIRED'), { data: { error: 'ERR_TOKEN_EXPIRED' } }));
      await new Promise((r) => setTimeout(r, 0));
    });
    await waitFor(() => expect(socket.connectCalls).toBe(1));
    expect(socket.io.opts.query).toMatchObject({ token: 'fresh' });
  });

  it('a socket closed by the server ends a revoked session at once, and reconnects a live one', async () => {
    let refreshOk = true;
    const onLogout = vi.fn();
    const { probe, sockets } = setup({
      onLogout,
      routes: {
        'POST /auth/login': () => json(200, session()),
        'POST /auth/refresh_token': () => (refreshOk ? json(200, session({}, 'fresh')) : json(401, { error: 'ERR_SESSION_EXPIRED', message: '' })),
      },
    });
    await act(() => probe.session!.login('a@b.co', 'x'));
    const [socket] = sockets.sockets;
    // A transport drop is socket.io's own business: no refresh, no reconnect from us.
    await act(async () => socket.serverEmit('disconnect', 'transport close'));
    expect(socket.connectCalls).toBe(0);
    // The server closed it while the session still stands: a fresh token, connected again.
    await act(async () => {
      socket.serverEmit('disconnect', 'io server disconnect');
      await new Promise((r) => setTimeout(r, 0));
    });
    await waitFor(() => expect(socket.connectCalls).toBe(1));
    expect(socket.io.opts.query).toMatchObject({ token: 'fresh' });
    // Revoked elsewhere (logout, password change): the refresh is refused and the session ends here.
    refreshOk = false;
    await act(async () => {
      socket.serverEmit('disconnect', 'io server disconnect');
      await new Promise((r) => setTimeout(r, 0));
    });
    await waitFor(() => expect(onLogout).toHaveBeenCalledWith('expired'));
    expect(probe.session!.status).toBe('anonymous');
  });

  it('a user logout does not read its own socket closing as a revocation', async () => {
    const onLogout = vi.fn();
    const calls: string[] = [];
    const socketRef: { current?: { serverEmit: (e: string, p: unknown) => void } } = {};
    const { probe, sockets } = setup({
      onLogout,
      routes: {
        'POST /auth/login': () => json(200, session()),
        'DELETE /auth/logout': () => {
          // The server closes the socket before it answers.
          socketRef.current?.serverEmit('disconnect', 'io server disconnect');
          return json(204, undefined);
        },
        'POST /auth/refresh_token': () => {
          calls.push('refresh');
          return json(401, { error: 'ERR_SESSION_EXPIRED', message: '' });
        },
      },
    });
    await act(() => probe.session!.login('a@b.co', 'x'));
    socketRef.current = sockets.sockets[0];
    await act(() => probe.session!.logout());
    expect(calls).toEqual([]);
    expect(onLogout).toHaveBeenCalledWith('user');
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it('forced logout: the account opened elsewhere calls onForcedLogout, unless impersonating', async () => {
    const onForcedLogout = vi.fn();
    const { probe, sockets } = setup({ onForcedLogout, routes: { 'POST /auth/login': () => json(200, session()) } });
    await act(() => probe.session!.login('a@b.co', 'x'));
    const socket = () => sockets.sockets.at(-1)!;
    act(() => socket().serverEmit('company-3-auth', { action: 'update', user: { id: 99 } }));
    expect(onForcedLogout).not.toHaveBeenCalled();
    act(() => socket().serverEmit('company-3-auth', { action: 'update', user: { id: 7 } }));
    expect(onForcedLogout).toHaveBeenCalledTimes(1);

    act(() => probe.session!.setSession({ ...session(), impersonated: true }));
    act(() => socket().serverEmit('company-3-auth', { action: 'update', user: { id: 7 } }));
    expect(onForcedLogout).toHaveBeenCalledTimes(1);
  });

  it('forced logout without a callback ends the session with reason forced', async () => {
    const onLogout = vi.fn();
    const { probe, sockets } = setup({ onLogout, routes: { 'POST /auth/login': () => json(200, session()) } });
    await act(() => probe.session!.login('a@b.co', 'x'));
    act(() => sockets.sockets[0].serverEmit('company-3-auth', { action: 'update', user: { id: 7 } }));
    await waitFor(() => expect(onLogout).toHaveBeenCalledWith('forced'));
    expect(probe.session!.status).toBe('anonymous');
  });
});

describe('AtendeProvider: theme, locale and white-label', () => {
  function ThemeToggle() {
    const { theme, toggleTheme } = useTheme();
    const toast = useToast();
    return (
      <>
        <button onClick={toggleTheme}>tema {theme}</button>
        <button onClick={() => toast.success('ok')}>toast</button>
      </>
    );
  }

  it('defaults the theme to the system preference, remembers a choice under preferredTheme', async () => {
    const matchMedia = vi.fn().mockReturnValue({ matches: true });
    vi.stubGlobal('matchMedia', matchMedia);
    const storage = createMemoryStorage();
    const { container, unmount } = render(
      <AtendeProvider apiUrl={API} storage={storage} fetch={fakeApi({}).fetch} whiteLabel={false}>
        <ThemeToggle />
      </AtendeProvider>,
    );
    const root = container.querySelector('.atd-root')!;
    expect(root).toHaveAttribute('data-theme', 'dark');
    await userEvent.click(screen.getByRole('button', { name: 'tema dark' }));
    expect(root).toHaveAttribute('data-theme', 'light');
    expect(storage.getItem('preferredTheme')).toBe('light');
    unmount();
    render(
      <AtendeProvider apiUrl={API} storage={storage} fetch={fakeApi({}).fetch} whiteLabel={false}>
        <ThemeToggle />
      </AtendeProvider>,
    );
    expect(screen.getByRole('button', { name: 'tema light' })).toBeInTheDocument();
    vi.unstubAllGlobals();
  });

  it('uses pt by default and the locale given', () => {
    const { container } = render(
      <AtendeProvider apiUrl={API} storage={createMemoryStorage()} fetch={fakeApi({}).fetch} locale="es" whiteLabel={false}>
        <span>x</span>
      </AtendeProvider>,
    );
    expect(container.querySelector('.atd-root')).toHaveAttribute('lang', 'es');
  });

  function Brand() {
    const brand = useWhiteLabel();
    return <p>{brand.isLoaded ? `marca: ${brand.appName} ${brand.logoLight ?? 'sem logo'}` : 'carregando marca'}</p>;
  }

  it('reads the public settings of the company and applies them as --atd-* variables on the kit root', async () => {
    const api = fakeApi({
      'GET /public-settings': () =>
        json(200, {
          appName: 'Minha Central',
          primaryColorLight: '#ff5500',
          primaryColorDark: '#00ccaa',
          appLogoLight: '/public/company5/logos/light.png',
          appLogoDark: '',
          appLogoFavicon: '',
        }),
    });
    const { container } = render(
      <AtendeProvider apiUrl={API} storage={createMemoryStorage()} fetch={api.fetch} companyId={5} theme="light">
        <Brand />
      </AtendeProvider>,
    );
    expect(await screen.findByText('marca: Minha Central http://api.test/public/company5/logos/light.png')).toBeInTheDocument();
    expect(api.calls.map((c) => c.path)).toContain('/public-settings/5');
    const root = container.querySelector<HTMLElement>('.atd-root')!;
    expect(root.style.getPropertyValue('--atd-primary')).toBe('#ff5500');
    expect(root.style.getPropertyValue('--atd-primary-dark')).toBe('#00ccaa');
    expect(root.style.getPropertyValue('--atd-app-name')).toBe('"Minha Central"');
    expect(root.style.getPropertyValue('--atd-logo')).toBe('url("http://api.test/public/company5/logos/light.png")');
    // Never on the host page's :root.
    expect(document.documentElement.style.getPropertyValue('--atd-primary')).toBe('');
  });

  it("applies the company's own white-label settings live once they are read: a save or a settings event re-brands at once", async () => {
    const storage = createMemoryStorage({ token: JSON.stringify('token-1'), user: JSON.stringify(sessionUser({ companyId: 3 })) });
    const api = fakeApi({
      'GET /public-settings': () =>
        json(200, { appName: 'Central', primaryColorLight: '#ff5500', primaryColorDark: '#00ccaa', appLogoLight: '', appLogoDark: '', appLogoFavicon: '' }),
      'GET /settings': () =>
        json(200, [
          { key: 'primaryColorLight', value: '#ff5500' },
          { key: 'appName', value: 'Central' },
        ]),
    });
    const sockets = fakeSocketFactory();
    function ReadsSettings() {
      useSettings();
      return null;
    }
    const { container } = render(
      <AtendeProvider apiUrl={API} storage={storage} fetch={api.fetch} socketFactory={sockets.factory} theme="light">
        <ReadsSettings />
        <Brand />
      </AtendeProvider>,
    );
    expect(await screen.findByText('marca: Central sem logo')).toBeInTheDocument();
    const root = container.querySelector<HTMLElement>('.atd-root')!;
    expect(root.style.getPropertyValue('--atd-primary')).toBe('#ff5500');
    await waitFor(() => expect(sockets.sockets.length).toBeGreaterThan(0));
    act(() => {
      sockets.sockets.at(-1)!.serverEmit('company-3-settings', { action: 'update', setting: { key: 'primaryColorLight', value: '#123456' } });
      sockets.sockets
        .at(-1)!
        .serverEmit('company-3-settings', { action: 'update', setting: { key: 'appLogoLight', value: '/public/company3/logos/light-1.png' } });
    });
    expect(await screen.findByText('marca: Central http://api.test/public/company3/logos/light-1.png')).toBeInTheDocument();
    expect(root.style.getPropertyValue('--atd-primary')).toBe('#123456');
  });

  it('falls back to the defaults when the read fails, and reads company 1 when nothing says otherwise', async () => {
    const api = fakeApi({ 'GET /public-settings': () => json(500, { error: 'ERR_INTERNAL', message: 'x' }) });
    const { container } = render(
      <AtendeProvider apiUrl={API} storage={createMemoryStorage()} fetch={api.fetch} theme="dark">
        <Brand />
      </AtendeProvider>,
    );
    expect(await screen.findByText('marca: whitelabel chat sem logo')).toBeInTheDocument();
    expect(api.calls.map((c) => c.path)).toContain('/public-settings/1');
    expect(container.querySelector<HTMLElement>('.atd-root')!.style.getPropertyValue('--atd-primary')).toBe('#39ACE7');
  });

  it('renders a toast region inside its root, and has no axe violations', async () => {
    const { container } = render(
      <AtendeProvider apiUrl={API} storage={createMemoryStorage()} fetch={fakeApi({}).fetch} whiteLabel={false} theme="light">
        <main>
          <ThemeToggle />
        </main>
      </AtendeProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'toast' }));
    expect(container.querySelector('.atd-root')).toContainElement(screen.getByRole('region', { name: 'Notificações' }));
    await expectNoA11yViolations(container);
  });
});

describe('two providers on one page', () => {
  function useCached() {
    return useQuery({ queryKey: ['shared-key'], queryFn: () => Promise.resolve('x'), enabled: false }).data;
  }
  function Cache({ label }: { label: string }) {
    const data = useCached();
    return (
      <p>
        {label}: {data ?? 'vazio'}
      </p>
    );
  }

  it('share no token, no storage keys, no query cache and no socket', async () => {
    const storage = createMemoryStorage();
    const apiA = fakeApi({ 'POST /auth/login': () => json(200, session({ name: 'A' }, 'token-a')), 'GET /auth/me': () => json(200, sessionUser()) });
    const apiB = fakeApi({
      'POST /auth/login': () => json(200, session({ id: 9, name: 'B', companyId: 4 }, 'token-b')),
      'GET /auth/me': () => json(200, sessionUser()),
    });
    const socketsA = fakeSocketFactory();
    const socketsB = fakeSocketFactory();
    const a: Probe = {};
    const b: Probe = {};
    render(
      <>
        <AtendeProvider apiUrl={API} storage={storage} storageKeyPrefix="a:" fetch={apiA.fetch} socketFactory={socketsA.factory} whiteLabel={false}>
          <ProbeInto probe={a} />
          <Cache label="cache A" />
        </AtendeProvider>
        <AtendeProvider apiUrl={API} storage={storage} storageKeyPrefix="b:" fetch={apiB.fetch} socketFactory={socketsB.factory} whiteLabel={false}>
          <ProbeInto probe={b} />
          <Cache label="cache B" />
        </AtendeProvider>
      </>,
    );
    await act(() => a.session!.login('a@x.co', 'x'));
    expect(screen.getByText('logado: A')).toBeInTheDocument();
    expect(screen.getAllByText('anônimo')).toHaveLength(1);
    expect(JSON.parse(storage.getItem('a:token')!)).toBe('token-a');
    expect(storage.getItem('b:token')).toBeNull();
    expect(storage.getItem('token')).toBeNull();

    await act(() => b.session!.login('b@x.co', 'x'));
    await b.client!.GET('/auth/me');
    expect(apiB.calls.find((c) => c.path === '/auth/me')!.auth).toBe('Bearer token-b');
    expect(apiA.calls.some((c) => c.auth === 'Bearer token-b')).toBe(false);

    expect(a.queryClient).not.toBe(b.queryClient);
    act(() => {
      a.queryClient!.setQueryData(['shared-key'], 'só do A');
    });
    expect(await screen.findByText('cache A: só do A')).toBeInTheDocument();
    expect(screen.getByText('cache B: vazio')).toBeInTheDocument();

    expect(socketsA.sockets).toHaveLength(1);
    expect(socketsB.sockets).toHaveLength(1);
    expect(socketsA.sockets[0].options.query).toEqual({ token: 'token-a' });
    expect(socketsB.sockets[0].options.query).toEqual({ token: 'token-b' });

    await act(() => a.atende!.logout('expired'));
    expect(b.session!.status).toBe('authenticated');
    expect(socketsB.sockets[0].disconnected).toBe(false);
  });

  it('gives each storage prefix its own refresh-cookie slot, so one provider never renews into another user', async () => {
    const api = fakeApi({
      'POST /auth/login': () => json(200, session()),
      'POST /auth/refresh_token': () => json(200, session({}, 'fresh')),
    });
    const slots: (string | null)[] = [];
    for (const props of [{ storageKeyPrefix: 'widget-1' }, { storageKeyPrefix: 'atende-embed-1:' }, { storageKeyPrefix: 'x', sessionSlot: 'chosen' }, {}]) {
      const probe: Probe = {};
      const view = render(
        <AtendeProvider
          apiUrl={API}
          storage={createMemoryStorage()}
          fetch={api.fetch}
          socketFactory={fakeSocketFactory().factory}
          whiteLabel={false}
          {...props}
        >
          <ProbeInto probe={probe} />
        </AtendeProvider>,
      );
      await act(() => probe.session!.login('a@b.co', 'x'));
      await act(() => probe.atende!.refresh());
      const sent = api.calls.splice(0).filter((c) => c.path.startsWith('/auth/'));
      expect(new Set(sent.map((c) => c.slot)).size).toBe(1);
      slots.push(sent[0].slot);
      view.unmount();
    }
    expect(slots[0]).toBe('widget-1');
    // A prefix the API would refuse becomes a legal slot, hashed so that distinct prefixes stay distinct.
    expect(slots[1]).toMatch(/^atende-embed-1-[0-9a-f]{8}$/);
    expect(slots[2]).toBe('chosen');
    // The console (no prefix) uses the API's default cookie.
    expect(slots[3]).toBeNull();
  });

  it('derives distinct legal slots from distinct prefixes', () => {
    const prefixes = ['a:', 'a.', 'a', 'atende-embed-1:', 'atende-embed-2:', 'ü'.repeat(60), 'x'.repeat(41)];
    const slots = prefixes.map(sessionSlotFor);
    for (const s of slots) expect(s).toMatch(/^[A-Za-z0-9_-]{1,40}$/);
    expect(new Set(slots).size).toBe(prefixes.length);
    expect(sessionSlotFor('')).toBeUndefined();
  });
});
