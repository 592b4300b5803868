import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoA11yViolations } from '../../../../test/a11y';
import { AtendeRoot } from '../../../../theme/AtendeRoot';
import { sampleHelps } from '../story-data';
import { HelpsAdminView, type HelpsAdminViewProps } from './HelpsAdminView';

function renderView(props: Partial<HelpsAdminViewProps> = {}) {
  const handlers = { onAdd: vi.fn(), onEdit: vi.fn(), onDelete: vi.fn(async () => {}), onReload: vi.fn(), onLoadMore: vi.fn(), onSearchChange: vi.fn() };
  const utils = render(
    <AtendeRoot>
      <HelpsAdminView helps={sampleHelps} hasMore={false} isLoading={false} search="" {...handlers} {...props} />
    </AtendeRoot>,
  );
  return { ...utils, ...handlers };
}

describe('HelpsAdminView', () => {
  it('shows thumbnail, title and description of each video; axe-clean', async () => {
    const { container } = renderView();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Vídeo', 'Título', 'Descrição', 'Ações']);
    const row = screen.getByRole('row', { name: /Conectando o WhatsApp/ });
    expect(row.querySelector('img')).toHaveAttribute('src', 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg');
    expect(within(row).getByText('dQw4w9WgXcQ')).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /Respostas rápidas/ })).getByText('Sem descrição')).toBeInTheDocument();
    await expectNoA11yViolations(container);
  });

  it('adds and edits; deletes only after the confirmation naming the video; goes back when offered', async () => {
    const onBack = vi.fn();
    const { onAdd, onEdit, onDelete } = renderView({ onBack });
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar vídeo' }));
    expect(onAdd).toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Editar Respostas rápidas' }));
    expect(onEdit).toHaveBeenCalledWith(sampleHelps[3]);
    await userEvent.click(screen.getByRole('button', { name: 'Excluir Respostas rápidas' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Excluir o vídeo Respostas rápidas?' });
    expect(onDelete).not.toHaveBeenCalled();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Excluir' }));
    expect(onDelete).toHaveBeenCalledWith(sampleHelps[3]);
    await userEvent.click(screen.getByRole('button', { name: 'Ver vídeos' }));
    expect(onBack).toHaveBeenCalled();
  });

  it('says when there are no videos, when a search finds none, and when the list failed', async () => {
    const empty = renderView({ helps: [] });
    expect(screen.getByText('Nenhum vídeo de ajuda ainda')).toBeInTheDocument();
    empty.unmount();
    const searched = renderView({ helps: [], search: 'xyz' });
    expect(screen.getByText('Nenhum vídeo encontrado')).toBeInTheDocument();
    searched.unmount();
    const { onReload } = renderView({ helps: undefined, isError: true });
    await userEvent.click(screen.getByRole('button', { name: 'Tentar de novo' }));
    expect(onReload).toHaveBeenCalled();
  });
});
