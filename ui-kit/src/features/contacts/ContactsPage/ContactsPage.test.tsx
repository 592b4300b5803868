import { screen, waitFor, within, fireEvent } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Schema } from '../../../client';
import { expectNoA11yViolations } from '../../../test/a11y';
import { contactDto, ticketDto } from '../../../test/data-fixtures';
import { json } from '../../../test/provider-fakes';
import { renderSignedIn, type Routes } from '../../../test/signed-in';
import { ContactsPage } from './ContactsPage';

type ContactDto = Schema<'ContactDto'>;

/** GET /contacts over `all` as the API does it: by name, the search on the name (lower-cased) or the number, 20 a page. */
function contactsRoute(all: () => ContactDto[]) {
  return (request: Request) => {
    const query = new URL(request.url).searchParams;
    const term = query.get('searchParam') ?? '';
    const page = Number(query.get('pageNumber') ?? 1);
    const found = all()
      .filter((c) => c.name.toLowerCase().includes(term) || (/\d/.test(term) && c.number.includes(term)))
      .sort((a, b) => a.name.localeCompare(b.name));
    return json(200, { contacts: found.slice((page - 1) * 20, page * 20), count: found.length, countCapped: false, hasMore: page * 20 < found.length });
  };
}

const maria = contactDto({ id: 1, name: 'Maria Souza', number: '5511999990001', email: 'maria@example.com' });
const joao = contactDto({ id: 2, name: 'João; "Zé" Pereira', number: '5511999990002', email: '' });

function renderPage(routes: Routes = {}, user: Parameters<typeof renderSignedIn>[2] = {}, contacts: ContactDto[] = [maria, joao]) {
  const onOpenTicket = vi.fn();
  const utils = renderSignedIn(
    <ContactsPage onOpenTicket={onOpenTicket} />,
    { 'GET /contacts': contactsRoute(() => contacts), ...routes },
    {
      permissions: ['session:self', 'tickets-manager:showall', 'contacts-page:deleteContact'],
      ...user,
    },
  );
  return { ...utils, onOpenTicket };
}

const contactCalls = (api: ReturnType<typeof renderPage>['api']) => api.calls.filter((c) => c.method === 'GET' && c.path === '/contacts');

afterEach(() => {
  vi.restoreAllMocks();
});

