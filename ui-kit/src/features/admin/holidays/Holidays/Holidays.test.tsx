import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { File as NodeFile } from 'node:buffer';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Schema } from '../../../../client';
import { expectNoA11yViolations } from '../../../../test/a11y';
import { json } from '../../../../test/provider-fakes';
import { renderSignedIn, type Routes } from '../../../../test/signed-in';
import type { Holiday } from '../holiday-rules';
import { holidayDto, sampleHolidays, STORY_TODAY } from '../story-data';
import { Holidays } from './Holidays';

type Permission = Schema<'Permission'>;
const ADMIN = { profile: 'admin' as const, permissions: ['session:self', 'holidays:manage'] satisfies Permission[] };
const PAGE = 20;
const byDate = (a: Holiday, b: Holiday) => a.dateHoliday.localeCompare(b.dateHoliday) || a.id - b.id;

/** An in-memory GET/POST/PUT/DELETE /holidays with the API's rules: pages of 20 by date, 409 once sent, the image. */
function holidaysApi(initial: Holiday[] = sampleHolidays) {
  let rows = [...initial];
  let nextId = 100;
  const uploads: { id: number; name: string | undefined; type: string | undefined }[] = [];
  const pages: string[] = [];
  const idOf = (request: Request) => Number(new URL(request.url).pathname.split('/')[2]);
  const find = (id: number) => rows.find((h) => h.id === id);
  const refuseSent = (h: Holiday | undefined) =>
    !h ? json(404, { error: 'ERR_HOLIDAY_NOT_FOUND', message: 'gone' }) : h.sentAt ? json(409, { error: 'ERR_HOLIDAY_ALREADY_SENT', message: 'sent' }) : null;
  const routes: Routes = {
    'GET /holidays': (request) => {
      const url = new URL(request.url);
      const term = (url.searchParams.get('searchParam') ?? '').toLowerCase();
      const page = Number(url.searchParams.get('pageNumber') ?? 1);
      pages.push(`${term}#${page}`);
      const found = rows.filter((h) => h.name.toLowerCase().includes(term) || h.body.toLowerCase().includes(term)).sort(byDate);
      return json(200, { holidays: found.slice((page - 1) * PAGE, page * PAGE), count: found.length, hasMore: page * PAGE < found.length });
    },
    'POST /holidays': async (request) => {
      const body = (await request.json()) as Pick<Holiday, 'name' | 'body' | 'dateHoliday'>;
      const row = holidayDto({ ...body, id: nextId++ });
      rows.push(row);
      return json(201, row);
    },
  };
  const single = (id: number): Routes => ({
    [`PUT /holidays/${id}`]: async (request) => {
      const refused = refuseSent(find(id));
      if (refused) return refused;
      const body = (await request.json()) as Partial<Holiday>;
      rows = rows.map((h) => (h.id === id ? { ...h, ...body, status: 'PENDENTE' } : h));
      return json(200, find(id));
    },
    [`DELETE /holidays/${id}`]: () => {
      rows = rows.filter((h) => h.id !== id);
      return new Response(null, { status: 204 });
    },
    [`POST /holidays/${id}/media-upload`]: async (request) => {
      const refused = refuseSent(find(id));
      if (refused) return refused;
      const file = (await request.formData()).get('file') as File | null;
      uploads.push({ id: idOf(request), name: file?.name, type: file?.type });
      rows = rows.map((h) => (h.id === id ? { ...h, mediaName: file?.name ?? null, mediaPath: `h${id}.png` } : h));
      return json(201, find(id));
    },
    [`DELETE /holidays/${id}/media-upload`]: () => {
      rows = rows.map((h) => (h.id === id ? { ...h, mediaName: null, mediaPath: null } : h));
      return json(200, find(id));
    },
  });
  for (const id of [...rows.map((h) => h.id), 100, 101]) Object.assign(routes, single(id));
  return {
    routes,
    uploads,
    pages,
    rows: () => rows,
    /** What the sender (automation) would do: the holiday went out. */
    markSent: (id: number) => (rows = rows.map((h) => (h.id === id ? { ...h, status: 'ENVIADA', sentAt: '2026-12-25T12:00:00.000Z' } : h))),
  };
}

function renderTab(routes: Routes, user: Partial<Schema<'SessionUserDto'>> = ADMIN) {
  const utils = renderSignedIn(<Holidays today={STORY_TODAY} />, routes, user);
  const sent = (method: string, path: string) =>
    utils.api.calls.filter((c) => c.method === method && c.path === path).map((c) => (c.body ? (JSON.parse(c.body) as unknown) : undefined));
  return { ...utils, sent };
}

const monthList = () => screen.getByRole('region', { name: /^Feriados de / });
const loaded = () => screen.findByRole('button', { name: 'Natal, Pendente' });

beforeEach(async () => {
  // jsdom's FormData and File do not cross into Node's Request (the one the fake API reads); a browser has one kind.
  const nodeForm = await new Response('a=1', { headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }).formData();
  vi.stubGlobal('FormData', nodeForm.constructor);
});

