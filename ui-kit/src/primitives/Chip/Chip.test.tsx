import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoA11yViolations } from '../../test/a11y';
import { Chip } from './Chip';

describe('Chip', () => {
  it('shows its label and a remove button named after it', async () => {
    const onRemove = vi.fn();
    render(<Chip onRemove={onRemove}>Vendas</Chip>);
    expect(screen.getByText('Vendas')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remover Vendas' }));
    expect(onRemove).toHaveBeenCalledTimes(1);
  });

  it('takes a colour with readable text', () => {
    render(<Chip color="#ffee00">Urgente</Chip>);
    const chip = screen.getByText('Urgente').parentElement!;
    expect(chip.style.getPropertyValue('--atd-chip-bg')).toBe('#ffee00');
    expect(chip.style.getPropertyValue('--atd-chip-fg')).toBe('#06121a');
  });

  it('has no axe violations', async () => {
    const { container } = render(
      <div>
        <Chip>Suporte</Chip>
        <Chip color="#2e7d32" onRemove={() => undefined}>
          Pago
        </Chip>
      </div>,
    );
    await expectNoA11yViolations(container);
  });
});
