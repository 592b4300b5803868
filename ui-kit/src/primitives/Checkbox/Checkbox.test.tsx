import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoA11yViolations } from '../../test/a11y';
import { Checkbox } from './Checkbox';

describe('Checkbox', () => {
  it('is a labelled checkbox toggled by click and Space', async () => {
    const onChange = vi.fn();
    render(<Checkbox onChange={onChange}>Vendas</Checkbox>);
    const box = screen.getByRole('checkbox', { name: 'Vendas' });
    await userEvent.click(box);
    expect(box).toBeChecked();
    expect(onChange).toHaveBeenLastCalledWith(true);
    await userEvent.keyboard(' ');
    expect(box).not.toBeChecked();
  });

  it('can be indeterminate', () => {
    render(<Checkbox isIndeterminate aria-label="Selecionar todas as linhas" />);
    expect(screen.getByRole('checkbox', { name: 'Selecionar todas as linhas' })).toBePartiallyChecked();
  });

  it('has no axe violations', async () => {
    const { container } = render(
      <div>
        <Checkbox>Vendas</Checkbox>
        <Checkbox defaultSelected>Suporte</Checkbox>
        <Checkbox isInvalid>Financeiro</Checkbox>
      </div>,
    );
    await expectNoA11yViolations(container);
  });
});
