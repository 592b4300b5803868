import { act, fireEvent, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Schema } from './client';
import { createAtende, EMBED_HOST_TAG, mount, type EmbedEvent, type EmbedHandle, type EmbedOptions, type EmbedRuntime } from './embed';
import { embedStylesheet, hostTokens } from './embed/runtime';
import { createMemoryStorage } from './provider/storage';
import { ticketDto } from './test/data-fixtures';
import { fakeApi, fakeSocketFactory, json, sessionUser } from './test/provider-fakes';

// The tickets and chat widgets are wired to the kit's TicketsManager and TicketChat (tested in their features):
// here they are stand-ins that show their props and call their callbacks, to test the embed's wiring.
vi.mock('./features/tickets', async (original) => ({
  ...(await original<object>()),
  TicketsManager: ({
    selectedTicketUuid,
    onSelectTicket,
    onTicketCreated,
  }: Record<string, (t: Schema<'TicketDto'>) => void> & { selectedTicketUuid?: string }) => (
    <div>
      <p>manager selected: {selectedTicketUuid ?? 'none'}</p>
      <button type="button" onClick={() => onSelectTicket(ticketDto({ uuid: 'uuid-42', id: 42 }))}>
        pick 42
      </button>
      <button type="button" onClick={() => onTicketCreated?.(ticketDto({ uuid: 'uuid-43', id: 43 }))}>
        create 43
      </button>
    </div>
  ),
}));
vi.mock('./features/chat', async (original) => ({
  ...(await original<object>()),
  TicketChat: ({
    ticketUuid,
    onLeave,
    onAccepted,
  }: {
    ticketUuid: string;
    onLeave: (reason: string) => void;
    onAccepted?: (t: Schema<'TicketDto'>) => void;
  }) => (
    <div>
      <p>chat of {ticketUuid}</p>
      <button type="button" onClick={() => onLeave('deleted')}>
        leave
      </button>
      <button type="button" onClick={() => onAccepted?.(ticketDto({ uuid: ticketUuid, status: 'open' }))}>
        accept
      </button>
    </div>
  ),
}));

const API = 'http://api.test';
const handles: EmbedHandle[] = [];

/**
 * Waits for a mount's code and first render. Not inside act(): an async act holds React's work until its callback
 * settles, and `ready` settles only once React has rendered; waitFor lets React render on its own meanwhile.
 */
async function whenReady(...mounted: EmbedHandle[]) {
  let done = false;
  void Promise.allSettled(mounted.map((h) => h.ready)).then(() => (done = true));
  // The widget code is a lazy chunk: on a busy machine its first import (transform included) takes seconds.
  await waitFor(() => expect(done).toBe(true), { timeout: 15_000 });
}

afterEach(() => {
  act(() => handles.splice(0).forEach((h) => h.unmount()));
  document.body.innerHTML = '';
});

function setup() {
  const api = fakeApi({
    'POST /auth/login': async (request) => {
      const { email } = (await request.json()) as { email: string };
      return json(200, { token: `token-of-${email}`, user: sessionUser({ email, name: email.split('@')[0] }) });
    },
    'DELETE /auth/logout': () => json(204, undefined),
    'GET /public-settings': () => json(200, {}),
    'GET /plans/list': () => json(200, []),
  });
  const sockets = fakeSocketFactory();
  const storage = createMemoryStorage();
  const events: EmbedEvent[] = [];
  /** Mounts and waits for the widget's code (loaded on demand) to render. */
  const mountInto = async (options: Partial<EmbedOptions> = {}) => {
    const element = document.body.appendChild(document.createElement('div'));
    const handle = mount(
      element,
      { apiUrl: API, widget: 'login', onEvent: (e) => events.push(e), ...options },
      { fetch: api.fetch, socketFactory: sockets.factory, storage },
    );
    handles.push(handle);
    await whenReady(handle);
    const shadow = element.querySelector(EMBED_HOST_TAG)!.shadowRoot!;
    const view = within(shadow.querySelector<HTMLElement>('.atd-embed')!);
    return { element, handle, shadow, view };
  };
  return { api, sockets, storage, events, mountInto };
}

