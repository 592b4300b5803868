import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { File as NodeFile } from 'node:buffer';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Schema } from '../../../client';
import { expectNoA11yViolations } from '../../../test/a11y';
import { json } from '../../../test/provider-fakes';
import { renderSignedIn, type Routes } from '../../../test/signed-in';
import { contactListDto, contactListItemDto, sampleContactListItems } from '../contact-list-story-data';
import type { ContactListItem } from '../contact-list-rules';
import { ContactListItems } from './ContactListItems';

const ADMIN = { profile: 'admin' as const, permissions: ['session:self', 'campaigns:manage'] satisfies Schema<'Permission'>[] };

/** An in-memory list 1 with its contacts: GET/POST/PUT/DELETE /contact-list-items, the upload answering an importId. */
function itemsApi(initial: ContactListItem[] = sampleContactListItems) {
  let rows = [...initial];
  const reads: string[] = [];
  const uploads: (string | undefined)[] = [];
  const routes: Routes = {
    'GET /contact-lists/1': () => json(200, contactListDto({ id: 1, name: 'Clientes SP', contactsCount: rows.length })),
    'GET /contact-list-items': (request) => {
      const url = new URL(request.url);
      const term = url.searchParams.get('searchParam') ?? '';
      reads.push(`${url.searchParams.get('contactListId')}:${term}`);
      const found = rows.filter((i) => i.name.toLowerCase().includes(term) || i.number.includes(term));
      return json(200, { contacts: found, count: found.length, hasMore: false });
    },
    'POST /contact-list-items': async (request) => {
      const body = (await request.json()) as { name: string; number: string; email: string | null };
      if (rows.some((r) => r.number === body.number)) {
        return json(409, {
          error: 'ERR_CONTACT_LIST_ITEM_DUPLICATED',
          message: 'dup',
          fields: [{ field: 'number', messages: ['This number is already in the list'] }],
        });
      }
      // As the API answers: an item without an e-mail has ''.
      const row = contactListItemDto({ ...body, email: body.email ?? '', id: 77 });
      rows.push(row);
      return json(201, row);
    },
    'POST /contact-lists/1/upload': async (request) => {
      const file = (await request.formData()).get('file') as File | null;
      uploads.push(file?.name);
      return json(202, { importId: 'imp-1', contactListId: 1 });
    },
  };
  return { routes, reads, uploads, add: (row: ContactListItem) => (rows = [...rows, row]) };
}

const renderPage = (routes: Routes) => {
  const onBack = vi.fn();
  return { ...renderSignedIn(<ContactListItems contactListId={1} onBack={onBack} backHref="/contact-lists" />, routes, ADMIN), onBack };
};

beforeEach(async () => {
  // jsdom's FormData and File do not cross into Node's Request (the one the fake API reads); a browser has one kind.
  const nodeForm = await new Response('a=1', { headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }).formData();
  vi.stubGlobal('FormData', nodeForm.constructor);
});

