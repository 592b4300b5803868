import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Schema } from '../../../client';
import { expectNoA11yViolations } from '../../../test/a11y';
import { json } from '../../../test/provider-fakes';
import { renderSignedIn, type Routes } from '../../../test/signed-in';
import { contactListDto, sampleContactLists } from '../contact-list-story-data';
import type { ContactList } from '../contact-list-rules';
import { ContactLists } from './ContactLists';

const ADMIN = { profile: 'admin' as const, permissions: ['session:self', 'campaigns:manage'] satisfies Schema<'Permission'>[] };

/** An in-memory GET/POST/PUT/DELETE /contact-lists: by name, searched by name. */
function listsApi(initial: ContactList[] = sampleContactLists) {
  let rows = [...initial];
  const searches: string[] = [];
  const routes: Routes = {
    'GET /contact-lists': (request) => {
      const term = new URL(request.url).searchParams.get('searchParam') ?? '';
      searches.push(term);
      const found = rows.filter((l) => l.name.toLowerCase().includes(term));
      return json(200, { records: found, count: found.length, hasMore: false });
    },
    'POST /contact-lists': async (request) => {
      const body = (await request.json()) as { name: string };
      const row = contactListDto({ id: 50, name: body.name });
      rows.push(row);
      return json(201, row);
    },
    'PUT /contact-lists/2': async (request) => {
      const body = (await request.json()) as { name: string };
      rows = rows.map((l) => (l.id === 2 ? { ...l, name: body.name } : l));
      return json(
        200,
        rows.find((l) => l.id === 2),
      );
    },
    'DELETE /contact-lists/3': () => {
      rows = rows.filter((l) => l.id !== 3);
      return new Response(null, { status: 204 });
    },
    'GET /contact-lists/example-spreadsheet': () =>
      new Response(new Uint8Array([0x50, 0x4b, 3, 4]), {
        status: 200,
        headers: { 'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
      }),
  };
  return { routes, searches };
}

const renderPage = (routes: Routes, onOpenContacts = vi.fn()) => ({
  ...renderSignedIn(<ContactLists onOpenContacts={onOpenContacts} hrefForContacts={(l) => `/contact-lists/${l.id}/contacts`} />, routes, ADMIN),
  onOpenContacts,
});

describe('ContactLists (connected)', () => {
  it('lists GET /contact-lists and merges the ContactList events by id; axe-clean', async () => {
    const { container, emit } = renderPage(listsApi().routes);
    expect(await screen.findByRole('link', { name: 'Clientes SP' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Listas de Contatos (3)' })).toBeInTheDocument();
    await expectNoA11yViolations(container);

    emit('ContactList', { action: 'create', record: contactListDto({ id: 9, name: 'Aniversariantes', contactsCount: 4 }) });
    expect(await screen.findByRole('link', { name: 'Aniversariantes' })).toBeInTheDocument();
    // New at its place by name: first.
    expect(screen.getAllByRole('link').map((a) => a.textContent)[0]).toBe('Aniversariantes');
    emit('ContactList', { action: 'update', record: { ...sampleContactLists[0], contactsCount: 7 } });
    expect(await screen.findByText('7 contatos')).toBeInTheDocument();
    emit('ContactList', { action: 'delete', id: 2 });
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Fornecedores' })).toBeNull());
    expect(screen.getByRole('heading', { name: 'Listas de Contatos (3)' })).toBeInTheDocument();
  });

  it('searches lower-cased after the debounce', async () => {
    const api = listsApi();
    renderPage(api.routes);
    await screen.findByRole('link', { name: 'Clientes SP' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Pesquisar' }), 'FORN');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Clientes SP' })).toBeNull(), { timeout: 2000 });
    expect(api.searches).toEqual(['', 'forn']);
  });

  it('adds a list (POST) and renames one (PUT) in the modal', async () => {
    const { api: calls } = renderPage(listsApi().routes);
    await screen.findByRole('link', { name: 'Clientes SP' });
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar' }));
    let dialog = await screen.findByRole('dialog', { name: 'Nova lista de contatos' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Nome/ }), 'Black Friday');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByRole('link', { name: 'Black Friday' })).toBeInTheDocument();
    expect(calls.calls.filter((c) => c.method === 'POST').map((c) => JSON.parse(c.body))).toEqual([{ name: 'Black Friday' }]);

    await userEvent.click(screen.getByRole('button', { name: 'Editar Fornecedores' }));
    dialog = await screen.findByRole('dialog', { name: 'Editar lista de contatos' });
    const name = within(dialog).getByRole('textbox', { name: /^Nome/ });
    await userEvent.clear(name);
    await userEvent.type(name, 'Parceiros');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByRole('link', { name: 'Parceiros' })).toBeInTheDocument();
  });

  it('deletes after the confirmation, opens the contacts through the callback and downloads the example', async () => {
    const { onOpenContacts, api } = renderPage(listsApi().routes);
    await screen.findByRole('link', { name: 'Clientes SP' });
    await userEvent.click(screen.getByRole('link', { name: 'Clientes SP' }));
    expect(onOpenContacts).toHaveBeenCalledWith(sampleContactLists[0]);
    await userEvent.click(screen.getByRole('button', { name: /^Excluir Leads/ }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Excluir' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: /^Leads/ })).toBeNull());
    await userEvent.click(screen.getAllByRole('button', { name: 'Baixar planilha de exemplo' })[0]);
    await waitFor(() => expect(api.calls.some((c) => c.path === '/contact-lists/example-spreadsheet')).toBe(true));
  });
});