async function logIn(view: ReturnType<typeof within>, email: string) {
  // user-event types into document.activeElement, which is the shadow host here: set the values directly.
  fireEvent.change(view.getByRole('textbox', { name: /email/i }), { target: { value: email } });
  fireEvent.change(view.getByLabelText(/senha/i, { selector: 'input' }), { target: { value: 'segredo' } });
  await userEvent.setup().click(view.getByRole('button', { name: 'Entrar' }));
}

describe('Atende.mount', () => {
  it('renders the widget inside a shadow root of its own element, with the kit CSS beside it', async () => {
    const { element, shadow, view } = await setup().mountInto();
    const host = element.querySelector(EMBED_HOST_TAG)!;
    expect(element.children).toHaveLength(1);
    expect(host.getAttribute('style')).toBe('display:block');
    expect(shadow.querySelector('style')!.textContent).toContain('.atd-embed { all: initial; display: block; height: 100%; }');
    // The sign-in form's module loads when the form first shows.
    expect(await view.findByRole('heading', { name: 'Entrar' })).toBeInTheDocument();
    // The kit root and its portal host (toasts, dialogs, popovers) are in the shadow root, not the page.
    expect(shadow.querySelector('.atd-root .atd-portal')).not.toBeNull();
    expect(document.querySelector('.atd-root')).toBeNull();
  });

  it('accepts a selector and refuses what it cannot mount', async () => {
    const { mountInto } = setup();
    await mountInto();
    document.body.appendChild(document.createElement('section')).id = 'partner';
    const handle = mount('#partner', { apiUrl: API, widget: 'signup' });
    handles.push(handle);
    expect(document.querySelector(`#partner ${EMBED_HOST_TAG}`)).not.toBeNull();
    expect(() => mount('#missing', { apiUrl: API, widget: 'login' })).toThrow(/no element/);
    const div = document.createElement('div');
    expect(() => mount(div, { apiUrl: API, widget: 'shell' as never })).toThrow(/widget must be one of/);
    expect(() => mount(div, { apiUrl: '', widget: 'login' })).toThrow(/apiUrl/);
    expect(() => mount(div, { apiUrl: API, widget: 'login', locale: 'fr' as never })).toThrow(/locale/);
    expect(div.children).toHaveLength(0);
  });

  it('gives every mount its own session: distinct storage prefixes, one login does not sign the other in', async () => {
    const { storage, events, mountInto } = setup();
    const a = await mountInto();
    const b = await mountInto();
    await logIn(a.view, 'ana@example.com');
    expect(await a.view.findByRole('heading', { name: 'ana' })).toBeInTheDocument();
    expect(b.view.getByRole('heading', { name: 'Entrar' })).toBeInTheDocument();
    const tokens = Object.entries(storage.dump()).filter(([key]) => key.endsWith(':token'));
    expect(tokens).toHaveLength(1);
    expect(tokens[0][0]).toMatch(/^atende-embed-\d+:token$/);
    expect(events).toContainEqual(expect.objectContaining({ type: 'login', user: expect.objectContaining({ email: 'ana@example.com' }) }));

    await logIn(b.view, 'bia@example.com');
    expect(await b.view.findByRole('heading', { name: 'bia' })).toBeInTheDocument();
    expect(a.view.getByRole('heading', { name: 'ana' })).toBeInTheDocument();
    // Each login's toast shows inside its own widget's shadow root, never in the page.
    expect(a.shadow.querySelector('.atd-portal .atd-ToastRegion, .atd-ToastRegion')).not.toBeNull();
    expect(document.querySelector('.atd-ToastRegion')).toBeNull();
  });

  it('refuses a second live mount on the same storageKeyPrefix, and allows it after unmount', async () => {
    const { mountInto } = setup();
    const first = await mountInto({ storageKeyPrefix: 'partner:' });
    await expect(mountInto({ storageKeyPrefix: 'partner:' })).rejects.toThrow(/already uses storageKeyPrefix 'partner:'/);
    act(() => first.handle.unmount());
    await expect(mountInto({ storageKeyPrefix: 'partner:' })).resolves.toBeTruthy();
  });

  it('update() switches widget, language and theme in place', async () => {
    const { mountInto } = setup();
    const { handle, shadow, view } = await mountInto();
    act(() => handle.update({ locale: 'en', theme: 'dark' }));
    expect(view.getByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(shadow.querySelector('.atd-root')!.getAttribute('data-theme')).toBe('dark');
    act(() => handle.update({ widget: 'forgot-password' }));
    expect(await view.findByRole('heading', { name: /reset/i })).toBeInTheDocument();
    expect(() => handle.update({ widget: 'nope' as never })).toThrow(/widget must be one of/);
    expect(() => handle.update({ storageKeyPrefix: 'other:' })).toThrow(/cannot change/);
  });

  it('follows its own links between login, sign-up and reset without leaving the page, and tells the host', async () => {
    const { events, mountInto } = setup();
    const { handle, view } = await mountInto();
    const user = userEvent.setup();
    await user.click(view.getByRole('link', { name: /cadastre-se/i }));
    expect(await view.findByRole('heading', { name: 'Cadastre-se' })).toBeInTheDocument();
    expect(events).toContainEqual({ type: 'navigate', widget: 'signup' });
    expect(window.location.hash).toBe('');
    // A later update() from the host wins over where the widget moved.
    act(() => handle.update({ widget: 'login' }));
    expect(view.getByRole('heading', { name: 'Entrar' })).toBeInTheDocument();
  });

  it("leaves the page's focus alone when it first shows, unless asked; moving inside it focuses the new form", async () => {
    const { mountInto } = setup();
    const pageInput = document.body.appendChild(document.createElement('input'));
    pageInput.focus();
    const quiet = await mountInto();
    await quiet.view.findByRole('heading', { name: 'Entrar' });
    expect(document.activeElement).toBe(pageInput);
    expect(quiet.shadow.activeElement).toBeNull();

    await userEvent.setup().click(quiet.view.getByRole('link', { name: /cadastre-se/i }));
    const companyName = await quiet.view.findByRole('textbox', { name: 'Nome da empresa' });
    await waitFor(() => expect(quiet.shadow.activeElement).toBe(companyName));

    pageInput.focus();
    const eager = await mountInto({ autoFocus: true });
    await waitFor(() => expect(eager.shadow.activeElement).toBe(eager.view.getByRole('textbox', { name: /email/i })));
  });

  it('asks for a login before the profile, then opens it', async () => {
    const { mountInto } = setup();
    const { view } = await mountInto({ widget: 'profile' });
    await logIn(view, 'ana@example.com');
    expect(await view.findByRole('dialog')).toBeInTheDocument();
  });

  it('unmount() closes the socket, removes the element and frees the prefix; update() after it throws', async () => {
    const { sockets, storage, events, mountInto } = setup();
    const onLogout = vi.fn();
    const { element, handle, view } = await mountInto({ onLogout });
    await logIn(view, 'ana@example.com');
    await waitFor(() => expect(sockets.sockets).toHaveLength(1));
    act(() => handle.unmount());
    expect(sockets.sockets[0].disconnected).toBe(true);
    expect(element.children).toHaveLength(0);
    expect(onLogout).not.toHaveBeenCalled();
    expect(events.filter((e) => e.type === 'logout')).toEqual([]);
    // The session stays for the next visit of the same mount.
    expect(Object.keys(storage.dump()).some((k) => k.endsWith(':token'))).toBe(true);
    expect(() => handle.update({ locale: 'en' })).toThrow(/after unmount/);
    expect(() => handle.unmount()).not.toThrow();
  });

  it('logout from the signed-in widget calls onLogout and onEvent', async () => {
    const { events, mountInto } = setup();
    const onLogout = vi.fn();
    const { view } = await mountInto({ onLogout });
    await logIn(view, 'ana@example.com');
    await userEvent.setup().click(await view.findByRole('button', { name: 'Sair' }));
    expect(await view.findByRole('heading', { name: 'Entrar' })).toBeInTheDocument();
    expect(onLogout).toHaveBeenCalledWith('user');
    expect(events).toContainEqual({ type: 'logout', reason: 'user' });
  });
});

describe('loading the widget code on demand', () => {
  it('answers the handle at once: update() before the code arrived shows the merged options, unmount() stops it', async () => {
    const { api, sockets, storage } = setup();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const loads = vi.fn(async (): Promise<EmbedRuntime> => {
      await gate;
      return import('./embed/runtime');
    });
    const atende = createAtende(loads);
    const internals = { fetch: api.fetch, socketFactory: sockets.factory, storage };
    const early = document.body.appendChild(document.createElement('div'));
    const gone = document.body.appendChild(document.createElement('div'));
    const a = atende.mount(early, { apiUrl: API, widget: 'login' }, internals);
    const b = atende.mount(gone, { apiUrl: API, widget: 'login' }, internals);
    handles.push(a, b);
    // The element and its shadow root are there at once, empty until the code comes.
    const shadow = early.querySelector(EMBED_HOST_TAG)!.shadowRoot!;
    expect(shadow.childNodes).toHaveLength(0);
    a.update({ locale: 'en', widget: 'signup' });
    b.unmount();
    expect(gone.children).toHaveLength(0);
    release();
    await whenReady(a, b);
    expect(within(shadow.querySelector<HTMLElement>('.atd-embed')!).getByRole('heading', { name: 'Sign up' })).toBeInTheDocument();
    expect(gone.children).toHaveLength(0);
    // One load for every mount of the page.
    expect(loads).toHaveBeenCalledTimes(1);
  });

  it('tells the host when the code cannot load, and the next mount tries again', async () => {
    const loads = vi.fn<() => Promise<EmbedRuntime>>().mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'));
    loads.mockImplementation(() => import('./embed/runtime'));
    const atende = createAtende(loads);
    const events: EmbedEvent[] = [];
    const first = atende.mount(document.body.appendChild(document.createElement('div')), { apiUrl: API, widget: 'login', onEvent: (e) => events.push(e) });
    handles.push(first);
    await expect(first.ready).rejects.toThrow(/could not be loaded \(Failed to fetch/);
    expect(events).toEqual([{ type: 'error', message: expect.stringMatching(/could not be loaded/) }]);
    const second = atende.mount(document.body.appendChild(document.createElement('div')), { apiUrl: API, widget: 'login' });
    handles.push(second);
    await whenReady(second);
    expect(loads).toHaveBeenCalledTimes(2);
  });
});

describe('tickets and chat widgets', () => {
  const signedIn = (prefix: string) => createMemoryStorage({ [`${prefix}token`]: JSON.stringify('token-1'), [`${prefix}user`]: JSON.stringify(sessionUser()) });

  async function mountSignedIn(options: Partial<EmbedOptions>) {
    const events: EmbedEvent[] = [];
    const element = document.body.appendChild(document.createElement('div'));
    const handle = mount(
      element,
      { apiUrl: API, widget: 'tickets', storageKeyPrefix: 'p:', onEvent: (e) => events.push(e), ...options },
      { fetch: fakeApi({}).fetch, socketFactory: fakeSocketFactory().factory, storage: signedIn('p:') },
    );
    handles.push(handle);
    await whenReady(handle);
    const view = within(element.querySelector(EMBED_HOST_TAG)!.shadowRoot!.querySelector<HTMLElement>('.atd-embed')!);
    return { handle, view, events };
  }

  it('tickets: shows the manager, highlights ticketUuid and tells the host which ticket was chosen or created', async () => {
    const { handle, view, events } = await mountSignedIn({ widget: 'tickets', ticketUuid: 'uuid-7' });
    expect(await view.findByText('manager selected: uuid-7')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(view.getByRole('button', { name: 'pick 42' }));
    await user.click(view.getByRole('button', { name: 'create 43' }));
    expect(events).toEqual([
      { type: 'ticket-selected', ticket: expect.objectContaining({ uuid: 'uuid-42' }) },
      { type: 'ticket-created', ticket: expect.objectContaining({ uuid: 'uuid-43' }) },
    ]);
    act(() => handle.update({ ticketUuid: 'uuid-42' }));
    expect(view.getByText('manager selected: uuid-42')).toBeInTheDocument();
  });

  it('chat: shows the ticket of ticketUuid, switches with update(), and tells the host when the ticket is left or accepted', async () => {
    const { handle, view, events } = await mountSignedIn({ widget: 'chat' });
    // No ticket yet: nothing to show.
    expect(view.queryByText(/chat of/)).toBeNull();
    act(() => handle.update({ ticketUuid: 'uuid-1' }));
    expect(await view.findByText('chat of uuid-1')).toBeInTheDocument();
    act(() => handle.update({ ticketUuid: 'uuid-2' }));
    expect(view.getByText('chat of uuid-2')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(view.getByRole('button', { name: 'accept' }));
    await user.click(view.getByRole('button', { name: 'leave' }));
    expect(events).toEqual([
      { type: 'ticket-accepted', ticket: expect.objectContaining({ uuid: 'uuid-2', status: 'open' }) },
      { type: 'ticket-left', ticketUuid: 'uuid-2', reason: 'deleted' },
    ]);
  });

  it('asks for a login first when there is no session', async () => {
    const { view } = await (async () => {
      const element = document.body.appendChild(document.createElement('div'));
      const handle = mount(element, { apiUrl: API, widget: 'chat', ticketUuid: 'uuid-1' }, { fetch: fakeApi({}).fetch, storage: createMemoryStorage() });
      handles.push(handle);
      await whenReady(handle);
      return { view: within(element.querySelector(EMBED_HOST_TAG)!.shadowRoot!.querySelector<HTMLElement>('.atd-embed')!) };
    })();
    expect(view.getByRole('heading', { name: 'Entrar' })).toBeInTheDocument();
    expect(view.queryByText(/chat of/)).toBeNull();
  });

  it('shares one session between mounts that ask for it: one form, on the first mount, signs the others in', async () => {
    const { mountInto, events } = setup();
    const list = await mountInto({ widget: 'tickets', storageKeyPrefix: 'partner:', shareSession: true });
    const chat = await mountInto({ widget: 'chat', ticketUuid: 'uuid-1', storageKeyPrefix: 'partner:', shareSession: true });
    // Without shareSession the prefix stays taken.
    await expect(mountInto({ widget: 'login', storageKeyPrefix: 'partner:' })).rejects.toThrow(/already uses storageKeyPrefix/);
    // One sign-in form, on the first live mount; the chat points at it.
    expect(list.view.getByRole('heading', { name: 'Entrar' })).toBeInTheDocument();
    expect(chat.view.queryByRole('textbox', { name: /email/i })).toBeNull();
    expect(chat.view.getByRole('heading', { name: 'Entre no formulário ao lado para ver a conversa.' })).toBeInTheDocument();
    await logIn(list.view, 'ana@example.com');
    expect(await chat.view.findByText('chat of uuid-1')).toBeInTheDocument();
    expect(await list.view.findByText('manager selected: none')).toBeInTheDocument();
    expect(events.filter((e) => e.type === 'login')).toHaveLength(1);
    act(() => chat.handle.unmount());
    // The prefix stays shared while one of its mounts lives.
    await expect(mountInto({ widget: 'login', storageKeyPrefix: 'partner:' })).rejects.toThrow(/already uses storageKeyPrefix/);
  });

  it('hands the sign-in form to the next mount when the one showing it goes', async () => {
    const { mountInto } = setup();
    const list = await mountInto({ widget: 'tickets', storageKeyPrefix: 'desk:', shareSession: true });
    const chat = await mountInto({ widget: 'chat', ticketUuid: 'uuid-1', storageKeyPrefix: 'desk:', shareSession: true, locale: 'en' });
    expect(chat.view.getByRole('heading', { name: 'Log in with the form alongside to see the conversation.' })).toBeInTheDocument();
    expect(list.view.getByRole('heading', { name: 'Entrar' })).toBeInTheDocument();
    act(() => list.handle.unmount());
    chat.handle.update({ locale: 'pt' });
    expect(await chat.view.findByRole('heading', { name: 'Entrar' })).toBeInTheDocument();
    await logIn(chat.view, 'ana@example.com');
    expect(await chat.view.findByText('chat of uuid-1')).toBeInTheDocument();
  });

  it('with getToken: no sign-in form, one exchange for the mounts of a shared session, then their content', async () => {
    const { api } = setup();
    let release: (token: string) => void = () => {};
    const getToken = vi.fn(() => new Promise<string>((resolve) => (release = resolve)));
    const exchange = vi.fn(() => json(200, { token: 'embed-access', expiresAt: new Date(Date.now() + 3_600_000).toISOString(), user: sessionUser() }));
    const fetch = (request: Request) => (new URL(request.url).pathname === '/auth/embed/session' ? Promise.resolve(exchange()) : api.fetch(request));
    const mountShared = async (options: Partial<EmbedOptions>) => {
      const element = document.body.appendChild(document.createElement('div'));
      const handle = mount(element, { apiUrl: API, storageKeyPrefix: 'sso:', shareSession: true, getToken, ...options } as EmbedOptions, {
        fetch,
        socketFactory: fakeSocketFactory().factory,
        storage: createMemoryStorage(),
      });
      handles.push(handle);
      await whenReady(handle);
      return within(element.querySelector(EMBED_HOST_TAG)!.shadowRoot!.querySelector<HTMLElement>('.atd-embed')!);
    };
    const list = await mountShared({ widget: 'tickets' });
    const chat = await mountShared({ widget: 'chat', ticketUuid: 'uuid-1' });
    for (const view of [list, chat]) {
      expect(view.getByRole('progressbar', { name: 'Entrando pelo portal…' })).toBeInTheDocument();
      expect(view.queryByRole('textbox', { name: /email/i })).toBeNull();
    }
    act(() => release('partner-token'));
    expect(await list.findByText('manager selected: none')).toBeInTheDocument();
    expect(await chat.findByText('chat of uuid-1')).toBeInTheDocument();
    expect(getToken).toHaveBeenCalledTimes(1);
    expect(exchange).toHaveBeenCalledTimes(1);
  });

  it('with getToken: a refused token shows a translated error and a retry button that tries again', async () => {
    let answer = json(401, { error: 'ERR_EMBED_TOKEN_INVALID', message: 'bad' });
    const fetch = vi.fn((request: Request) => Promise.resolve(new URL(request.url).pathname === '/auth/embed/session' ? answer : json(200, {})));
    const getToken = vi.fn(() => Promise.resolve('partner-token'));
    const element = document.body.appendChild(document.createElement('div'));
    const handle = mount(
      element,
      { apiUrl: API, widget: 'chat', ticketUuid: 'uuid-9', getToken, locale: 'es' },
      { fetch, socketFactory: fakeSocketFactory().factory },
    );
    handles.push(handle);
    await whenReady(handle);
    const view = within(element.querySelector(EMBED_HOST_TAG)!.shadowRoot!.querySelector<HTMLElement>('.atd-embed')!);
    expect(await view.findByRole('heading', { name: 'No se pudo entrar' })).toBeInTheDocument();
    expect(view.getByRole('alert')).toHaveTextContent('El portal envió un acceso inválido o vencido');
    expect(view.queryByRole('textbox', { name: /email/i })).toBeNull();
    answer = json(200, { token: 'embed-access', expiresAt: new Date(Date.now() + 3_600_000).toISOString(), user: sessionUser() });
    await userEvent.setup().click(view.getByRole('button', { name: 'Intentar de nuevo' }));
    expect(await view.findByText('chat of uuid-9')).toBeInTheDocument();
    expect(getToken).toHaveBeenCalledTimes(2);
  });

  it('applies the design tokens of cssVariables to the widget root (the page CSS cannot reach it)', async () => {
    const { mountInto } = setup();
    const { shadow } = await mountInto({ cssVariables: { '--atd-primary': '#0a7d5a', '--atd-radius': '12px' } });
    // jsdom has no cascade for custom properties: the rule is checked here, its effect in the browser test (partner.e2e).
    const rules = [...shadow.querySelectorAll('style')].map((style) => style.textContent);
    expect(rules).toContain('.atd-embed > .atd-root { --atd-primary: #0a7d5a !important; --atd-radius: 12px !important; }');
    expect(hostTokens({ '--atd-primary': 'red; } body { color: red', color: 'red', '--atd-radius': '4px' })).toBe(
      '.atd-embed > .atd-root { --atd-radius: 4px !important; }',
    );
  });

  it('refuses a getToken that is not a function', () => {
    expect(() => mount(document.createElement('div'), { apiUrl: API, widget: 'tickets', getToken: 'abc' as never })).toThrow(/getToken/);
  });

  it('refuses a ticketUuid that is not a string', () => {
    expect(() => mount(document.createElement('div'), { apiUrl: API, widget: 'chat', ticketUuid: 42 as never })).toThrow(/ticketUuid/);
  });
});

describe('embedStylesheet', () => {
  it('turns rem into px, so the host page root font size does not scale the widget', () => {
    const css = embedStylesheet('.a { padding: 0.5rem 1rem; margin: -.25rem; width: calc(2rem + 1px); }');
    expect(css).toContain('.a { padding: 8px 16px; margin: -4px; width: calc(32px + 1px); }');
    expect(css).not.toMatch(/\drem\b/);
  });
});
