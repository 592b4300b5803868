import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { expectNoA11yViolations } from '../../../test/a11y';
import { AtendeRoot } from '../../../theme/AtendeRoot';
import type { Locale } from '../../../i18n';
import { emptyDashboard, sampleDashboard } from '../story-data';
import { DashboardView, type DashboardViewProps } from './DashboardView';

function renderView(props: Partial<DashboardViewProps> = {}, locale: Locale = 'pt') {
  const onHourlyDateChange = vi.fn();
  const utils = render(
    <AtendeRoot locale={locale}>
      <DashboardView
        data={sampleDashboard}
        defaultFilter={{ type: 'date', dateFrom: '2025-03-01', dateTo: '2025-03-31', period: 0 }}
        onFilter={vi.fn()}
        hourlyDate="2025-03-31"
        onHourlyDateChange={onHourlyDateChange}
        {...props}
      />
    </AtendeRoot>,
  );
  return { ...utils, onHourlyDateChange };
}

/** The cards as label → value. */
const cards = () =>
  Object.fromEntries(
    screen.getAllByRole('term').map((dt) => [dt.textContent, dt.nextElementSibling?.textContent ?? dt.parentElement?.querySelector('dd')?.textContent]),
  );

describe('DashboardView', () => {
  it('shows the cards: pending, in progress, finished, leads, average support and wait times, due date', async () => {
    const { container } = renderView();
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(cards()).toEqual({
      'Atendimentos pendentes': '4',
      'Atendimentos acontecendo': '7',
      'Atendimentos realizados': '128',
      Leads: '36',
      'T.M. de atendimento': '20m 10s',
      'T.M. de espera': '1h 05m',
      'Data de vencimento': '15/04/2025',
    });
    expect(screen.getByText('De 01/03/2025 a 31/03/2025')).toBeInTheDocument();
    await expectNoA11yViolations(container);
  });

  it('has the hourly created and closed charts of the day, closed per user and per queue, and the attendants', () => {
    renderView();
    const created = screen.getByRole('table', { name: 'Atendimentos criados por hora' });
    const hours = within(created)
      .getAllByRole('rowheader')
      .map((h) => h.textContent);
    expect(hours).toHaveLength(24);
    expect(hours[0]).toBe('00:00');
    expect(hours[23]).toBe('23:00');
    expect(screen.getByRole('figure', { name: 'Atendimentos criados por hora' })).toHaveTextContent('Total: 51');
    expect(screen.getByRole('figure', { name: 'Atendimentos finalizados por hora' })).toHaveTextContent('Total: 39');
    const byUser = screen.getByRole('table', { name: 'Atendimentos finalizados por atendente' });
    expect(
      within(byUser)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['Ana', 'Bruno', 'Sem atendente']);
    const byQueue = screen.getByRole('table', { name: 'Atendimentos finalizados por fila' });
    expect(
      within(byQueue)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual(['Vendas90', 'Suporte30', 'Sem fila8']);
    expect(screen.getByRole('grid', { name: 'Atendentes' })).toHaveTextContent('Bruno');
  });

  it("an invalid day for the hourly charts says 'Data inválida. Por favor, insira uma data válida.' and keeps the charts' day", async () => {
    const { onHourlyDateChange, container } = renderView();
    const field = screen.getByLabelText('Dia dos gráficos');
    expect(field).toHaveValue('2025-03-31');
    expect(screen.queryByText('Data inválida. Por favor, insira uma data válida.')).toBeNull();
    fireEvent.change(field, { target: { value: '' } });
    expect(screen.getByText('Data inválida. Por favor, insira uma data válida.')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(onHourlyDateChange).not.toHaveBeenCalled();
    await expectNoA11yViolations(container);
    fireEvent.change(field, { target: { value: '2025-03-09' } });
    expect(onHourlyDateChange).toHaveBeenCalledWith('2025-03-09');
    expect(screen.queryByText('Data inválida. Por favor, insira uma data válida.')).toBeNull();
  });

  it('shows dashes without data, and the empty text where nothing was closed', () => {
    renderView({ data: emptyDashboard });
    expect(cards()).toMatchObject({ 'Atendimentos realizados': '0', 'T.M. de atendimento': '—', 'T.M. de espera': '—', 'Data de vencimento': '—' });
    renderView({ data: undefined, isLoading: true });
    expect(screen.getAllByText('Nenhum atendimento finalizado no período').length).toBeGreaterThan(0);
  });

  it('says when the dashboard could not be loaded', () => {
    renderView({ data: undefined, isError: true });
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain('Não foi possível carregar o dashboard.');
  });

  it('speaks English and Spanish', () => {
    const { unmount } = renderView({}, 'en');
    expect(screen.getByText('Pending attendances')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Filter' })).toBeInTheDocument();
    unmount();
    renderView({}, 'es');
    expect(screen.getByText('Atenciones pendientes')).toBeInTheDocument();
  });
});
