import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoA11yViolations } from '../../test/a11y';
import { Button } from '../Button/Button';
import { EmptyState } from './EmptyState';

describe('EmptyState', () => {
  it('shows a heading, a description and an action', async () => {
    const { container } = render(
      <EmptyState title="Nenhuma tarefa pendente." description="Crie uma tarefa para começar." action={<Button>Nova tarefa</Button>} />,
    );
    expect(screen.getByRole('heading', { level: 3, name: 'Nenhuma tarefa pendente.' })).toBeInTheDocument();
    expect(screen.getByText('Crie uma tarefa para começar.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nova tarefa' })).toBeInTheDocument();
    expect(container.querySelector('.atd-EmptyState-icon')).toHaveAttribute('aria-hidden', 'true');
    await expectNoA11yViolations(container);
  });

  it('can go without an icon and at another heading level', () => {
    const { container } = render(<EmptyState icon={null} title="Nenhum aviso de sistema." headingLevel={2} />);
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Nenhum aviso de sistema.');
    expect(container.querySelector('.atd-EmptyState-icon')).toBeNull();
  });
});
