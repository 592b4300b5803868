import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Schema } from '../../../../client';
import { json } from '../../../../test/provider-fakes';
import { renderSignedIn, type Routes } from '../../../../test/signed-in';
import { sampleConnections, sampleQueues, sampleUsers, userDto, userPage } from '../story-data';
import type { User } from '../user-rules';
import { Users } from './Users';

type Permission = Schema<'Permission'>;
type Company = Schema<'SessionUserDto'>['company'];

const company = (users: number) => ({ id: 3, name: 'Empresa 3', plan: { id: 1, name: 'Completo', users } }) as Company;
const ADMIN = {
  id: 7,
  profile: 'admin' as const,
  permissions: ['session:self', 'users:read', 'users:write', 'user-modal:editProfile', 'user-modal:editQueues'] satisfies Permission[],
  company: company(10),
};
const ATTENDANT = { id: 2, profile: 'user' as const, permissions: ['session:self', 'users:read'] satisfies Permission[] };

/** Later than every sample's updatedAt: the cache takes a copy only if it is not older than the one it holds. */
const later = (minute: number) => `2026-03-14T14:${String(minute).padStart(2, '0')}:00.000Z`;

/** A fake GET /users over `store` (20 a page, by name; searchParam on name or e-mail), with the queues and connections. */
function usersApi(extra: Routes = {}, initial: User[] = sampleUsers) {
  const store = { users: [...initial], queries: [] as Record<string, string>[] };
  const routes: Routes = {
    'GET /users': (request) => {
      const query = Object.fromEntries(new URL(request.url).searchParams);
      store.queries.push(query);
      const term = (query.searchParam ?? '').toLowerCase();
      const matching = store.users.filter((u) => !term || u.name.toLowerCase().includes(term) || u.email.includes(term));
      const page = Number(query.pageNumber ?? 1);
      const users = matching.slice((page - 1) * 20, page * 20);
      return json(200, userPage(users, page * 20 < matching.length, matching.length));
    },
    'GET /queue': () => json(200, sampleQueues),
    'GET /whatsapp': () => json(200, sampleConnections),
    ...extra,
  };
  return { routes, store };
}

function renderPage(routes: Routes, user: Partial<Schema<'SessionUserDto'>> = ADMIN) {
  const utils = renderSignedIn(<Users />, routes, user);
  const sent = (method: string, path: string) =>
    utils.api.calls.filter((c) => c.method === method && c.path === path).map((c) => (c.body ? (JSON.parse(c.body) as unknown) : undefined));
  const listFetches = () => sent('GET', '/users').length;
  return { ...utils, sent, listFetches };
}

const row = (name: string) => screen.getByRole('row', { name: new RegExp(`^${name}\\b`) });
/** The names in the table, in order (read from the DOM: an open dialog hides the page from the accessibility tree). */
const names = () => [...document.querySelectorAll('.atd-Users-table tbody .atd-Users-nameValue')].map((n) => n.textContent);
const toastTexts = () => [...document.querySelectorAll('.atd-Toast-title')].map((t) => t.textContent);
const loaded = () => screen.findByRole('row', { name: /^Bruno Lima\b/ });

async function openAdd() {
  await userEvent.click(screen.getAllByRole('button', { name: 'Adicionar usuário' })[0]);
  const dialog = await screen.findByRole('dialog', { name: 'Adicionar usuário' });
  await userEvent.type(within(dialog).getByRole('textbox', { name: /Nome/ }), 'Paula Nunes');
  await userEvent.type(within(dialog).getByRole('textbox', { name: /Email/ }), 'paula@empresa.com.br');
  await userEvent.type(within(dialog).getByLabelText(/^Senha/, { selector: 'input' }), 'segredo1');
  return dialog;
}

