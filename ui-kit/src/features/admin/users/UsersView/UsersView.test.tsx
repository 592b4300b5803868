import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoA11yViolations } from '../../../../test/a11y';
import { AtendeRoot } from '../../../../theme/AtendeRoot';
import { sampleUsers } from '../story-data';
import type { UserPermissions } from '../user-rules';
import { UsersView, type UsersViewProps } from './UsersView';

const ADMIN: UserPermissions = { canAdd: true, canDelete: true, canEdit: true, canEditAccount: true, canEditProfile: true, canEditQueues: true };
const READ_ONLY: UserPermissions = { canAdd: false, canDelete: false, canEdit: false, canEditAccount: false, canEditProfile: false, canEditQueues: false };

function renderView(props: Partial<UsersViewProps> = {}, locale: 'pt' | 'en' = 'pt') {
  const handlers = {
    onAdd: vi.fn(),
    onEdit: vi.fn(),
    onDelete: vi.fn(async () => undefined),
    onReload: vi.fn(),
    onLoadMore: vi.fn(),
    onSearchChange: vi.fn(),
  };
  const utils = render(
    <AtendeRoot locale={locale}>
      <UsersView users={sampleUsers} hasMore={false} isLoading={false} search="" permissions={ADMIN} currentUserId={7} {...handlers} {...props} />
    </AtendeRoot>,
  );
  return { ...utils, ...handlers };
}

const row = (name: string) => screen.getByRole('row', { name: new RegExp(`^${name}\\b`) });

describe('UsersView', () => {
  it('shows name, e-mail, profile and the queues as coloured chips; axe-clean', async () => {
    const { container } = renderView();
    expect(screen.getByRole('heading', { level: 2, name: 'Usuários' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Nome', 'Email', 'Perfil', 'Filas', 'Ações']);
    expect(within(row('Ana Administradora')).getByText('você')).toBeInTheDocument();
    expect(within(row('Ana Administradora')).getByText('Administrador')).toBeInTheDocument();
    expect(within(row('Bruno Lima')).getByText('bruno@empresa.com.br', { selector: '.atd-Users-email' })).toBeInTheDocument();
    expect(within(row('Bruno Lima')).getByText('Usuário')).toBeInTheDocument();
    expect(within(row('Elisa Rocha')).getByText('Supervisor')).toBeInTheDocument();
    const chips = [...row('Carla Dias').querySelectorAll('.atd-Chip')];
    expect(chips.map((c) => c.textContent)).toEqual(['Financeiro', 'Suporte', 'Vendas']);
    expect(chips[0]).toHaveStyle({ '--atd-chip-bg': '#009688' });
    expect(within(row('Diego Martins')).getByText('Sem fila')).toBeInTheDocument();
    await expectNoA11yViolations(container);
  });

  it('edits; deletes after a confirmation naming the user; the signed-in user cannot be deleted', async () => {
    const { onEdit, onDelete } = renderView();
    await userEvent.click(screen.getByRole('button', { name: 'Editar Bruno Lima' }));
    expect(onEdit).toHaveBeenCalledWith(expect.objectContaining({ id: 2 }));
    expect(screen.getByRole('button', { name: 'Editar Ana Administradora' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Excluir Ana Administradora' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Excluir Bruno Lima' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Excluir Bruno Lima?' });
    expect(confirm).toHaveTextContent('Todos os dados do usuário serão perdidos.');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
    expect(onDelete).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Excluir Bruno Lima' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Excluir' }));
    await waitFor(() => expect(onDelete).toHaveBeenCalledWith(expect.objectContaining({ id: 2 })));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('searches through the box; a search without results says so and clears', async () => {
    const { onSearchChange, unmount } = renderView();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Pesquisar usuários' }), 'b');
    expect(onSearchChange).toHaveBeenLastCalledWith('b');
    unmount();

    const view = renderView({ users: [], search: 'zz ' });
    expect(screen.getByRole('heading', { name: 'Nenhum usuário encontrado para “zz”' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Nenhum usuário cadastrado' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Limpar pesquisa' }));
    expect(view.onSearchChange).toHaveBeenCalledWith('');
  });

  it('has an empty state that offers the add button', async () => {
    const { onAdd } = renderView({ users: [] });
    expect(screen.getByRole('heading', { name: 'Nenhum usuário cadastrado' })).toBeInTheDocument();
    const adds = screen.getAllByRole('button', { name: 'Adicionar usuário' });
    expect(adds).toHaveLength(2);
    await userEvent.click(adds[1]);
    expect(onAdd).toHaveBeenCalled();
  });

  it('shows the loading and the error states; the error offers to load again', async () => {
    const { unmount } = renderView({ users: undefined, isLoading: true });
    expect(screen.getByRole('progressbar', { name: 'Carregando...' })).toBeInTheDocument();
    unmount();
    const { onReload } = renderView({ users: undefined, isLoading: false, isError: true });
    expect(screen.getByRole('heading', { name: 'Não foi possível carregar a lista de registros' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Tentar de novo' }));
    expect(onReload).toHaveBeenCalled();
  });

  it('shows the next page loading under the rows', () => {
    renderView({ hasMore: true, isLoadingMore: true });
    expect(screen.getByRole('progressbar', { name: 'Carregando mais...' })).toBeInTheDocument();
  });

  it('without users:write or editQueues: no add, edit, delete nor the actions column', () => {
    renderView({ permissions: READ_ONLY, planUsage: { plan: 'Completo', limit: 10, used: 5 } });
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Nome', 'Email', 'Perfil', 'Filas']);
    expect(screen.queryByRole('button', { name: 'Adicionar usuário' })).toBeNull();
    expect(within(screen.getByRole('grid')).queryAllByRole('button')).toEqual([]);
    // The plan's numbers are for who may add users.
    expect(screen.queryByText(/usuários do plano/)).toBeNull();
  });

  it('a supervisor (editQueues only) edits but does not add or delete', () => {
    renderView({ permissions: { ...READ_ONLY, canEdit: true, canEditQueues: true } });
    expect(screen.getByRole('button', { name: 'Editar Bruno Lima' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Excluir/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Adicionar usuário' })).toBeNull();
  });

  it("shows the plan's usage, and says so once the limit is reached", () => {
    const { unmount } = renderView({ planUsage: { plan: 'Completo', limit: 10, used: 5 } });
    expect(screen.getByText('5 de 10 usuários do plano Completo')).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
    unmount();
    renderView({ planUsage: { plan: 'Básico', limit: 5, used: 5 } });
    expect(screen.getByText('5 de 5 usuários do plano Básico')).toHaveAttribute('data-full', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('O plano Básico permite até 5 usuários e todos estão em uso.');
  });

  it('speaks the language of the kit root', () => {
    renderView({}, 'en');
    expect(screen.getByRole('heading', { name: 'Users' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add user' })).toBeInTheDocument();
    expect(within(row('Ana Administradora')).getByText('Admin')).toBeInTheDocument();
    expect(within(row('Ana Administradora')).getByText('you')).toBeInTheDocument();
  });
});
