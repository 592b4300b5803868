import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoA11yViolations } from '../../../test/a11y';
import { AtendeRoot } from '../../../theme/AtendeRoot';
import { sampleDashboard } from '../story-data';
import { AttendantsTable } from './AttendantsTable';

describe('AttendantsTable', () => {
  it('lists name, rating in 1 to 3 stars, average support time and online status', async () => {
    const { container } = render(
      <AtendeRoot>
        <AttendantsTable attendants={sampleDashboard.attendants} />
      </AtendeRoot>,
    );
    const table = screen.getByRole('grid', { name: 'Atendentes' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Nome', 'Avaliação', 'T.M. de atendimento', 'Status (atual)']);
    const [, ana, bruno, carla] = within(table).getAllByRole('row');
    expect(within(ana).getByRole('rowheader')).toHaveTextContent('Ana');
    // 2.5 rounds to 3 filled stars; the exact average is read out.
    expect(within(ana).getByRole('img', { name: '2,5 de 3 estrelas' })).toHaveAttribute('data-filled', '3');
    expect(ana).toHaveTextContent('20m 00s');
    expect(ana).toHaveTextContent('Online');
    expect(within(bruno).getByRole('img', { name: '1,2 de 3 estrelas' })).toHaveAttribute('data-filled', '1');
    expect(bruno).toHaveTextContent('31m 30s');
    expect(bruno).toHaveTextContent('Offline');
    expect(within(carla).getByRole('img', { name: 'Sem avaliação' })).toHaveAttribute('data-filled', '0');
    expect(carla).toHaveTextContent('—');
    await expectNoA11yViolations(container);
  });

  it('says when there are no attendants', () => {
    render(
      <AtendeRoot>
        <AttendantsTable attendants={[]} />
      </AtendeRoot>,
    );
    expect(screen.getByText('Nenhum atendente')).toBeInTheDocument();
  });
});