describe('Users (connected)', () => {
  describe('the list, live', () => {
    it("shows GET /users with the queues as chips and the plan's usage", async () => {
      const { listFetches } = renderPage(usersApi().routes);
      await loaded();
      expect(screen.getByRole('heading', { level: 2, name: 'Usuários' })).toBeInTheDocument();
      expect(names()).toEqual(['Ana Administradora', 'Bruno Lima', 'Carla Dias', 'Diego Martins', 'Elisa Rocha']);
      expect([...row('Carla Dias').querySelectorAll('.atd-Chip')].map((c) => c.textContent)).toEqual(['Financeiro', 'Suporte', 'Vendas']);
      expect(within(row('Ana Administradora')).getByText('você')).toBeInTheDocument();
      expect(screen.getByText('5 de 10 usuários do plano Completo')).toBeInTheDocument();
      expect(listFetches()).toBe(1);
    });

    it('loads the next page when the table is scrolled near its end', async () => {
      const many = Array.from({ length: 25 }, (_, i) => userDto({ id: 100 + i, name: `Usuário ${String(i + 1).padStart(2, '0')}`, email: `u${i}@x.com` }));
      const api = usersApi({}, many);
      renderPage(api.routes);
      await screen.findByRole('row', { name: /^Usuário 01\b/ });
      expect(names()).toHaveLength(20);
      fireEvent.scroll(document.querySelector('.atd-Users-table')!);
      await waitFor(() => expect(names()).toHaveLength(25));
      expect(api.store.queries.map((q) => q.pageNumber)).toEqual(['1', '2']);
    });

    it('searches once the typing stops (500 ms), and says when nothing matches', async () => {
      const api = usersApi();
      renderPage(api.routes);
      await loaded();
      await userEvent.type(screen.getByRole('searchbox', { name: 'Pesquisar usuários' }), 'bru');
      await waitFor(() => expect(names()).toEqual(['Bruno Lima']));
      expect(api.store.queries.map((q) => q.searchParam)).toEqual([undefined, 'bru']);

      await userEvent.type(screen.getByRole('searchbox', { name: 'Pesquisar usuários' }), 'xx');
      expect(await screen.findByRole('heading', { name: 'Nenhum usuário encontrado para “bruxx”' })).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Limpar pesquisa' }));
      await waitFor(() => expect(names()).toHaveLength(5));
      // The unsearched list was still in the cache: no new request for it.
      expect(api.store.queries.map((q) => q.searchParam)).toEqual([undefined, 'bru', 'bruxx']);
    });

    it('user events add, change and remove rows without a refetch', async () => {
      const { emit, listFetches } = renderPage(usersApi().routes);
      await loaded();
      emit('user', {
        action: 'update',
        user: { ...sampleUsers[1], name: 'Bruno Lima Jr', queues: [{ id: 1, name: 'Suporte', color: '#7C4DFF' }], updatedAt: later(1) },
      });
      await waitFor(() => expect(names()).toContain('Bruno Lima Jr'));
      expect([...row('Bruno Lima Jr').querySelectorAll('.atd-Chip')].map((c) => c.textContent)).toEqual(['Suporte']);

      emit('user', { action: 'create', user: userDto({ id: 9, name: 'Beatriz Alves', email: 'bia@empresa.com.br', updatedAt: later(2) }) });
      await waitFor(() => expect(names()).toEqual(['Ana Administradora', 'Beatriz Alves', 'Bruno Lima Jr', 'Carla Dias', 'Diego Martins', 'Elisa Rocha']));
      expect(screen.getByText('6 de 10 usuários do plano Completo')).toBeInTheDocument();

      emit('user', { action: 'delete', userId: 4 });
      await waitFor(() => expect(names()).not.toContain('Diego Martins'));
      expect(screen.getByText('5 de 10 usuários do plano Completo')).toBeInTheDocument();
      expect(listFetches()).toBe(1);
    });

    it('says when the list cannot be loaded, and loads it again', async () => {
      let fail = true;
      const api = usersApi();
      const ok = api.routes['GET /users'];
      const { listFetches } = renderPage({ ...api.routes, 'GET /users': (r) => (fail ? json(500, { error: 'ERR_INTERNAL', message: 'boom' }) : ok(r)) });
      expect(await screen.findByRole('heading', { name: 'Não foi possível carregar a lista de registros' }, { timeout: 5000 })).toBeInTheDocument();
      fail = false;
      const fetches = listFetches();
      await userEvent.click(screen.getByRole('button', { name: 'Tentar de novo' }));
      expect(await loaded()).toBeInTheDocument();
      expect(listFetches()).toBe(fetches + 1);
    });
  });

  describe('add', () => {
    it('POSTs /users with the queues and the connection; the new row shows from the answer', async () => {
      const created = userDto({
        id: 9,
        name: 'Paula Nunes',
        email: 'paula@empresa.com.br',
        queues: [{ id: 2, name: 'Vendas', color: '#FF9800' }],
        whatsappId: 1,
      });
      const { sent, listFetches } = renderPage(usersApi({ 'POST /users': () => json(201, created) }).routes);
      await loaded();
      const dialog = await openAdd();
      await userEvent.click(await within(dialog).findByRole('checkbox', { name: 'Vendas' }));
      await userEvent.click(within(dialog).getByRole('button', { name: /Conexão padrão/ }));
      await userEvent.click(await screen.findByRole('option', { name: 'Atendimento' }));
      await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
      expect(await screen.findByText('Usuário salvo com sucesso!')).toBeInTheDocument();
      expect(sent('POST', '/users')).toEqual([
        {
          name: 'Paula Nunes',
          email: 'paula@empresa.com.br',
          password: 'segredo1',
          profile: 'user',
          whatsappId: 1,
          createTicket: 'habilitado',
          viewAllMessageTicket: 'desabilitado',
          automaticDistribution: 'desabilitado',
          externalId: null,
          queueIds: [2],
        },
      ]);
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Adicionar usuário' })).toBeNull());
      expect(names()).toContain('Paula Nunes');
      expect(listFetches()).toBe(1);
    });

    it('an e-mail already registered (409) stays on the e-mail field of the open form and is not toasted', async () => {
      const { sent } = renderPage(
        usersApi({
          'POST /users': () =>
            json(409, {
              error: 'ERR_EMAIL_ALREADY_REGISTERED',
              message: 'taken',
              fields: [{ field: 'email', messages: ['This e-mail is already registered'] }],
            }),
        }).routes,
      );
      await loaded();
      const dialog = await openAdd();
      await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
      const email = within(dialog).getByRole('textbox', { name: /Email/ });
      await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
      expect(within(dialog).getByText('Este email já está cadastrado.')).toBeInTheDocument();
      expect(sent('POST', '/users')).toHaveLength(1);
      expect(toastTexts()).toEqual([]);
    });

    it('sends the external id typed (trimmed); one another user has (409) stays on its field and is not toasted', async () => {
      const { sent } = renderPage(
        usersApi({
          'POST /users': () =>
            json(409, {
              error: 'ERR_USER_EXTERNAL_ID_EXISTS',
              message: 'Another user of the company already has this external id',
              fields: [{ field: 'externalId', messages: ['Another user of the company has this external id'] }],
            }),
        }).routes,
      );
      await loaded();
      const dialog = await openAdd();
      const externalId = within(dialog).getByRole('textbox', { name: /^ID externo/ });
      expect(externalId).toHaveAccessibleDescription(/no sistema do parceiro/);
      await userEvent.type(externalId, ' crm-4711 ');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
      await waitFor(() => expect(externalId).toHaveAttribute('aria-invalid', 'true'));
      expect(within(dialog).getByText('Outro usuário da empresa já tem este ID externo.')).toBeInTheDocument();
      expect(sent('POST', '/users')).toMatchObject([{ externalId: 'crm-4711' }]);
      expect(toastTexts()).toEqual([]);
    });

    it("the plan's user limit (403 ERR_PLAN_LIMIT_REACHED) is said in the form, naming the plan; other errors are toasted", async () => {
      let answer = json(403, { error: 'ERR_PLAN_LIMIT_REACHED', message: 'limit' });
      renderPage(usersApi({ 'POST /users': () => answer }).routes);
      await loaded();
      const dialog = await openAdd();
      await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
      const alert = await within(dialog).findByRole('alert');
      expect(alert).toHaveTextContent('Limite de usuários do plano atingido');
      expect(alert).toHaveTextContent('O plano Completo permite até 10 usuários.');
      expect(toastTexts()).toEqual([]);

      answer = json(500, { error: 'ERR_INTERNAL', message: 'boom' });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
      await waitFor(() => expect(toastTexts()).toEqual(['Erro: Erro interno do servidor. Tente novamente mais tarde.']));
      expect(screen.getByRole('dialog', { name: 'Adicionar usuário' })).toBeInTheDocument();
    });

    it('a full plan is said on the page before adding', async () => {
      renderPage(usersApi().routes, { ...ADMIN, company: company(5) });
      await loaded();
      expect(screen.getByRole('status')).toHaveTextContent('O plano Completo permite até 5 usuários e todos estão em uso.');
    });
  });

  describe('edit', () => {
    it('PUTs /users/fromCompany/{id} (no password when left blank) and the row follows', async () => {
      const api = usersApi({
        'PUT /users/fromCompany/2': async (request) => {
          const body = (await request.json()) as Schema<'UpdateUserDto'>;
          return json(200, { ...sampleUsers[1], name: body.name, profile: body.profile, queues: [], updatedAt: later(1) });
        },
      });
      const { sent } = renderPage(api.routes);
      await loaded();
      await userEvent.click(screen.getByRole('button', { name: 'Editar Bruno Lima' }));
      const dialog = await screen.findByRole('dialog', { name: 'Editar usuário' });
      const name = within(dialog).getByRole('textbox', { name: /Nome/ });
      expect(name).toHaveValue('Bruno Lima');
      await userEvent.clear(name);
      await userEvent.type(name, 'Bruno Costa');
      await userEvent.click(await within(dialog).findByRole('checkbox', { name: 'Vendas' }));
      await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
      expect(await screen.findByText('Usuário salvo com sucesso!')).toBeInTheDocument();
      expect(sent('PUT', '/users/fromCompany/2')).toEqual([
        {
          name: 'Bruno Costa',
          email: 'bruno@empresa.com.br',
          profile: 'user',
          whatsappId: null,
          createTicket: 'habilitado',
          viewAllMessageTicket: 'desabilitado',
          automaticDistribution: 'habilitado',
          externalId: null,
          queueIds: [],
        },
      ]);
      expect(sent('PUT', '/users/2')).toEqual([]);
      expect(await screen.findByRole('row', { name: /^Bruno Costa\b/ })).toBeInTheDocument();
      expect(within(row('Bruno Costa')).getByText('Sem fila')).toBeInTheDocument();
    });

    it('a supervisor sends only the queues', async () => {
      const supervisor = { id: 5, profile: 'supervisor' as const, permissions: ['session:self', 'users:read', 'user-modal:editQueues'] satisfies Permission[] };
      const api = usersApi({ 'PUT /users/fromCompany/2': () => json(200, { ...sampleUsers[1], updatedAt: later(1) }) });
      const { sent } = renderPage(api.routes, supervisor);
      await loaded();
      expect(screen.queryByRole('button', { name: 'Adicionar usuário' })).toBeNull();
      await userEvent.click(screen.getByRole('button', { name: 'Editar Bruno Lima' }));
      const dialog = await screen.findByRole('dialog', { name: 'Editar usuário' });
      await userEvent.click(await within(dialog).findByRole('checkbox', { name: 'Suporte' }));
      await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
      await screen.findByText('Usuário salvo com sucesso!');
      expect(sent('PUT', '/users/fromCompany/2')).toEqual([{ queueIds: [2, 1] }]);
    });
  });

  describe('delete', () => {
    it('deletes after the confirmation naming the user; the row leaves without a refetch', async () => {
      const { sent, listFetches } = renderPage(usersApi({ 'DELETE /users/2': () => json(204, undefined) }).routes);
      await loaded();
      await userEvent.click(screen.getByRole('button', { name: 'Excluir Bruno Lima' }));
      const confirm = await screen.findByRole('alertdialog', { name: 'Excluir Bruno Lima?' });
      expect(sent('DELETE', '/users/2')).toHaveLength(0);
      await userEvent.click(within(confirm).getByRole('button', { name: 'Excluir' }));
      expect(await screen.findByText('Usuário excluído com sucesso!')).toBeInTheDocument();
      await waitFor(() => expect(names()).toEqual(['Ana Administradora', 'Carla Dias', 'Diego Martins', 'Elisa Rocha']));
      expect(sent('DELETE', '/users/2')).toHaveLength(1);
      expect(listFetches()).toBe(1);
    });

    it('a refused delete (ERR_LAST_ADMIN) is toasted and the row stays', async () => {
      renderPage(usersApi({ 'DELETE /users/2': () => json(409, { error: 'ERR_LAST_ADMIN', message: 'last' }) }).routes);
      await loaded();
      await userEvent.click(screen.getByRole('button', { name: 'Excluir Bruno Lima' }));
      await userEvent.click(within(await screen.findByRole('alertdialog', { name: 'Excluir Bruno Lima?' })).getByRole('button', { name: 'Excluir' }));
      expect(await screen.findByText(/A empresa precisa de pelo menos um administrador/)).toBeInTheDocument();
      expect(row('Bruno Lima')).toBeInTheDocument();
    });
  });

  it('an attendant sees the list but no add, edit or delete, nor the plan', async () => {
    renderPage(usersApi().routes, ATTENDANT);
    await loaded();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Nome', 'Email', 'Perfil', 'Filas']);
    expect(screen.queryByRole('button', { name: 'Adicionar usuário' })).toBeNull();
    expect(within(screen.getByRole('grid', { name: 'Usuários da empresa' })).queryAllByRole('button')).toEqual([]);
    expect(screen.queryByText(/usuários do plano/)).toBeNull();
  });
});
