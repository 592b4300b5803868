import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoA11yViolations } from '../../test/a11y';
import { AtendeRoot } from '../../theme/AtendeRoot';
import { Spinner } from './Spinner';

describe('Spinner', () => {
  it('is a progressbar named "Carregando..." by default, in the root’s locale', () => {
    render(
      <>
        <Spinner />
        <AtendeRoot locale="en">
          <Spinner />
        </AtendeRoot>
      </>,
    );
    expect(screen.getByRole('progressbar', { name: 'Carregando...' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Loading...' })).toBeInTheDocument();
  });

  it('takes its own label and can show it', async () => {
    const { container } = render(<Spinner label="Buscando contatos" showLabel />);
    expect(screen.getByRole('progressbar', { name: 'Buscando contatos' })).toHaveTextContent('Buscando contatos');
    await expectNoA11yViolations(container);
  });
});
