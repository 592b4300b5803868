import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoA11yViolations } from '../../test/a11y';
import { Switch } from './Switch';

describe('Switch', () => {
  it('is a labelled switch that toggles on click and with Space', async () => {
    const onChange = vi.fn();
    render(<Switch onChange={onChange}>Mostrar todos</Switch>);
    const control = screen.getByRole('switch', { name: 'Mostrar todos' });
    expect(control).not.toBeChecked();
    await userEvent.click(control);
    expect(control).toBeChecked();
    expect(onChange).toHaveBeenLastCalledWith(true);
    await userEvent.keyboard(' ');
    expect(control).not.toBeChecked();
  });

  it('shows its state as data-selected for styling', async () => {
    render(<Switch defaultSelected>Ativo</Switch>);
    expect(screen.getByRole('switch', { name: 'Ativo' }).closest('.atd-Switch')).toHaveAttribute('data-selected', 'true');
  });

  it('does not change when disabled', async () => {
    render(<Switch isDisabled>Ativo</Switch>);
    const control = screen.getByRole('switch', { name: 'Ativo' });
    expect(control).toBeDisabled();
    await userEvent.click(control);
    expect(control).not.toBeChecked();
  });

  it('has no axe violations', async () => {
    const { container } = render(
      <div>
        <Switch>Mostrar todos</Switch>
        <Switch defaultSelected>Ativo</Switch>
        <Switch aria-label="Sem texto" />
      </div>,
    );
    await expectNoA11yViolations(container);
  });
});
