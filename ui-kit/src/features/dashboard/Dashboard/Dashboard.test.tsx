import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expectNoA11yViolations } from '../../../test/a11y';
import { json } from '../../../test/provider-fakes';
import { renderSignedIn } from '../../../test/signed-in';
import { sampleDashboard } from '../story-data';
import { Dashboard } from './Dashboard';

function renderDashboard() {
  const queries: Record<string, string>[] = [];
  const utils = renderSignedIn(<Dashboard today="2025-03-17" />, {
    'GET /dashboard': (request: Request) => {
      const query = Object.fromEntries(new URL(request.url).searchParams);
      queries.push(query);
      return json(200, { ...sampleDashboard, counters: { ...sampleDashboard.counters, supportFinished: queries.length } });
    },
  });
  return { ...utils, queries };
}

const finished = () => screen.getByText('Atendimentos realizados').nextElementSibling?.textContent;

describe('Dashboard (connected)', () => {
  it('asks GET /dashboard for the current month by date and today for the hourly charts, and shows the answer', async () => {
    const { queries, container } = renderDashboard();
    await waitFor(() => expect(finished()).toBe('1'));
    expect(queries).toEqual([{ date_from: '2025-03-01', date_to: '2025-03-17', date: '2025-03-17' }]);
    expect(screen.getByText('Leads').nextElementSibling).toHaveTextContent('36');
    await expectNoA11yViolations(container);
  });

  it("'Filtrar' by period asks for days; the hourly day asks for date; no filter asks for nothing", async () => {
    const { queries } = renderDashboard();
    await waitFor(() => expect(queries).toHaveLength(1));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Tipo de filtro/ }));
    await user.click(screen.getByRole('option', { name: 'Filtro por período' }));
    await user.click(screen.getByRole('button', { name: 'Filtrar' }));
    expect(screen.getByText('Parametrize o filtro')).toBeInTheDocument();
    expect(queries).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: /Período/ }));
    await user.click(screen.getByRole('option', { name: 'Últimos 7 dias' }));
    await user.click(screen.getByRole('button', { name: 'Filtrar' }));
    await waitFor(() => expect(queries).toHaveLength(2));
    expect(queries[1]).toEqual({ days: '7', date: '2025-03-17' });
    await waitFor(() => expect(finished()).toBe('2'));

    fireEvent.change(screen.getByLabelText('Dia dos gráficos'), { target: { value: '2025-03-09' } });
    await waitFor(() => expect(queries).toHaveLength(3));
    expect(queries[2]).toEqual({ days: '7', date: '2025-03-09' });
  });
});
