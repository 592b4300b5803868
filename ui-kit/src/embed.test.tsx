import { act, fireEvent, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMBED_HOST_TAG, embedStylesheet, mount, type EmbedEvent, type EmbedHandle, type EmbedOptions } from './embed';
import { createMemoryStorage } from './provider/storage';
import { fakeApi, fakeSocketFactory, json, sessionUser } from './test/provider-fakes';

const API = 'http://api.test';
const handles: EmbedHandle[] = [];

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
  const mountInto = (options: Partial<EmbedOptions> = {}) => {
    const element = document.body.appendChild(document.createElement('div'));
    let handle!: EmbedHandle;
    act(() => {
      handle = mount(
        element,
        { apiUrl: API, widget: 'login', onEvent: (e) => events.push(e), ...options },
        { fetch: api.fetch, socketFactory: sockets.factory, storage },
      );
    });
    handles.push(handle);
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
  it('renders the widget inside a shadow root of its own element, with the kit CSS beside it', () => {
    const { element, shadow, view } = setup().mountInto();
    const host = element.querySelector(EMBED_HOST_TAG)!;
    expect(element.children).toHaveLength(1);
    expect(host.getAttribute('style')).toBe('display:block');
    expect(shadow.querySelector('style')!.textContent).toContain('.atd-embed { all: initial; display: block; }');
    expect(view.getByRole('heading', { name: 'Entrar' })).toBeInTheDocument();
    // The kit root and its portal host (toasts, dialogs, popovers) are in the shadow root, not the page.
    expect(shadow.querySelector('.atd-root .atd-portal')).not.toBeNull();
    expect(document.querySelector('.atd-root')).toBeNull();
  });

  it('accepts a selector and refuses what it cannot mount', () => {
    const { mountInto } = setup();
    mountInto();
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
    const a = mountInto();
    const b = mountInto();
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

  it('refuses a second live mount on the same storageKeyPrefix, and allows it after unmount', () => {
    const { mountInto } = setup();
    const first = mountInto({ storageKeyPrefix: 'partner:' });
    expect(() => mountInto({ storageKeyPrefix: 'partner:' })).toThrow(/already uses storageKeyPrefix 'partner:'/);
    act(() => first.handle.unmount());
    expect(() => mountInto({ storageKeyPrefix: 'partner:' })).not.toThrow();
  });

  it('update() switches widget, language and theme in place', async () => {
    const { mountInto } = setup();
    const { handle, shadow, view } = mountInto();
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
    const { handle, view } = mountInto();
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
    const quiet = mountInto();
    await quiet.view.findByRole('heading', { name: 'Entrar' });
    expect(document.activeElement).toBe(pageInput);
    expect(quiet.shadow.activeElement).toBeNull();

    await userEvent.setup().click(quiet.view.getByRole('link', { name: /cadastre-se/i }));
    const companyName = await quiet.view.findByRole('textbox', { name: 'Nome da empresa' });
    await waitFor(() => expect(quiet.shadow.activeElement).toBe(companyName));

    pageInput.focus();
    const eager = mountInto({ autoFocus: true });
    await waitFor(() => expect(eager.shadow.activeElement).toBe(eager.view.getByRole('textbox', { name: /email/i })));
  });

  it('asks for a login before the profile, then opens it', async () => {
    const { mountInto } = setup();
    const { view } = mountInto({ widget: 'profile' });
    await logIn(view, 'ana@example.com');
    expect(await view.findByRole('dialog')).toBeInTheDocument();
  });

  it('unmount() closes the socket, removes the element and frees the prefix; update() after it throws', async () => {
    const { sockets, storage, events, mountInto } = setup();
    const onLogout = vi.fn();
    const { element, handle, view } = mountInto({ onLogout });
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
    const { view } = mountInto({ onLogout });
    await logIn(view, 'ana@example.com');
    await userEvent.setup().click(await view.findByRole('button', { name: 'Sair' }));
    expect(await view.findByRole('heading', { name: 'Entrar' })).toBeInTheDocument();
    expect(onLogout).toHaveBeenCalledWith('user');
    expect(events).toContainEqual({ type: 'logout', reason: 'user' });
  });
});

describe('embedStylesheet', () => {
  it('turns rem into px, so the host page root font size does not scale the widget', () => {
    const css = embedStylesheet('.a { padding: 0.5rem 1rem; margin: -.25rem; width: calc(2rem + 1px); }');
    expect(css).toContain('.a { padding: 8px 16px; margin: -4px; width: calc(32px + 1px); }');
    expect(css).not.toMatch(/\drem\b/);
  });
});
