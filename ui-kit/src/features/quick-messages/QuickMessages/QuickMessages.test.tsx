import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { File as NodeFile } from 'node:buffer';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { atendeKeys } from '../../../data/query-keys';
import { expectNoA11yViolations } from '../../../test/a11y';
import { ticketDto } from '../../../test/data-fixtures';
import { json } from '../../../test/provider-fakes';
import { renderSignedIn, type Routes } from '../../../test/signed-in';
import { Composer } from '../../chat/Composer/Composer';
import type { QuickMessage } from '../quick-message-rules';
import { quickDto } from '../story-data';
import { QuickMessages } from './QuickMessages';

/** A small in-memory API for quick messages: list (searched, 2 a page), usable list, create, update, delete, attachment. */
function quickApi(initial: QuickMessage[] = [], pageSize = 20) {
  let rows = [...initial];
  let nextId = 100;
  const uploads: { id: number; file: File | null; typeArch: unknown }[] = [];
  /** The query of each GET /quick-messages. */
  const searches: { searchParam: string | null; pageNumber: string | null }[] = [];
  const byCode = (a: QuickMessage, b: QuickMessage) => a.shortcode.localeCompare(b.shortcode);
  const idOf = (request: Request) => Number(new URL(request.url).pathname.split('/')[2]);
  const routes: Routes = {
    'GET /quick-messages': (request) => {
      const url = new URL(request.url);
      searches.push({ searchParam: url.searchParams.get('searchParam'), pageNumber: url.searchParams.get('pageNumber') });
      const term = url.searchParams.get('searchParam') ?? '';
      const page = Number(url.searchParams.get('pageNumber') ?? 1);
      const found = rows.filter((q) => q.shortcode.includes(term) || q.message.includes(term)).sort(byCode);
      const records = found.slice((page - 1) * pageSize, page * pageSize);
      return json(200, { records, count: found.length, hasMore: page * pageSize < found.length });
    },
    'GET /quick-messages/list': () => json(200, [...rows].sort(byCode)),
    'POST /quick-messages': async (request) => {
      const body = (await request.json()) as Partial<QuickMessage>;
      const row = quickDto({ id: nextId++, shortcode: body.shortcode, message: body.message ?? '', geral: Boolean(body.geral), userId: 7 });
      rows.push(row);
      return json(201, row);
    },
  };
  const single = (id: number): Routes => ({
    [`PUT /quick-messages/${id}`]: async (request) => {
      const body = (await request.json()) as Partial<QuickMessage>;
      rows = rows.map((q) => (q.id === id ? { ...q, ...body } : q));
      return json(
        200,
        rows.find((q) => q.id === id),
      );
    },
    [`DELETE /quick-messages/${id}`]: () => {
      rows = rows.filter((q) => q.id !== id);
      return json(204, undefined);
    },
    [`POST /quick-messages/${id}/media-upload`]: async (request) => {
      const form = await request.formData();
      const file = form.get('file') as File | null;
      uploads.push({ id: idOf(request), file, typeArch: form.get('typeArch') });
      rows = rows.map((q) => (q.id === id ? { ...q, mediaName: file?.name ?? null, mediaPath: `qm${id}-0123456789abcdef.pdf`, isMedia: true } : q));
      return json(
        201,
        rows.find((q) => q.id === id),
      );
    },
    [`DELETE /quick-messages/${id}/media-upload`]: () => {
      rows = rows.map((q) => (q.id === id ? { ...q, mediaName: null, mediaPath: null, isMedia: false } : q));
      return json(
        200,
        rows.find((q) => q.id === id),
      );
    },
  });
  const all: Routes = { ...routes };
  for (let id = 1; id < 110; id += 1) Object.assign(all, single(id));
  return { routes: all, uploads, searches, rows: () => rows };
}

const bodies = (calls: { method: string; path: string; body: string }[], key: string) =>
  calls.filter((c) => `${c.method} ${c.path}` === key).map((c) => (c.body ? (JSON.parse(c.body) as unknown) : undefined));

const row = (shortcode: string) => screen.getByRole('row', { name: new RegExp(`^/${shortcode}\\b`) });