describe('Holidays (connected)', () => {
  it('reads every page of GET /holidays onto the calendar; axe-clean', async () => {
    const many = Array.from({ length: 23 }, (_, i) =>
      holidayDto({ id: 200 + i, name: `Dia ${i + 1}`, dateHoliday: `2026-12-${String(i + 1).padStart(2, '0')}` }),
    );
    const api = holidaysApi(many);
    const { container } = renderTab(api.routes);
    // The 23rd comes with page 2.
    expect(await screen.findByRole('button', { name: 'Dia 23, Pendente' })).toBeInTheDocument();
    expect(api.pages).toEqual(['#1', '#2']);
    expect(within(monthList()).getAllByRole('listitem')).toHaveLength(23);
    await expectNoA11yViolations(container);
  });

  it('adds a holiday on a day with an image: POST with YYYY-MM-DD, then the PNG as multipart; the chip appears', async () => {
    const api = holidaysApi();
    const { sent } = renderTab(api.routes);
    await loaded();
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar feriado em terça-feira, 15 de dezembro de 2026' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adicionar feriado' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Nome/ }), 'Aniversário da cidade');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Mensagem/ }), 'Hoje é feriado municipal.');
    const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
    Object.defineProperty(input, 'files', { configurable: true, value: [new NodeFile([new Uint8Array([0x89, 0x50])], 'cidade.png', { type: 'image/png' })] });
    input.dispatchEvent(new Event('change', { bubbles: true }));
    await within(dialog).findByText('cidade.png');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent('POST', '/holidays')).toEqual([{ name: 'Aniversário da cidade', dateHoliday: '2026-12-15', body: 'Hoje é feriado municipal.' }]);
    expect(api.uploads).toEqual([{ id: 100, name: 'cidade.png', type: 'image/png' }]);
    expect(await screen.findByText('Operação realizada com sucesso!')).toBeInTheDocument();
    const day = screen.getByRole('button', { name: 'Adicionar feriado em terça-feira, 15 de dezembro de 2026' }).closest('td')!;
    expect(within(day).getByRole('button', { name: 'Aniversário da cidade, Pendente' })).toBeInTheDocument();
    // Only the first page was read: the answers went into the cache.
    expect(api.pages).toEqual(['#1']);
  });

  it('edits one (PUT), moving it to another day; a failed send is saved again to PENDENTE', async () => {
    const api = holidaysApi();
    const { sent } = renderTab(api.routes);
    await loaded();
    await userEvent.click(screen.getByRole('button', { name: 'Imaculada Conceição, Erro de envio' }));
    const dialog = await screen.findByRole('dialog', { name: 'Erro de Envio' });
    const date = within(dialog).getByLabelText(/^Data/);
    await userEvent.clear(date);
    await userEvent.type(date, '2026-12-09');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent('PUT', '/holidays/2')).toEqual([{ name: 'Imaculada Conceição', dateHoliday: '2026-12-09', body: 'Feriado municipal: voltamos amanhã.' }]);
    const ninth = screen.getByRole('button', { name: 'Adicionar feriado em quarta-feira, 9 de dezembro de 2026' }).closest('td')!;
    expect(await within(ninth).findByRole('button', { name: 'Imaculada Conceição, Pendente' })).toBeInTheDocument();
  });

  it('shows a sent holiday read-only; one sent while its dialog was open is refused with 409 in the dialog', async () => {
    const api = holidaysApi();
    renderTab(api.routes);
    await loaded();
    await userEvent.click(screen.getByRole('button', { name: 'Mês anterior' }));
    await userEvent.click(within(monthList()).getByRole('button', { name: /Finados, Enviado$/ }));
    const sentDialog = await screen.findByRole('dialog', { name: 'Feriado enviado' });
    expect(within(sentDialog).queryByRole('button', { name: 'Salvar' })).toBeNull();
    // The footer's 'Fechar' (the header's × is named the same).
    await userEvent.click(within(sentDialog).getAllByRole('button', { name: 'Fechar' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await userEvent.click(screen.getByRole('button', { name: 'Próximo mês' }));
    await userEvent.click(screen.getByRole('button', { name: 'Natal, Pendente' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar feriado' });
    api.markSent(4);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('Este feriado já foi enviado e não pode mais ser alterado.')).toBeInTheDocument();
  });

  it('deletes after the confirmation (from the list or the dialog); a refused delete is toasted and stays', async () => {
    const api = holidaysApi();
    const routes: Routes = { ...api.routes, 'DELETE /holidays/6': () => json(404, { error: 'ERR_HOLIDAY_NOT_FOUND', message: 'gone' }) };
    const { sent } = renderTab(routes);
    await loaded();
    await userEvent.click(screen.getByRole('button', { name: 'Excluir Véspera de Natal' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog', { name: 'Excluir o feriado Véspera de Natal?' })).getByRole('button', { name: 'Excluir' }),
    );
    expect(await screen.findByText('Feriado excluído.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Véspera de Natal, Pendente' })).toBeNull());
    expect(sent('DELETE', '/holidays/3')).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Véspera de Ano Novo, Pendente' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar feriado' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog', { name: 'Excluir o feriado Véspera de Ano Novo?' })).getByRole('button', { name: 'Excluir' }),
    );
    expect(await screen.findByText('Nenhum feriado encontrado com este ID.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Editar feriado' })).toBeInTheDocument();
    // Still on the calendar (behind the dialog, hidden from the accessibility tree while it is open).
    expect(screen.getByRole('button', { name: 'Véspera de Ano Novo, Pendente', hidden: true })).toBeInTheDocument();
  });

  it('searches (debounced) by name or message', async () => {
    const api = holidaysApi();
    renderTab(api.routes);
    await loaded();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Pesquisar feriados' }), 'novo');
    const results = await screen.findByRole('region', { name: 'Resultado da pesquisa' });
    await waitFor(() => expect(within(results).getAllByRole('listitem')).toHaveLength(2));
    expect(api.pages).toContain('novo#1');
  });

  it('without holidays:manage says so and calls nothing', async () => {
    const api = holidaysApi();
    const { sent } = renderTab(api.routes, { profile: 'user', permissions: ['session:self'] });
    expect(await screen.findByText('Somente administradores veem e alteram os feriados.')).toBeInTheDocument();
    expect(sent('GET', '/holidays')).toEqual([]);
  });
});
