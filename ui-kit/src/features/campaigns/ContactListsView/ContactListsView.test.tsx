import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoA11yViolations } from '../../../test/a11y';
import { AtendeRoot } from '../../../theme/AtendeRoot';
import { sampleContactLists } from '../contact-list-story-data';
import { ContactListsView, type ContactListsViewProps } from './ContactListsView';

function renderView(props: Partial<ContactListsViewProps> = {}) {
  const handlers = {
    onSearchChange: vi.fn(),
    onAdd: vi.fn(),
    onEdit: vi.fn(),
    onDelete: vi.fn<ContactListsViewProps['onDelete']>(async () => undefined),
    onDownloadExample: vi.fn(),
    onOpenContacts: vi.fn(),
    onLoadMore: vi.fn(),
  };
  const utils = render(
    <AtendeRoot>
      <ContactListsView items={sampleContactLists} count={3} search="" hasMore={false} isLoading={false} {...handlers} {...props} />
    </AtendeRoot>,
  );
  const row = (name: string) => screen.getByRole('row', { name: new RegExp(`^${name}`) });
  return { ...utils, ...handlers, row };
}

describe('ContactListsView', () => {
  it('shows the title with the count, name, contacts count and the actions; axe-clean', async () => {
    const { container, row } = renderView({ hrefForContacts: (l) => `/contact-lists/${l.id}/contacts` });
    expect(screen.getByRole('heading', { name: 'Listas de Contatos (3)' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Nome', 'Contatos', 'Ações']);
    expect(within(row('Clientes SP')).getByText('1.250 contatos')).toBeInTheDocument();
    expect(within(row('Fornecedores')).getByText('1 contato')).toBeInTheDocument();
    expect(within(row('Leads')).getByText('Nenhum contato')).toBeInTheDocument();
    expect(within(row('Clientes SP')).getByRole('link', { name: 'Clientes SP' })).toHaveAttribute('href', '/contact-lists/1/contacts');
    await expectNoA11yViolations(container);
  });

  it('opens the contacts through the callback (link click or action), downloads the example, edits', async () => {
    const { row, onOpenContacts, onDownloadExample, onEdit } = renderView({ hrefForContacts: (l) => `/contact-lists/${l.id}/contacts` });
    await userEvent.click(within(row('Fornecedores')).getByRole('link', { name: 'Fornecedores' }));
    expect(onOpenContacts).toHaveBeenLastCalledWith(sampleContactLists[1]);
    await userEvent.click(within(row('Clientes SP')).getByRole('button', { name: 'Abrir os contatos de Clientes SP' }));
    expect(onOpenContacts).toHaveBeenLastCalledWith(sampleContactLists[0]);
    await userEvent.click(within(row('Clientes SP')).getByRole('button', { name: 'Baixar planilha de exemplo' }));
    await userEvent.click(screen.getAllByRole('button', { name: 'Baixar planilha de exemplo' })[0]);
    expect(onDownloadExample).toHaveBeenCalledTimes(2);
    await userEvent.click(within(row('Clientes SP')).getByRole('button', { name: 'Editar Clientes SP' }));
    expect(onEdit).toHaveBeenCalledWith(sampleContactLists[0]);
  });

  it('deletes only after the confirmation', async () => {
    const { row, onDelete } = renderView();
    await userEvent.click(within(row('Fornecedores')).getByRole('button', { name: 'Excluir Fornecedores' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Excluir a lista Fornecedores?' });
    expect(onDelete).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    await waitFor(() => expect(onDelete).toHaveBeenCalledWith(sampleContactLists[1]));
  });

  it('reports the search and add; shows the empty state and a retry', async () => {
    const { onSearchChange, onAdd, rerender } = renderView();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Pesquisar' }), 'c');
    expect(onSearchChange).toHaveBeenLastCalledWith('c');
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar' }));
    expect(onAdd).toHaveBeenCalledTimes(1);
    const onReload = vi.fn();
    rerender(
      <AtendeRoot>
        <ContactListsView
          items={undefined}
          count={0}
          search=""
          hasMore={false}
          isLoading={false}
          isError
          onReload={onReload}
          onSearchChange={vi.fn()}
          onAdd={vi.fn()}
          onEdit={vi.fn()}
          onDelete={vi.fn()}
          onDownloadExample={vi.fn()}
          onOpenContacts={vi.fn()}
          onLoadMore={vi.fn()}
        />
      </AtendeRoot>,
    );
    expect(screen.getByText('Não foi possível carregar as listas de contatos.')).toBeInTheDocument();
  });
});
