import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoA11yViolations } from '../../test/a11y';
import { IconButton } from './IconButton';

describe('IconButton', () => {
  it('is a button named by its aria-label, pressed by click and keyboard', async () => {
    const onPress = vi.fn();
    render(<IconButton icon="edit" aria-label="Editar contato" onPress={onPress} />);
    const button = screen.getByRole('button', { name: 'Editar contato' });
    await userEvent.click(button);
    await userEvent.keyboard('{Enter}');
    expect(onPress).toHaveBeenCalledTimes(2);
    expect(button.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  });

  it('has no axe violations', async () => {
    const { container } = render(
      <div>
        <IconButton icon="delete" variant="danger" aria-label="Excluir" />
        <IconButton icon="add" variant="primary" aria-label="Adicionar" isDisabled />
      </div>,
    );
    await expectNoA11yViolations(container);
  });
});
