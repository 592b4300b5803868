import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoA11yViolations } from '../../../test/a11y';
import { AtendeRoot } from '../../../theme/AtendeRoot';
import type { DashboardFilterValue } from '../dashboard-format';
import { DashboardFilters } from './DashboardFilters';

const month: DashboardFilterValue = { type: 'date', dateFrom: '2025-03-01', dateTo: '2025-03-31', period: 0 };

function renderFilters(defaultValue: DashboardFilterValue = month) {
  const onFilter = vi.fn();
  const utils = render(
    <AtendeRoot>
      <DashboardFilters defaultValue={defaultValue} onFilter={onFilter} />
    </AtendeRoot>,
  );
  return { ...utils, onFilter };
}

const setDate = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('DashboardFilters', () => {
  it("by date: 'Filtrar' asks for the start and end dates", async () => {
    const { onFilter, container } = renderFilters();
    expect(screen.getByLabelText('Data inicial')).toHaveValue('2025-03-01');
    setDate('Data inicial', '2025-03-10');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Filtrar' }));
    expect(onFilter).toHaveBeenCalledWith({ date_from: '2025-03-10', date_to: '2025-03-31' });
    expect(screen.queryByText('Parametrize o filtro')).toBeNull();
    await expectNoA11yViolations(container);
  });

  it("by period: offers none, 3, 7, 15, 30, 60 and 90 days, and 'Filtrar' asks for days", async () => {
    const { onFilter } = renderFilters();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Tipo de filtro/ }));
    await user.click(screen.getByRole('option', { name: 'Filtro por período' }));
    expect(screen.queryByLabelText('Data inicial')).toBeNull();
    await user.click(screen.getByRole('button', { name: /Período/ }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Nenhum selecionado',
      'Últimos 3 dias',
      'Últimos 7 dias',
      'Últimos 15 dias',
      'Últimos 30 dias',
      'Últimos 60 dias',
      'Últimos 90 dias',
    ]);
    await user.click(screen.getByRole('option', { name: 'Últimos 15 dias' }));
    await user.click(screen.getByRole('button', { name: 'Filtrar' }));
    expect(onFilter).toHaveBeenCalledWith({ days: 15 });
  });

  it("with no filter says 'Parametrize o filtro' and asks for nothing, by period or by date", async () => {
    const { onFilter, container } = renderFilters({ type: 'period', dateFrom: '', dateTo: '', period: 0 });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Filtrar' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Parametrize o filtro');
    expect(onFilter).not.toHaveBeenCalled();
    await expectNoA11yViolations(container);

    await user.click(screen.getByRole('button', { name: /Tipo de filtro/ }));
    await user.click(screen.getByRole('option', { name: 'Filtro por data' }));
    expect(screen.queryByText('Parametrize o filtro')).toBeNull(); // a change clears it
    await user.click(screen.getByRole('button', { name: 'Filtrar' }));
    expect(screen.getByText('Parametrize o filtro')).toBeInTheDocument();
    expect(onFilter).not.toHaveBeenCalled();
  });

  it("an emptied or impossible date says 'Data inválida. Por favor, insira uma data válida.' under it", async () => {
    const { onFilter, container } = renderFilters();
    const user = userEvent.setup();
    setDate('Data final', '');
    await user.click(screen.getByRole('button', { name: 'Filtrar' }));
    expect(screen.getByText('Data inválida. Por favor, insira uma data válida.')).toBeInTheDocument();
    expect(screen.getByLabelText('Data final')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Data inicial')).not.toHaveAttribute('aria-invalid');
    expect(onFilter).not.toHaveBeenCalled();
    await expectNoA11yViolations(container);

    setDate('Data final', '2025-02-01');
    await user.click(screen.getByRole('button', { name: 'Filtrar' }));
    expect(screen.getByText('A data final não pode ser anterior à data inicial.')).toBeInTheDocument();
    expect(onFilter).not.toHaveBeenCalled();
  });
});