describe('ContactListItems (connected)', () => {
  it("shows the list's name and contacts, live by id from the ContactListItem events; axe-clean", async () => {
    const { container, emit } = renderPage(itemsApi().routes);
    expect(await screen.findByRole('heading', { name: 'Clientes SP (3)' })).toBeInTheDocument();
    await expectNoA11yViolations(container);
    emit('ContactListItem', { action: 'update', record: { ...sampleContactListItems[2], isWhatsappValid: true } });
    const carla = screen.getByRole('row', { name: /Carla Dias/ });
    await waitFor(() => expect(within(carla).getByRole('img', { name: 'Tem WhatsApp' })).toBeInTheDocument());
    emit('ContactListItem', { action: 'delete', id: 12, contactListId: 1 });
    await waitFor(() => expect(screen.queryByRole('row', { name: /Bruno Costa/ })).toBeNull());
    // Another list's contact does not land here.
    emit('ContactListItem', { action: 'create', record: contactListItemDto({ id: 90, name: 'Outra Lista', contactListId: 2 }) });
    expect(screen.queryByRole('row', { name: /Outra Lista/ })).toBeNull();
  });

  it('imports a spreadsheet: the progress bar follows the events, then the summary lists the invalid lines and the contacts reload', async () => {
    const api = itemsApi();
    const { emit } = renderPage(api.routes);
    await screen.findByRole('heading', { name: 'Clientes SP (3)' });
    const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
    Object.defineProperty(input, 'files', { configurable: true, value: [new NodeFile([new Uint8Array([0x50, 0x4b, 3, 4])], 'contatos.xlsx')] });
    input.dispatchEvent(new Event('change', { bubbles: true }));
    await waitFor(() => expect(api.uploads).toEqual(['contatos.xlsx']));
    const bar = await screen.findByRole('progressbar', { name: 'Importando contatos' });
    emit('contactListImport', { action: 'progress', importId: 'imp-1', contactListId: 1, total: 1000, processed: 500, added: 498, updated: 0, invalid: 2 });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '500'));
    expect(bar).toHaveAttribute('aria-valuetext', '500 de 1.000 linhas');
    expect(screen.getByRole('button', { name: 'Importar' })).toBeDisabled();

    api.add(contactListItemDto({ id: 40, name: 'Daniel Importado', number: '5511900000040' }));
    emit('contactListImport', {
      action: 'done',
      importId: 'imp-1',
      contactListId: 1,
      total: 1000,
      processed: 1000,
      added: 997,
      updated: 0,
      invalid: 3,
      errors: [
        { line: 7, field: 'number', message: 'Too Short!' },
        { line: 9, field: 'email', message: 'Invalid email' },
        { line: 12, field: 'name', message: 'Obrigatório' },
      ],
    });
    emit('ContactListItem', { action: 'reload', contactListId: 1 });
    expect(await screen.findByText('997 adicionados, 0 atualizados, 3 linhas inválidas.')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Linha 7Número: Muito curto!',
      'Linha 9E-mail: E-mail inválido',
      'Linha 12Nome: Obrigatório',
    ]);
    expect(await screen.findByRole('row', { name: /Daniel Importado/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Importar' })).toBeEnabled();
    await userEvent.click(screen.getByRole('button', { name: 'Fechar o resumo da importação' }));
    expect(screen.queryByText('997 adicionados, 0 atualizados, 3 linhas inválidas.')).toBeNull();
  });

  it('adds a contact (digits of the number, blank e-mail as none); a number already in the list stays on its field', async () => {
    const { api } = renderPage(itemsApi().routes);
    await screen.findByRole('heading', { name: 'Clientes SP (3)' });
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar' }));
    let dialog = await screen.findByRole('dialog', { name: 'Adicionar contato' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Nome/ }), 'Eva');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Número/ }), '+55 (11) 98765-0001');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('This number is already in the list')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));

    await userEvent.click(screen.getByRole('button', { name: 'Adicionar' }));
    dialog = await screen.findByRole('dialog', { name: 'Adicionar contato' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Nome/ }), 'Eva');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Número/ }), '+55 (11) 98765-0099');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByRole('row', { name: /Eva/ })).toBeInTheDocument();
    const posted = api.calls.filter((c) => c.method === 'POST' && c.path === '/contact-list-items').map((c) => JSON.parse(c.body));
    expect(posted.at(-1)).toEqual({ name: 'Eva', number: '5511987650099', email: null, contactListId: 1 });
  });

  it('says why an upload was refused (415), and another file may be tried', async () => {
    const api = itemsApi();
    api.routes['POST /contact-lists/1/upload'] = () =>
      json(415, { error: 'ERR_UNSUPPORTED_MEDIA_TYPE', message: 'The file must be an xls or xlsx spreadsheet' });
    renderPage(api.routes);
    await screen.findByRole('heading', { name: 'Clientes SP (3)' });
    const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
    Object.defineProperty(input, 'files', { configurable: true, value: [new NodeFile(['nome;numero'], 'disfarcado.xlsx')] });
    input.dispatchEvent(new Event('change', { bubbles: true }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('A importação falhou');
    expect(screen.getByRole('button', { name: 'Importar' })).toBeEnabled();
  });

  it('goes back through the callback', async () => {
    const { onBack } = renderPage(itemsApi().routes);
    await userEvent.click(await screen.findByRole('link', { name: 'Voltar para as listas de contatos' }));
    expect(onBack).toHaveBeenCalled();
  });
});
