import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoA11yViolations } from '../../../test/a11y';
import { AtendeRoot } from '../../../theme/AtendeRoot';
import { barData, DashboardChart, doughnutData, type ChartPoint } from './DashboardChart';

// jsdom has no canvas: the chart components are stand-ins that show what they would draw.
vi.mock('react-chartjs-2', () => ({
  Bar: (props: { data: { labels: string[]; datasets: { data: number[] }[] }; 'aria-label': string }) => (
    <canvas role="img" aria-label={props['aria-label']} data-kind="bar" data-values={props.data.datasets[0].data.join(',')} />
  ),
  Doughnut: (props: { data: { labels: string[]; datasets: { data: number[] }[] }; 'aria-label': string }) => (
    <canvas role="img" aria-label={props['aria-label']} data-kind="doughnut" data-values={props.data.datasets[0].data.join(',')} />
  ),
}));

const points: ChartPoint[] = [
  { label: 'Vendas', count: 5, color: '#7C4DFF' },
  { label: 'Sem fila', count: 2 },
  { label: 'Suporte', count: 0, color: '#26A69A' },
];

/** Gives every element a size, as a browser would, so the chart draws. */
function withLayout() {
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(400);
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(240);
}

afterEach(() => vi.restoreAllMocks());

describe('DashboardChart', () => {
  it('has a text alternative: a table of every label and count, captioned by the title, and the total', async () => {
    const { container } = render(
      <AtendeRoot>
        <DashboardChart kind="doughnut" title="Atendimentos finalizados por fila" labelHeader="Fila" points={points} />
      </AtendeRoot>,
    );
    const table = screen.getByRole('table', { name: 'Atendimentos finalizados por fila' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Fila', 'Quantidade']);
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual(['Vendas5', 'Sem fila2', 'Suporte0']);
    expect(screen.getByRole('figure', { name: 'Atendimentos finalizados por fila' })).toHaveTextContent('Total: 7');
    await expectNoA11yViolations(container);
  });

  it('draws only in a box with a size (none in jsdom), and then names the canvas with a summary', () => {
    const { unmount } = render(
      <AtendeRoot>
        <DashboardChart kind="bar" title="Por hora" labelHeader="Hora" points={points} />
      </AtendeRoot>,
    );
    expect(screen.queryByRole('img')).toBeNull();
    unmount();
    withLayout();
    render(
      <AtendeRoot>
        <DashboardChart kind="bar" title="Por hora" labelHeader="Hora" points={points} />
      </AtendeRoot>,
    );
    const canvas = screen.getByRole('img', { name: 'Por hora: Vendas 5, Sem fila 2' });
    expect(canvas).toHaveAttribute('data-kind', 'bar');
    expect(canvas).toHaveAttribute('data-values', '5,2,0');
  });

  it('shows the empty text in place of a chart with nothing to count', () => {
    withLayout();
    render(
      <AtendeRoot>
        <DashboardChart kind="doughnut" title="Por fila" labelHeader="Fila" points={[]} emptyText="Nenhum atendimento finalizado no período" />
      </AtendeRoot>,
    );
    expect(screen.getByText('Nenhum atendimento finalizado no período')).toBeInTheDocument();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('builds bar data as one series, and doughnut slices in the queue colour or the palette', () => {
    expect(barData(points, 'Quantidade', '#00f')).toMatchObject({
      labels: ['Vendas', 'Sem fila', 'Suporte'],
      datasets: [{ label: 'Quantidade', data: [5, 2, 0], backgroundColor: '#00f' }],
    });
    expect(doughnutData(points, 'Quantidade', ['#111', '#222', '#333'], '#fff').datasets[0]).toMatchObject({
      data: [5, 2, 0],
      backgroundColor: ['#7C4DFF', '#222', '#26A69A'],
      borderColor: '#fff',
    });
  });
});
