import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoA11yViolations } from '../../test/a11y';
import { readableOn } from '../../theme/AtendeRoot';
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
    expect(chip.style.getPropertyValue('--atd-chip-fg')).toBe('#000000');
  });

  it('keeps WCAG AA (4.5:1) on any colour, mid-tone reds included', () => {
    const linear = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
    const luminance = (hex: string) => {
      const [r, g, b] = [1, 3, 5].map((i) => linear(parseInt(hex.slice(i, i + 2), 16) / 255));
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const ratio = (a: string, b: string) => {
      const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return (hi + 0.05) / (lo + 0.05);
    };
    for (let i = 0; i < 4096; i += 7) {
      const color = `#${[i >> 8, (i >> 4) & 15, i & 15].map((n) => (n * 17).toString(16).padStart(2, '0')).join('')}`;
      expect(ratio(color, readableOn(color)!), color).toBeGreaterThanOrEqual(4.5);
    }
    expect(readableOn('#e53935')).toBe('#000000');
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