describe('ContactsPage (connected)', () => {
  it('lists the contacts and is accessible', async () => {
    const { container } = renderPage();
    expect(await screen.findByRole('rowheader', { name: /Maria Souza/ })).toBeInTheDocument();
    expect(screen.getByText('2 contatos')).toBeInTheDocument();
    await expectNoA11yViolations(container);
  });

  it('says "Mais de 1000 contatos" when the API stopped counting', async () => {
    renderPage({ 'GET /contacts': () => json(200, { contacts: [maria, joao], count: 1000, countCapped: true, hasMore: true }) });
    expect(await screen.findByText('Mais de 1000 contatos')).toBeInTheDocument();
  });

  it('searches once, 500 ms after the typing stopped', async () => {
    const { api } = renderPage();
    await screen.findByRole('rowheader', { name: /Maria Souza/ });
    const calls = contactCalls(api).length;
    await userEvent.type(screen.getByRole('searchbox', { name: 'Pesquisar contatos' }), 'MARIA');
    // Typing is faster than the debounce: nothing was asked yet.
    expect(contactCalls(api)).toHaveLength(calls);
    // One request, for the whole word, once typing stopped.
    await waitFor(() => expect(contactCalls(api)).toHaveLength(calls + 1), { timeout: 2000 });
    expect(await screen.findByRole('rowheader', { name: /Maria Souza/ })).toBeInTheDocument();
    expect(screen.queryByRole('rowheader', { name: /João/ })).toBeNull();
    expect(screen.getByText('1 contato')).toBeInTheDocument();
  });

  it('sends searchParam lower-cased', async () => {
    const seen: (string | null)[] = [];
    renderPage({
      'GET /contacts': (request) => {
        seen.push(new URL(request.url).searchParams.get('searchParam'));
        return contactsRoute(() => [maria, joao])(request);
      },
    });
    await screen.findByRole('rowheader', { name: /Maria Souza/ });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Pesquisar contatos' }), 'SouZA');
    await waitFor(() => expect(seen).toContain('souza'), { timeout: 2000 });
    expect(seen).toEqual([null, 'souza']);
  });

  it('loads the next page when scrolled near the bottom', async () => {
    const many = Array.from({ length: 45 }, (_, i) => contactDto({ id: i + 1, name: `Contato ${String(i + 1).padStart(2, '0')}`, number: `55119999${i}0000` }));
    const { container } = renderPage({}, {}, many);
    await screen.findByRole('rowheader', { name: /Contato 20/ });
    expect(screen.queryByRole('rowheader', { name: /Contato 21/ })).toBeNull();
    const scroller = container.querySelector('.atd-Table-scroll') as HTMLElement;
    Object.defineProperties(scroller, { scrollHeight: { value: 2000 }, clientHeight: { value: 500 } });
    scroller.scrollTop = 1450;
    fireEvent.scroll(scroller);
    expect(await screen.findByRole('rowheader', { name: /Contato 40/ })).toBeInTheDocument();
  });

  it('adds a contact (POST /contacts) that appears in the list, with a toast', async () => {
    const all = [maria, joao];
    const routes: Routes = {
      'GET /contacts': contactsRoute(() => all),
      'POST /contacts': async (request) => {
        const body = (await request.json()) as Schema<'CreateContactDto'>;
        expect(body).toEqual({ name: 'Ana Lima', number: '5511988887777', email: null, extraInfo: [{ name: 'Cidade', value: 'Campinas' }] });
        const created = contactDto({ id: 3, name: body.name, number: body.number });
        all.push(created);
        return json(201, created);
      },
    };
    renderPage(routes);
    await screen.findByRole('rowheader', { name: /Maria Souza/ });
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar Contato' }));
    const dialog = screen.getByRole('dialog', { name: 'Adicionar contato' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Nome' }), 'Ana Lima');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Número do WhatsApp' }), '5511988887777');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Adicionar informação' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Nome do campo' }), 'Cidade');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Valor' }), 'Campinas');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Contato salvo com sucesso!')).toBeInTheDocument();
    expect(await screen.findByRole('rowheader', { name: /Ana Lima/ })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Adicionar contato' })).toBeNull();
  });

  it("keeps the form open with the API's field error (a number already saved)", async () => {
    renderPage({
      'POST /contacts': () =>
        json(409, {
          error: 'ERR_DUPLICATED_CONTACT',
          message: 'dup',
          statusCode: 409,
          fields: [{ field: 'number', messages: ['Já existe um contato com este número.'] }],
        }),
    });
    await screen.findByRole('rowheader', { name: /Maria Souza/ });
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar Contato' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Nome' }), 'Outra Maria');
    await userEvent.type(screen.getByRole('textbox', { name: 'Número do WhatsApp' }), '5511999990001');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Já existe um contato com este número.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Adicionar contato' })).toBeInTheDocument();
  });

  it('edits a contact with its extra info read from GET /contacts/{id} (PUT), and the row changes', async () => {
    let current = maria;
    renderPage({
      'GET /contacts/1': () => json(200, { ...maria, extraInfo: [{ id: 5, name: 'CPF', value: '123' }] }),
      'PUT /contacts/1': async (request) => {
        const body = (await request.json()) as Schema<'UpdateContactDto'>;
        expect(body).toEqual({ name: 'Maria Souza Lima', number: '5511999990001', email: 'maria@example.com', extraInfo: [{ name: 'CPF', value: '123' }] });
        current = { ...maria, name: 'Maria Souza Lima', extraInfo: [{ id: 5, name: 'CPF', value: '123' }] };
        return json(200, current);
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Editar Maria Souza' }));
    const dialog = screen.getByRole('dialog', { name: 'Editar contato' });
    expect(await within(dialog).findByRole('textbox', { name: 'Nome do campo' })).toHaveValue('CPF');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Nome' }), ' Lima');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByRole('rowheader', { name: /Maria Souza Lima/ })).toBeInTheDocument();
    expect(screen.getByText('Contato salvo com sucesso!')).toBeInTheDocument();
  });

  it('deletes with the permission (DELETE /contacts/{id}), the row goes, with a toast', async () => {
    const { api } = renderPage({ 'DELETE /contacts/1': () => json(204, undefined) });
    await userEvent.click(await screen.findByRole('button', { name: 'Excluir Maria Souza' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText('Contato excluído com sucesso!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: /Maria Souza/ })).toBeNull());
    expect(api.calls.some((c) => c.method === 'DELETE' && c.path === '/contacts/1')).toBe(true);
  });

  it('offers no delete without contacts-page:deleteContact', async () => {
    renderPage({}, { profile: 'user', permissions: ['session:self'] });
    await screen.findByRole('rowheader', { name: /Maria Souza/ });
    expect(screen.queryByRole('button', { name: /^Excluir/ })).toBeNull();
  });

  it('shows a contact created or changed elsewhere (contact event)', async () => {
    const { emit } = renderPage();
    await screen.findByRole('rowheader', { name: /Maria Souza/ });
    emit('contact', { action: 'update', contact: contactDto({ id: 9, name: 'Beatriz Nova', number: '5511977776666' }) });
    expect(await screen.findByRole('rowheader', { name: /Beatriz Nova/ })).toBeInTheDocument();
    emit('contact', { action: 'update', contact: { ...maria, name: 'Maria Renomeada' } });
    expect(await screen.findByRole('rowheader', { name: /Maria Renomeada/ })).toBeInTheDocument();
  });

  it('imports from the phone: running while POST /contacts/import runs, then the count; the list is refetched', async () => {
    let finish: (r: Response) => void = () => {};
    const { api } = renderPage({ 'POST /contacts/import': () => new Promise<Response>((resolve) => (finish = resolve)) });
    await screen.findByRole('rowheader', { name: /Maria Souza/ });
    await userEvent.click(screen.getByRole('button', { name: 'Importar Contatos' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Importar' }));
    expect(await screen.findByRole('progressbar', { name: 'Importando contatos do telefone...' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Importar Contatos' })).toBeDisabled();
    const before = contactCalls(api).length;
    finish(json(200, { created: 3, existing: 1, skipped: 0 }));
    expect(await screen.findByText('3 contatos importados')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('1 já cadastrados; 0 ignorados (número inválido).');
    expect(contactCalls(api).length).toBeGreaterThan(before);
    expect(JSON.parse(api.calls.find((c) => c.path === '/contacts/import')!.body)).toEqual({});
  });

  it('shows why an import failed', async () => {
    renderPage({ 'POST /contacts/import': () => json(404, { error: 'ERR_NO_WAPP_FOUND', message: 'no', statusCode: 404 }) });
    await screen.findByRole('rowheader', { name: /Maria Souza/ });
    await userEvent.click(screen.getByRole('button', { name: 'Importar Contatos' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Importar' }));
    expect(await screen.findByText('A importação não foi concluída: Nenhum WhatsApp encontrado com este ID.')).toBeInTheDocument();
  });

  it('exports every contact of the search as CSV: semicolons, name, number, email', async () => {
    const many = Array.from({ length: 25 }, (_, i) =>
      contactDto({ id: i + 10, name: `Pessoa ${String(i).padStart(2, '0')}`, number: `5511900000${String(i).padStart(3, '0')}` }),
    );
    const blobs: Blob[] = [];
    const names: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:contacts';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    renderPage({}, {}, [maria, joao, ...many]);
    await screen.findByRole('rowheader', { name: /Maria Souza/ });
    await userEvent.click(screen.getByRole('button', { name: 'Exportar Contatos' }));
    await waitFor(() => expect(blobs).toHaveLength(1));
    expect(names).toEqual(['contatos.csv']);
    const bytes = new Uint8Array(await blobs[0].arrayBuffer());
    // UTF-8 with its byte order mark, for spreadsheets.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).split('\r\n');
    expect(lines[0]).toBe('name;number;email');
    // All 27 contacts, across both pages, in the API's order.
    expect(lines).toHaveLength(28);
    expect(lines).toContain('Maria Souza;5511999990001;maria@example.com');
    expect(lines).toContain('"João; ""Zé"" Pereira";5511999990002;');
    expect(lines).toContain('Pessoa 24;5511900000024;');
  });

  it('creates a ticket from a contact (POST /tickets) and opens it', async () => {
    const created = ticketDto({ id: 55, uuid: 'uuid-55', status: 'open', contactId: 1, contact: maria });
    const { api, onOpenTicket } = renderPage(
      { 'POST /tickets': () => json(201, created), 'GET /whatsapp': () => json(200, []) },
      {
        profile: 'user',
        permissions: ['session:self'],
        queues: [
          { id: 1, name: 'Suporte', color: '#000' },
          { id: 2, name: 'Vendas', color: '#111' },
        ] as Schema<'SessionUserDto'>['queues'],
      },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Criar ticket para Maria Souza' }));
    const dialog = screen.getByRole('dialog', { name: 'Criar ticket' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Criar ticket' }));
    expect(within(dialog).getByText('Selecione uma fila')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: /Fila/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Vendas' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Criar ticket' }));
    await waitFor(() => expect(onOpenTicket).toHaveBeenCalledWith('uuid-55'));
    expect(JSON.parse(api.calls.find((c) => c.method === 'POST' && c.path === '/tickets')!.body)).toEqual({
      contactId: 1,
      queueId: 2,
      whatsappId: null,
      userId: 7,
      status: 'open',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Criar ticket' })).toBeNull());
  });

  it('shows ERR_OTHER_OPEN_TICKET in the dialog, which stays open', async () => {
    const { onOpenTicket } = renderPage({
      'POST /tickets': () => json(409, { error: 'ERR_OTHER_OPEN_TICKET', message: 'open', statusCode: 409 }),
      'GET /queue': () => json(200, []),
      'GET /whatsapp': () => json(200, []),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Criar ticket para Maria Souza' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Criar ticket' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Já existe um tíquete aberto para este contato.');
    expect(screen.getByRole('dialog', { name: 'Criar ticket' })).toBeInTheDocument();
    expect(onOpenTicket).not.toHaveBeenCalled();
  });

  it("offers no 'create ticket' without createTicket 'habilitado'", async () => {
    renderPage({}, { createTicket: 'desabilitado' });
    await screen.findByRole('rowheader', { name: /Maria Souza/ });
    expect(screen.queryByRole('button', { name: /Criar ticket/ })).toBeNull();
  });
});