describe('QuickMessages (connected)', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('lists the usable quick messages and is axe-clean', async () => {
    const api = quickApi([quickDto({ id: 1, shortcode: 'pix' }), quickDto({ id: 2, shortcode: 'bomdia', geral: true, userId: 1 })]);
    const { container } = renderSignedIn(<QuickMessages />, api.routes);
    expect(await screen.findByText('/pix')).toBeInTheDocument();
    expect(screen.getByText('/bomdia')).toBeInTheDocument();
    await expectNoA11yViolations(container);
  });

  it('searches lower-cased after the typing pauses, from page 1', async () => {
    const many = Array.from({ length: 3 }, (_, i) => quickDto({ id: i + 1, shortcode: `atalho${i + 1}` }));
    const api = quickApi([...many, quickDto({ id: 9, shortcode: 'bomdia' })], 2);
    const { container } = renderSignedIn(<QuickMessages />, api.routes);
    await screen.findByText('/atalho1');
    // Page 2 of the unsearched list is loaded first: the search must start again from page 1.
    const scroller = container.querySelector<HTMLElement>('.atd-Table-scroll')!;
    Object.defineProperty(scroller, 'scrollHeight', { value: 1000, configurable: true });
    Object.defineProperty(scroller, 'clientHeight', { value: 200, configurable: true });
    scroller.scrollTop = 750;
    fireEvent.scroll(scroller);
    await screen.findByText('/bomdia');
    expect(api.searches).toEqual([
      { searchParam: null, pageNumber: '1' },
      { searchParam: null, pageNumber: '2' },
    ]);

    await userEvent.type(screen.getByRole('searchbox', { name: 'Pesquisar' }), 'BOM');
    // Debounced: nothing searched while typing.
    expect(api.searches).toHaveLength(2);
    await waitFor(() => expect(screen.queryByText('/atalho1')).toBeNull());
    expect(await screen.findByText('/bomdia')).toBeInTheDocument();
    expect(api.searches.slice(2)).toEqual([{ searchParam: 'bom', pageNumber: '1' }]);
  });

  it('loads the next page when the table scrolls near its end', async () => {
    const many = Array.from({ length: 5 }, (_, i) => quickDto({ id: i + 1, shortcode: `atalho${i + 1}` }));
    const api = quickApi(many, 2);
    const { container } = renderSignedIn(<QuickMessages />, api.routes);
    await screen.findByText('/atalho2');
    expect(screen.queryByText('/atalho3')).toBeNull();
    const scroller = container.querySelector<HTMLElement>('.atd-Table-scroll')!;
    Object.defineProperty(scroller, 'scrollHeight', { value: 1000, configurable: true });
    Object.defineProperty(scroller, 'clientHeight', { value: 200, configurable: true });
    scroller.scrollTop = 750;
    fireEvent.scroll(scroller);
    expect(await screen.findByText('/atalho4')).toBeInTheDocument();
  });

  it('creates a shared quick message with an attachment: POST, then the file as multipart to media-upload', async () => {
    // jsdom's FormData and File do not cross into Node's Request (the one the fake API reads); a browser has one kind.
    const nodeForm = await new Response('a=1', { headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }).formData();
    vi.stubGlobal('FormData', nodeForm.constructor);
    const api = quickApi();
    const { api: fake } = renderSignedIn(<QuickMessages />, api.routes);
    await screen.findByText('Nenhuma resposta rápida encontrada');
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adicionar resposta rápida' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Atalho/ }), 'tabela');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Mensagem' }), 'Segue a tabela');
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Privado' }));
    const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
    Object.defineProperty(input, 'files', { configurable: true, value: [new NodeFile(['%PDF-1.4'], 'tabela.pdf', { type: 'application/pdf' })] });
    input.dispatchEvent(new Event('change', { bubbles: true }));
    await within(dialog).findByText('tabela.pdf');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodies(fake.calls, 'POST /quick-messages')).toEqual([{ shortcode: 'tabela', message: 'Segue a tabela', geral: true }]);
    expect(api.uploads).toHaveLength(1);
    expect(api.uploads[0].id).toBe(100);
    expect(api.uploads[0].file?.name).toBe('tabela.pdf');
    expect(await screen.findByText('Resposta rápida salva com sucesso')).toBeInTheDocument();
    const created = await waitFor(() => row('tabela'));
    expect(within(created).getByText('tabela.pdf')).toBeInTheDocument();
    expect(within(created).getByText('Geral')).toBeInTheDocument();
  });

  it('edits with PUT and removes the attachment with DELETE media-upload', async () => {
    const api = quickApi([
      quickDto({ id: 4, shortcode: 'boleto', message: 'Segue', mediaName: 'boleto.pdf', mediaPath: 'qm4-0123456789abcdef.pdf', isMedia: true }),
    ]);
    const { api: fake } = renderSignedIn(<QuickMessages />, api.routes);
    await screen.findByText('/boleto');
    await userEvent.click(within(row('boleto')).getByRole('button', { name: 'Editar boleto' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar resposta rápida' });
    const message = within(dialog).getByRole('textbox', { name: 'Mensagem' });
    await userEvent.clear(message);
    await userEvent.type(message, 'Segue o boleto');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remover anexo boleto.pdf' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodies(fake.calls, 'PUT /quick-messages/4')).toEqual([{ shortcode: 'boleto', message: 'Segue o boleto', geral: false }]);
    expect(fake.calls.filter((c) => c.method === 'DELETE' && c.path === '/quick-messages/4/media-upload')).toHaveLength(1);
    await waitFor(() => expect(within(row('boleto')).getByText('Sem anexo')).toBeInTheDocument());
  });

  it('deletes after the confirmation', async () => {
    const api = quickApi([quickDto({ id: 5, shortcode: 'obrigado' })]);
    const { api: fake } = renderSignedIn(<QuickMessages />, api.routes);
    await screen.findByText('/obrigado');
    await userEvent.click(screen.getByRole('button', { name: 'Excluir obrigado' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Excluir' }));
    await waitFor(() => expect(screen.queryByText('/obrigado')).toBeNull());
    expect(fake.calls.filter((c) => c.method === 'DELETE' && c.path === '/quick-messages/5')).toHaveLength(1);
    expect(await screen.findByText('Resposta rápida excluída com sucesso')).toBeInTheDocument();
  });

  it('without tickets-manager:showall: no switch, no geral sent, and no actions on shared ones of others', async () => {
    const api = quickApi([quickDto({ id: 1, shortcode: 'bomdia', geral: true, userId: 1 }), quickDto({ id: 2, shortcode: 'meu', userId: 7 })]);
    const { api: fake } = renderSignedIn(<QuickMessages />, api.routes, { profile: 'user', permissions: ['session:self'] });
    await screen.findByText('/bomdia');
    expect(within(row('bomdia')).queryByRole('button')).toBeNull();
    expect(within(row('meu')).getByRole('button', { name: 'Editar meu' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('switch')).toBeNull();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Atalho/ }), 'novo');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(bodies(fake.calls, 'POST /quick-messages')).toEqual([{ shortcode: 'novo', message: '' }]));
  });

  it('toasts an API error that is not a field error and keeps the modal open', async () => {
    const api = quickApi();
    const routes: Routes = { ...api.routes, 'POST /quick-messages': () => json(500, { error: 'ERR_SOMETHING_ELSE', message: 'Falhou no servidor' }) };
    renderSignedIn(<QuickMessages />, routes);
    await screen.findByText('Nenhuma resposta rápida encontrada');
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Atalho/ }), 'x');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Falhou no servidor')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Adicionar resposta rápida' })).toBeInTheDocument();
  });

  it('says so when the attachment upload fails after the save, and a second save updates the same one', async () => {
    const nodeForm = await new Response('a=1', { headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }).formData();
    vi.stubGlobal('FormData', nodeForm.constructor);
    const api = quickApi();
    const routes: Routes = {
      ...api.routes,
      'POST /quick-messages/100/media-upload': () => json(415, { error: 'ERR_UNSUPPORTED_MEDIA_TYPE', message: 'The attachment must be an image' }),
    };
    const { api: fake } = renderSignedIn(<QuickMessages />, routes);
    await screen.findByText('Nenhuma resposta rápida encontrada');
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Atalho/ }), 'zip');
    const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
    Object.defineProperty(input, 'files', { configurable: true, value: [new NodeFile(['PK'], 'a.zip', { type: 'application/zip' })] });
    input.dispatchEvent(new Event('change', { bubbles: true }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('A resposta foi salva, mas o anexo não foi enviado.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Editar resposta rápida' })).toBeInTheDocument();
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remover anexo a.zip' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fake.calls.filter((c) => c.method === 'POST' && c.path === '/quick-messages')).toHaveLength(1);
    expect(bodies(fake.calls, 'PUT /quick-messages/100')).toEqual([{ shortcode: 'zip', message: '', geral: false }]);
  });

  it('a quick message created, edited or deleted here reaches the composer’s / suggestions', async () => {
    const api = quickApi([quickDto({ id: 1, shortcode: 'pix', message: 'Chave 123' })]);
    const { probe } = renderSignedIn(
      <>
        <QuickMessages />
        <Composer ticket={ticketDto({ status: 'open' })} replyTo={null} editing={null} onCancelReply={() => {}} onCancelEdit={() => {}} onSent={() => {}} />
      </>,
      api.routes,
    );
    await screen.findByText('/pix');
    const composer = screen.getByRole('textbox', { name: 'Mensagem' });
    await waitFor(() => expect(probe.queryClient?.getQueryData(atendeKeys.quickMessages.usable())).toHaveLength(1));

    // Create.
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Atalho/ }), 'promo');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Mensagem' }), 'Promoção de março');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await userEvent.type(composer, '/pro');
    expect(await screen.findByRole('option', { name: '/promo - Promoção de março' })).toBeInTheDocument();
    await userEvent.clear(composer);

    // Edit.
    await userEvent.click(within(row('promo')).getByRole('button', { name: 'Editar promo' }));
    const edit = await screen.findByRole('dialog');
    const message = within(edit).getByRole('textbox', { name: 'Mensagem' });
    await userEvent.clear(message);
    await userEvent.type(message, 'Promoção de abril');
    await userEvent.click(within(edit).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await userEvent.type(composer, '/pro');
    expect(await screen.findByRole('option', { name: '/promo - Promoção de abril' })).toBeInTheDocument();
    await userEvent.clear(composer);

    // Delete.
    await userEvent.click(within(row('promo')).getByRole('button', { name: 'Excluir promo' }));
    await userEvent.click(within(await screen.findByRole('alertdialog', { name: 'Excluir /promo?' })).getByRole('button', { name: 'Excluir' }));
    await waitFor(() => expect(screen.queryByText('/promo')).toBeNull());
    await userEvent.type(composer, '/pro');
    await waitFor(() => expect(probe.queryClient?.getQueryData(atendeKeys.quickMessages.usable())).toHaveLength(1));
    expect(screen.queryByRole('option', { name: /promo/ })).toBeNull();
  }, 20_000);
});
