import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoA11yViolations } from '../../test/a11y';
import { Button } from './Button';

describe('Button', () => {
  it('is a button named by its content that calls onPress when clicked', async () => {
    const onPress = vi.fn();
    render(<Button onPress={onPress}>Salvar</Button>);
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(onPress).toHaveBeenCalledTimes(1);
  });

  it('is reachable by keyboard and activates with Enter and Space', async () => {
    const onPress = vi.fn();
    render(<Button onPress={onPress}>Salvar</Button>);
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Salvar' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard(' ');
    expect(onPress).toHaveBeenCalledTimes(2);
  });

  it('does not fire when disabled', async () => {
    const onPress = vi.fn();
    render(
      <Button isDisabled onPress={onPress}>
        Excluir
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Excluir' });
    expect(button).toBeDisabled();
    await userEvent.click(button);
    expect(onPress).not.toHaveBeenCalled();
  });

  it('exposes its variant and the kit class for styling, keeping a custom class', () => {
    render(
      <>
        <Button>Primário</Button>
        <Button variant="danger" className="host-extra">
          Excluir
        </Button>
      </>,
    );
    expect(screen.getByRole('button', { name: 'Primário' })).toHaveAttribute('data-variant', 'primary');
    const danger = screen.getByRole('button', { name: 'Excluir' });
    expect(danger).toHaveAttribute('data-variant', 'danger');
    expect(danger).toHaveClass('atd-Button', 'host-extra');
  });

  it('has no axe violations in each variant and when disabled', async () => {
    const { container } = render(
      <div>
        <Button>Salvar</Button>
        <Button variant="secondary">Cancelar</Button>
        <Button variant="danger">Excluir</Button>
        <Button isDisabled>Enviar</Button>
      </div>,
    );
    await expectNoA11yViolations(container);
  });
});
