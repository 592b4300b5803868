import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoA11yViolations } from '../../../test/a11y';
import { AtendeRoot } from '../../../theme/AtendeRoot';
import { sampleAnnouncements } from '../announcement-story-data';
import { AnnouncementsView, type AnnouncementsViewProps } from './AnnouncementsView';

function renderView(props: Partial<AnnouncementsViewProps> = {}, locale: 'pt' | 'en' | 'es' = 'pt') {
  const handlers = {
    onSearchChange: vi.fn(),
    onAdd: vi.fn(),
    onEdit: vi.fn(),
    onDelete: vi.fn<AnnouncementsViewProps['onDelete']>(async () => undefined),
    onLoadMore: vi.fn(),
  };
  const utils = render(
    <AtendeRoot locale={locale}>
      <AnnouncementsView items={sampleAnnouncements} count={sampleAnnouncements.length} search="" hasMore={false} isLoading={false} {...handlers} {...props} />
    </AtendeRoot>,
  );
  const row = (title: string) => screen.getByRole('row', { name: new RegExp(`^${title}`) });
  return { ...utils, ...handlers, row };
}

describe('AnnouncementsView', () => {
  it('shows a row per announcement: title, priority chip in its colour, attachment, status, actions; axe-clean', async () => {
    const { container, row } = renderView();
    expect(screen.getByRole('heading', { name: 'Informativos (3)' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Título', 'Prioridade', 'Anexo', 'Status', 'Ações']);
    const high = row('Manutenção programada');
    expect(within(high).getByText('Alta')).toHaveAttribute('data-priority', '1');
    expect(within(high).getByText('manutencao.png')).toBeInTheDocument();
    expect(within(high).getByText('Ativo')).toBeInTheDocument();
    expect(within(row('Novo relatório de atendimentos')).getByText('Média')).toHaveAttribute('data-priority', '2');
    const low = row('Dicas de uso');
    expect(within(low).getByText('Baixa')).toHaveAttribute('data-priority', '3');
    expect(within(low).getByText('Inativo')).toBeInTheDocument();
    expect(within(low).getByText('Sem anexo')).toBeInTheDocument();
    await expectNoA11yViolations(container);
  });

  it('reports search, add and edit', async () => {
    const { onAdd, onEdit, onSearchChange, row } = renderView();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Pesquisar' }), 'M');
    expect(onSearchChange).toHaveBeenCalledWith('M');
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar' }));
    expect(onAdd).toHaveBeenCalled();
    await userEvent.click(within(row('Dicas de uso')).getByRole('button', { name: 'Editar Dicas de uso' }));
    expect(onEdit).toHaveBeenCalledWith(sampleAnnouncements[2]);
  });

  it('deletes only after a confirmation titled with the announcement', async () => {
    const { onDelete, row } = renderView();
    await userEvent.click(within(row('Dicas de uso')).getByRole('button', { name: 'Excluir Dicas de uso' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByRole('heading', { name: 'Excluir Dicas de uso?' })).toBeInTheDocument();
    expect(onDelete).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: /Excluir|Confirmar/ }));
    await waitFor(() => expect(onDelete).toHaveBeenCalledWith(sampleAnnouncements[2]));
  });

  it('shows the empty state and speaks English', () => {
    renderView({ items: [], count: 0 }, 'en');
    expect(screen.getByText('No announcements')).toBeInTheDocument();
  });
});
