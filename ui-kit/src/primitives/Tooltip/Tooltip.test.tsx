import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expectNoA11yViolations } from '../../test/a11y';
import { Button } from '../Button/Button';
import { Tooltip } from './Tooltip';

describe('Tooltip', () => {
  it('shows on keyboard focus, describes the trigger and closes with Escape', async () => {
    const { container } = render(
      <Tooltip content="Você não tem permissão para criar atendimentos">
        <Button>Novo</Button>
      </Tooltip>,
    );
    await userEvent.tab();
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip).toHaveTextContent('Você não tem permissão para criar atendimentos');
    expect(screen.getByRole('button', { name: 'Novo' })).toHaveAccessibleDescription('Você não tem permissão para criar atendimentos');
    await expectNoA11yViolations(container);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });
});
