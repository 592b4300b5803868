import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoA11yViolations } from '../../../test/a11y';
import { sampleContact, sampleContacts } from '../story-data';
import { ContactsPageView, type ContactsPageViewProps } from './ContactsPageView';

function renderView(props: Partial<ContactsPageViewProps> = {}) {
  const handlers = {
    onLoadMore: vi.fn(),
    onSearchChange: vi.fn(),
    onAdd: vi.fn(),
    onEdit: vi.fn(),
    onDelete: vi.fn(async () => {}),
    onCreateTicket: vi.fn(),
    onImport: vi.fn(),
    onDismissImport: vi.fn(),
    onExport: vi.fn(),
  };
  const contacts = props.contacts ?? [
    sampleContact({ id: 1, name: 'Maria Souza', number: '5511999990001', email: 'maria@example.com' }),
    sampleContact({ id: 2, name: 'João Pereira', number: '5511999990002', email: '' }),
  ];
  const utils = render(
    <ContactsPageView
      contacts={contacts}
      count={contacts.length}
      hasMore={false}
      isLoading={false}
      search=""
      canDelete
      canCreateTicket
      importState={{ status: 'idle' }}
      {...handlers}
      {...props}
    />,
  );
  return { ...utils, ...handlers, ...props };
}

const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

describe('ContactsPageView', () => {
  it('lists avatar, name, number, e-mail and actions per contact, with the count; accessible', async () => {
    const { container } = renderView();
    expect(screen.getByRole('heading', { name: 'Contatos' })).toBeInTheDocument();
    expect(screen.getByText('2 contatos')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Nome', 'WhatsApp', 'Email', 'Ações']);
    const maria = rowOf('Maria Souza');
    expect(within(maria).getByRole('img', { name: 'Maria Souza' })).toBeInTheDocument();
    const cells = within(maria).getAllByRole('gridcell');
    expect(cells[0]).toHaveTextContent('5511999990001');
    expect(cells[1]).toHaveTextContent('maria@example.com');
    expect(within(maria).getByRole('button', { name: 'Editar Maria Souza' })).toBeInTheDocument();
    await expectNoA11yViolations(container);
  });

  it('cuts a long name at 26 characters, keeping the whole name as its title', () => {
    const name = 'Carlos Alberto de Oliveira Nogueira Filho';
    renderView({ contacts: [sampleContact({ name })] });
    const shown = screen.getByTitle(name);
    expect(shown.textContent).toBe(`${[...name].slice(0, 26).join('')}…`);
  });

  it('passes the search text on as typed', async () => {
    const { onSearchChange } = renderView();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Pesquisar contatos' }), 'M');
    expect(onSearchChange).toHaveBeenCalledWith('M');
  });

  it('asks for the next page within 100 px of the bottom, when there is more', () => {
    const { onLoadMore, container } = renderView({ contacts: sampleContacts(20), hasMore: true });
    const scroller = container.querySelector('.atd-Table-scroll') as HTMLElement;
    Object.defineProperties(scroller, { scrollHeight: { value: 2000 }, clientHeight: { value: 500 } });
    scroller.scrollTop = 1300;
    fireEvent.scroll(scroller);
    expect(onLoadMore).not.toHaveBeenCalled();
    scroller.scrollTop = 1420;
    fireEvent.scroll(scroller);
    expect(onLoadMore).toHaveBeenCalledTimes(1);
  });

  it('add and edit call back with the contact', async () => {
    const { onAdd, onEdit } = renderView();
    await userEvent.click(screen.getByRole('button', { name: /Adicionar Contato/ }));
    expect(onAdd).toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Editar João Pereira' }));
    expect(onEdit).toHaveBeenCalledWith(expect.objectContaining({ id: 2 }));
  });

  it('deletes only with the permission, after the confirmation', async () => {
    const { onDelete, unmount } = renderView();
    await userEvent.click(screen.getByRole('button', { name: 'Excluir Maria Souza' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Excluir Maria Souza?' });
    expect(dialog).toHaveTextContent('Tem certeza que deseja excluir este contato? Todos os tickets relacionados serão perdidos.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(onDelete).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Excluir Maria Souza' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Excluir' }));
    expect(onDelete).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }));
    unmount();

    renderView({ canDelete: false });
    expect(screen.queryByRole('button', { name: /^Excluir/ })).toBeNull();
  });

  it("offers 'create ticket' only with createTicket", async () => {
    const { onCreateTicket, unmount } = renderView();
    await userEvent.click(screen.getByRole('button', { name: 'Criar ticket para João Pereira' }));
    expect(onCreateTicket).toHaveBeenCalledWith(expect.objectContaining({ id: 2 }));
    unmount();
    renderView({ canCreateTicket: false });
    expect(screen.queryByRole('button', { name: /Criar ticket/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Editar João Pereira' })).toBeInTheDocument();
  });

  it('imports after the confirmation', async () => {
    const { onImport } = renderView();
    await userEvent.click(screen.getByRole('button', { name: 'Importar Contatos' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Importar contatos' });
    expect(dialog).toHaveTextContent('Deseja importar todos os contatos do telefone?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(onImport).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Importar Contatos' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Importar' }));
    expect(onImport).toHaveBeenCalledTimes(1);
  });

  it('shows the import running (and no second import meanwhile), then the count imported', async () => {
    const { rerender, onDismissImport } = renderView({ importState: { status: 'running' } });
    const status = screen.getByRole('status');
    expect(within(status).getByRole('progressbar', { name: 'Importando contatos do telefone...' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Importar Contatos' })).toBeDisabled();

    const view = (importState: ContactsPageViewProps['importState']) => (
      <ContactsPageView
        contacts={[]}
        count={0}
        hasMore={false}
        isLoading={false}
        search=""
        canDelete
        canCreateTicket
        importState={importState}
        onLoadMore={vi.fn()}
        onSearchChange={vi.fn()}
        onAdd={vi.fn()}
        onEdit={vi.fn()}
        onDelete={vi.fn()}
        onCreateTicket={vi.fn()}
        onImport={vi.fn()}
        onDismissImport={onDismissImport}
        onExport={vi.fn()}
      />
    );
    rerender(view({ status: 'done', result: { created: 12, existing: 3, skipped: 1 } }));
    expect(screen.getByRole('status')).toHaveTextContent('12 contatos importados 3 já cadastrados; 1 ignorados (número inválido).');
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('button', { name: 'Importar Contatos' })).toBeEnabled();
    rerender(view({ status: 'done', result: { created: 1, existing: 0, skipped: 0 } }));
    expect(screen.getByRole('status')).toHaveTextContent('1 contato importado');
    rerender(view({ status: 'done', result: { created: 0, existing: 5, skipped: 0 } }));
    expect(screen.getByRole('status')).toHaveTextContent('Nenhum contato importado');
    rerender(view({ status: 'failed', error: 'Nenhum WhatsApp encontrado com este ID.' }));
    expect(screen.getByRole('status')).toHaveTextContent('A importação não foi concluída: Nenhum WhatsApp encontrado com este ID.');
    await userEvent.click(screen.getByRole('button', { name: 'Fechar aviso da importação' }));
    expect(onDismissImport).toHaveBeenCalled();
  });

  it('exports, and shows it while it runs', async () => {
    const { onExport, unmount } = renderView();
    await userEvent.click(screen.getByRole('button', { name: 'Exportar Contatos' }));
    expect(onExport).toHaveBeenCalled();
    unmount();
    renderView({ isExporting: true });
    expect(screen.getByRole('button', { name: /Exportando.../ })).toBeInTheDocument();
  });

  it('shows the empty state, with the hint only without a search', () => {
    const { unmount } = renderView({ contacts: [] });
    expect(screen.getByText('Nenhum contato encontrado')).toBeInTheDocument();
    expect(screen.getByText('Adicione um contato ou importe os contatos do telefone.')).toBeInTheDocument();
    unmount();
    renderView({ contacts: [], search: 'zzz' });
    expect(screen.getByText('Nenhum contato encontrado')).toBeInTheDocument();
    expect(screen.queryByText('Adicione um contato ou importe os contatos do telefone.')).toBeNull();
  });
});
