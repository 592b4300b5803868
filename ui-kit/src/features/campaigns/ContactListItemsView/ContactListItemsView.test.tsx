import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { File as NodeFile } from 'node:buffer';
import { describe, expect, it, vi } from 'vitest';
import { expectNoA11yViolations } from '../../../test/a11y';
import { AtendeRoot } from '../../../theme/AtendeRoot';
import { sampleContactListItems } from '../contact-list-story-data';
import { ContactListItemsView, type ContactListItemsViewProps } from './ContactListItemsView';

function renderView(props: Partial<ContactListItemsViewProps> = {}) {
  const handlers = {
    onSearchChange: vi.fn(),
    onBack: vi.fn(),
    onAdd: vi.fn(),
    onEdit: vi.fn(),
    onDelete: vi.fn<ContactListItemsViewProps['onDelete']>(async () => undefined),
    onImport: vi.fn(),
    onLoadMore: vi.fn(),
  };
  const utils = render(
    <AtendeRoot>
      <ContactListItemsView
        listName="Clientes SP"
        items={sampleContactListItems}
        count={3}
        search=""
        hasMore={false}
        isLoading={false}
        {...handlers}
        {...props}
      />
    </AtendeRoot>,
  );
  const row = (name: string) => screen.getByRole('row', { name: new RegExp(name) });
  return { ...utils, ...handlers, row };
}

const pickFile = (file: unknown) => {
  const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
  Object.defineProperty(input, 'files', { configurable: true, value: [file] });
  input.dispatchEvent(new Event('change', { bubbles: true }));
  return input;
};

describe('ContactListItemsView', () => {
  it("titles the page with the list's name, shows the WhatsApp state with labels, name, number, e-mail; axe-clean", async () => {
    const { container, row } = renderView();
    expect(screen.getByRole('heading', { name: 'Clientes SP (3)' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['WhatsApp', 'Nome', 'Número', 'E-mail', 'Ações']);
    expect(within(row('Ana Lima')).getByRole('img', { name: 'Tem WhatsApp' })).toBeInTheDocument();
    expect(within(row('Bruno Costa')).getByRole('img', { name: 'Sem WhatsApp' })).toBeInTheDocument();
    expect(within(row('Carla Dias')).getByRole('img', { name: 'WhatsApp ainda não verificado' })).toBeInTheDocument();
    expect(within(row('Ana Lima')).getByText('5511987650001')).toBeInTheDocument();
    await expectNoA11yViolations(container);
  });

  it('goes back through the callback (a link when given an address)', async () => {
    const { onBack } = renderView({ backHref: '/contact-lists' });
    const back = screen.getByRole('link', { name: 'Voltar para as listas de contatos' });
    expect(back).toHaveAttribute('href', '/contact-lists');
    await userEvent.click(back);
    expect(onBack).toHaveBeenCalledTimes(1);
  });

  it('imports an xls or xlsx picked with the button, refusing another type', async () => {
    const { onImport } = renderView();
    const input = pickFile(new NodeFile(['a;b'], 'contatos.csv', { type: 'text/csv' }));
    expect(input).toHaveAttribute('accept', expect.stringContaining('.xlsx'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Escolha uma planilha xls ou xlsx.');
    expect(onImport).not.toHaveBeenCalled();
    pickFile(new NodeFile([new Uint8Array([0x50, 0x4b, 3, 4])], 'contatos.xlsx'));
    await waitFor(() => expect(onImport).toHaveBeenCalledTimes(1));
    expect((onImport.mock.calls[0][0] as File).name).toBe('contatos.xlsx');
  });

  it('shows the import progress and disables another import meanwhile', () => {
    renderView({ importStatus: { stage: 'running', total: 100, processed: 40 } });
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByRole('button', { name: 'Importar' })).toBeDisabled();
  });

  it('edits and deletes (after the confirmation); add', async () => {
    const { row, onEdit, onDelete, onAdd } = renderView();
    await userEvent.click(within(row('Ana Lima')).getByRole('button', { name: 'Editar Ana Lima' }));
    expect(onEdit).toHaveBeenCalledWith(sampleContactListItems[0]);
    await userEvent.click(within(row('Bruno Costa')).getByRole('button', { name: 'Excluir Bruno Costa' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Excluir o contato Bruno Costa?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    await waitFor(() => expect(onDelete).toHaveBeenCalledWith(sampleContactListItems[1]));
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar' }));
    expect(onAdd).toHaveBeenCalled();
  });
});
