import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoA11yViolations } from '../../test/a11y';
import { LoadFailed } from './LoadFailed';

describe('LoadFailed', () => {
  it("says what failed and loads again with 'Tentar de novo'", async () => {
    const onRetry = vi.fn();
    const { container } = render(<LoadFailed title="Não foi possível carregar as faturas." onRetry={onRetry} />);
    expect(screen.getByRole('heading', { level: 3, name: 'Não foi possível carregar as faturas.' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Tentar de novo' }));
    expect(onRetry).toHaveBeenCalledOnce();
    await expectNoA11yViolations(container);
  });

  it('has no button without onRetry', () => {
    render(<LoadFailed title="Falhou." />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
