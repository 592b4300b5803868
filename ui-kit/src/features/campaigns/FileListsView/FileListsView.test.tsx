import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoA11yViolations } from '../../../test/a11y';
import { AtendeRoot } from '../../../theme/AtendeRoot';
import { sampleFileLists } from '../files-and-settings-story-data';
import { FileListsView, type FileListsViewProps } from './FileListsView';

function renderView(props: Partial<FileListsViewProps> = {}, locale: 'pt' | 'en' | 'es' = 'pt') {
  const handlers = {
    onSearchChange: vi.fn(),
    onAdd: vi.fn(),
    onEdit: vi.fn(),
    onDelete: vi.fn<FileListsViewProps['onDelete']>(async () => undefined),
    onLoadMore: vi.fn(),
  };
  const utils = render(
    <AtendeRoot locale={locale}>
      <FileListsView items={sampleFileLists} count={sampleFileLists.length} search="" hasMore={false} isLoading={false} {...handlers} {...props} />
    </AtendeRoot>,
  );
  const row = (name: string) => screen.getByRole('row', { name: new RegExp(`^${name}`) });
  return { ...utils, ...handlers, row };
}

describe('FileListsView', () => {
  it('shows the title with the count and a row per list: name, message and how many files; axe-clean', async () => {
    const { container, row } = renderView();
    expect(screen.getByRole('heading', { name: 'Listas de arquivos (3)' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Nome', 'Conteúdo', 'Ações']);
    expect(within(row('Boas-vindas')).getByText('2 arquivos')).toBeInTheDocument();
    expect(within(row('Promoção de Natal')).getByText('1 arquivo')).toBeInTheDocument();
    expect(within(row('Promoção de Natal')).getByText('Aproveite: 20% de desconto em toda a loja até 25/12!')).toBeInTheDocument();
    expect(within(row('Só texto')).getByText('Nenhum arquivo')).toBeInTheDocument();
    await expectNoA11yViolations(container);
  });

  it('reports the search text, add and edit', async () => {
    const { onSearchChange, onAdd, onEdit, row } = renderView();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Pesquisar' }), 'N');
    expect(onSearchChange).toHaveBeenCalledWith('N');
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar' }));
    expect(onAdd).toHaveBeenCalled();
    await userEvent.click(within(row('Promoção de Natal')).getByRole('button', { name: 'Editar Promoção de Natal' }));
    expect(onEdit).toHaveBeenCalledWith(sampleFileLists[1]);
  });

  it('deletes only after the confirmation', async () => {
    const { onDelete, row } = renderView();
    await userEvent.click(within(row('Boas-vindas')).getByRole('button', { name: 'Excluir Boas-vindas' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Excluir a lista Boas-vindas?' });
    expect(within(dialog).getByText(/Os arquivos da lista também são excluídos/)).toBeInTheDocument();
    expect(onDelete).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    await waitFor(() => expect(onDelete).toHaveBeenCalledWith(sampleFileLists[0]));
  });

  it('shows the empty state, a load failure with retry, and English texts', async () => {
    const { unmount } = renderView({ items: [], count: 0 });
    expect(screen.getByText('Nenhuma lista de arquivos')).toBeInTheDocument();
    unmount();
    const onReload = vi.fn();
    const failed = renderView({ items: undefined, count: 0, isError: true, onReload });
    await userEvent.click(screen.getByRole('button', { name: 'Tentar de novo' }));
    expect(onReload).toHaveBeenCalled();
    failed.unmount();
    renderView({}, 'en');
    expect(screen.getByRole('heading', { name: 'File lists (3)' })).toBeInTheDocument();
    expect(screen.getByText('2 files')).toBeInTheDocument();
  });
});
