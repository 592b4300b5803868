import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoA11yViolations } from '../../test/a11y';
import { Badge } from './Badge';

describe('Badge', () => {
  it('shows a count, capped at max+', () => {
    render(
      <>
        <Badge count={3} />
        <Badge count={150} />
        <Badge count={12} max={9} />
      </>,
    );
    expect(screen.getByText('3')).toBeInTheDocument();
    expect(screen.getByText('99+')).toBeInTheDocument();
    expect(screen.getByText('9+')).toBeInTheDocument();
  });

  it('a dot says what it means to assistive technology only', async () => {
    const { container } = render(
      <button>
        Chat interno <Badge dot variant="danger" label="mensagens não lidas" />
      </button>,
    );
    expect(screen.getByRole('button', { name: 'Chat interno mensagens não lidas' })).toBeInTheDocument();
    expect(container.querySelector('.atd-Badge')).toHaveAttribute('data-dot', 'true');
    await expectNoA11yViolations(container);
  });

  it('reads a label in place of the visible count', () => {
    render(<Badge count={4} label="4 atendimentos aguardando" />);
    expect(screen.getByText('4')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByText('4 atendimentos aguardando')).toHaveClass('atd-visually-hidden');
  });
});
