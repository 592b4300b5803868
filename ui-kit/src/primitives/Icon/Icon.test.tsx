import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoA11yViolations } from '../../test/a11y';
import { Icon } from './Icon';

describe('Icon', () => {
  it('is hidden from assistive technology unless labelled', () => {
    const { container } = render(<Icon name="search" />);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(container.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  });

  it('is an image named by its label', async () => {
    const { container } = render(<Icon name="info" label="Informação" />);
    expect(screen.getByRole('img', { name: 'Informação' })).toHaveClass('atd-Icon');
    await expectNoA11yViolations(container);
  });
});
