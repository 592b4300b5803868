import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoA11yViolations } from '../../../test/a11y';
import { AtendeRoot } from '../../../theme/AtendeRoot';
import { sampleCampaigns } from '../campaign-story-data';
import { CampaignsView, type CampaignsViewProps } from './CampaignsView';

function renderView(props: Partial<CampaignsViewProps> = {}, locale: 'pt' | 'en' | 'es' = 'pt') {
  const handlers = {
    onSearchChange: vi.fn(),
    onAdd: vi.fn(),
    onEdit: vi.fn(),
    onDelete: vi.fn<CampaignsViewProps['onDelete']>(async () => undefined),
    onStop: vi.fn(),
    onRestart: vi.fn(),
    onLoadMore: vi.fn(),
  };
  const utils = render(
    <AtendeRoot locale={locale}>
      <CampaignsView
        items={sampleCampaigns}
        count={sampleCampaigns.length}
        search=""
        hasMore={false}
        isLoading={false}
        reportHref={(c) => `/campaign/${c.id}/report`}
        {...handlers}
        {...props}
      />
    </AtendeRoot>,
  );
  const row = (name: string) => screen.getByRole('row', { name: new RegExp(`^${name}`) });
  return { ...utils, ...handlers, row };
}

describe('CampaignsView', () => {
  it('shows the title with the count and the spec columns, a status chip per campaign; axe-clean', async () => {
    const { container, row } = renderView();
    expect(screen.getByRole('heading', { name: 'Campanhas (5)' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Nome',
      'Status',
      'Lista de Contatos',
      'Conexão',
      'Agendamento',
      'Conclusão',
      'Confirmação',
      'Ações',
    ]);
    expect(within(row('Natal 2026')).getByText('Programada')).toBeInTheDocument();
    expect(within(row('Natal 2026')).getByText('Sim')).toBeInTheDocument();
    expect(within(row('Black Friday')).getByText('Em Andamento')).toBeInTheDocument();
    expect(within(row('Reativação')).getByText('Cancelada')).toBeInTheDocument();
    expect(within(row('Pesquisa de satisfação')).getByText('Finalizada')).toBeInTheDocument();
    expect(within(row('Rascunho')).getByText('Inativa')).toBeInTheDocument();
    expect(within(row('Rascunho')).getByText('Não')).toBeInTheDocument();
    expect(within(row('Rascunho')).getAllByText('Não definida')).toHaveLength(2);
    expect(within(row('Rascunho')).getByText('Sem agendamento')).toBeInTheDocument();
    expect(within(row('Black Friday')).getByText('Clientes VIP')).toBeInTheDocument();
    expect(within(row('Black Friday')).getByText('Atendimento')).toBeInTheDocument();
    await expectNoA11yViolations(container);
  });

  it('offers stop only while sending and restart only once cancelled; the report is a link to /campaign/{id}/report', async () => {
    const { row, onStop, onRestart } = renderView();
    const stops = screen.getAllByRole('button', { name: /^Parar campanha/ });
    expect(stops).toHaveLength(1);
    expect(within(row('Black Friday')).getByRole('button', { name: 'Parar campanha Black Friday' })).toBe(stops[0]);
    const restarts = screen.getAllByRole('button', { name: /^Reiniciar campanha/ });
    expect(restarts).toHaveLength(1);
    expect(within(row('Reativação')).getByRole('button', { name: 'Reiniciar campanha Reativação' })).toBe(restarts[0]);
    await userEvent.click(stops[0]);
    expect(onStop).toHaveBeenCalledWith(sampleCampaigns[1]);
    await userEvent.click(restarts[0]);
    expect(onRestart).toHaveBeenCalledWith(sampleCampaigns[2]);
    expect(within(row('Natal 2026')).getByRole('link', { name: 'Relatório da campanha Natal 2026' })).toHaveAttribute('href', '/campaign/5/report');
  });

  it('calls onOpenReport when no href is given', async () => {
    const onOpenReport = vi.fn();
    const { row } = renderView({ reportHref: undefined, onOpenReport });
    await userEvent.click(within(row('Rascunho')).getByRole('button', { name: 'Relatório da campanha Rascunho' }));
    expect(onOpenReport).toHaveBeenCalledWith(sampleCampaigns[4]);
  });

  it('reports the search text, add and edit; deletes only after the confirmation', async () => {
    const { onSearchChange, onAdd, onEdit, onDelete, row } = renderView();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Pesquisar' }), 'n');
    expect(onSearchChange).toHaveBeenCalledWith('n');
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar' }));
    expect(onAdd).toHaveBeenCalled();
    await userEvent.click(within(row('Natal 2026')).getByRole('button', { name: 'Editar Natal 2026' }));
    expect(onEdit).toHaveBeenCalledWith(sampleCampaigns[0]);
    await userEvent.click(within(row('Rascunho')).getByRole('button', { name: 'Excluir Rascunho' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Excluir a campanha Rascunho?' });
    expect(onDelete).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    await waitFor(() => expect(onDelete).toHaveBeenCalledWith(sampleCampaigns[4]));
  });

  it('shows the empty state, a load failure with retry, loading, and English texts', async () => {
    const { unmount, container } = renderView({ items: [], count: 0 });
    expect(screen.getByText('Nenhuma campanha')).toBeInTheDocument();
    await expectNoA11yViolations(container);
    unmount();
    const onReload = vi.fn();
    const failed = renderView({ items: undefined, count: 0, isError: true, onReload });
    await userEvent.click(screen.getByRole('button', { name: 'Tentar de novo' }));
    expect(onReload).toHaveBeenCalled();
    failed.unmount();
    const loading = renderView({ items: undefined, count: 0, isLoading: true });
    expect(screen.getByRole('heading', { name: 'Campanhas' })).toBeInTheDocument();
    loading.unmount();
    const { row } = renderView({}, 'en');
    expect(screen.getByRole('heading', { name: 'Campaigns (5)' })).toBeInTheDocument();
    expect(within(row('Black Friday')).getByText('In progress')).toBeInTheDocument();
  });
});
