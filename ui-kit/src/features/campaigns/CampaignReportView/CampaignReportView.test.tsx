import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoA11yViolations } from '../../../test/a11y';
import { AtendeRoot } from '../../../theme/AtendeRoot';
import { reportDto } from '../campaign-story-data';
import { CampaignReportView, type CampaignReportViewProps } from './CampaignReportView';

function renderView(props: Partial<CampaignReportViewProps> = {}, locale: 'pt' | 'en' | 'es' = 'pt') {
  return render(
    <AtendeRoot locale={locale}>
      <CampaignReportView report={reportDto()} backHref="/campaigns" {...props} />
    </AtendeRoot>,
  );
}

const card = (label: string) => screen.getByText(label, { selector: 'dt' }).parentElement!;

describe('CampaignReportView', () => {
  it('a running campaign: name, status, the four counts as cards, delivered over valids as a bar, the extra counts; axe-clean', async () => {
    const { container } = renderView();
    expect(screen.getByRole('heading', { name: 'Relatório da Black Friday' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Status: Em Andamento' })).toHaveTextContent(/Em Andamento.*Atualizando ao vivo/);
    expect(within(card('Contatos válidos')).getByText('120')).toBeInTheDocument();
    expect(within(card('Confirmações solicitadas')).getByText('0')).toBeInTheDocument();
    expect(within(card('Confirmações')).getByText('0')).toBeInTheDocument();
    expect(within(card('Entregues')).getByText('45')).toBeInTheDocument();
    const bar = screen.getByRole('progressbar', { name: 'Entregues de válidos' });
    expect(bar).toHaveAttribute('aria-valuenow', '37.5');
    expect(bar).toHaveAttribute('aria-valuetext', '37,5%');
    expect(screen.getByText('Planejados 124 · Pendentes 70 · Enviados 50 · Falhas 1 · Ignorados 4')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Campanhas/ })).toHaveAttribute('href', '/campaigns');
    await expectNoA11yViolations(container);
  });

  it('a finished campaign: 100%, no live marker', async () => {
    const { container } = renderView({
      report: reportDto(
        { valids: 3, delivered: 3, sent: 3, pending: 0, planned: 3, failed: 0, skipped: 0 },
        { status: 'FINALIZADA', completedAt: '2026-11-27T12:10:00.000Z' },
      ),
    });
    expect(screen.getByRole('status', { name: 'Status: Finalizada' })).not.toHaveTextContent('Atualizando ao vivo');
    expect(screen.getByRole('progressbar', { name: 'Entregues de válidos' })).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByText(/^Conclusão: /)).toBeInTheDocument();
    await expectNoA11yViolations(container);
  });

  it('0% while nobody is valid', () => {
    renderView({ report: reportDto({ valids: 0, delivered: 0 }, { status: 'INATIVA' }) });
    expect(screen.getByRole('progressbar', { name: 'Entregues de válidos' })).toHaveAttribute('aria-valuenow', '0');
  });

  it('loading, a load failure with retry, English', async () => {
    const loading = renderView({ report: undefined, isLoading: true });
    expect(screen.getByRole('progressbar', { name: 'Carregando relatório…' })).toBeInTheDocument();
    loading.unmount();
    const onReload = vi.fn();
    const failed = renderView({ report: undefined, isError: true, onReload });
    expect(screen.getByText('Não foi possível carregar o relatório da campanha')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Tentar de novo' }));
    expect(onReload).toHaveBeenCalled();
    failed.unmount();
    renderView({}, 'en');
    expect(screen.getByRole('heading', { name: 'Report of Black Friday' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Delivered of valid' })).toHaveAttribute('aria-valuetext', '37.5%');
  });
});
