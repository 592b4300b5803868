import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoA11yViolations } from '../../test/a11y';
import { AtendeRoot } from '../../theme/AtendeRoot';
import { PasswordField } from './PasswordField';

describe('PasswordField', () => {
  it('hides the typed password until the toggle shows it, and hides it again', async () => {
    const onChange = vi.fn();
    render(<PasswordField label="Senha" onChange={onChange} />);
    const input = screen.getByLabelText('Senha');
    await userEvent.type(input, 'segredo1');
    expect(input).toHaveAttribute('type', 'password');
    expect(onChange).toHaveBeenLastCalledWith('segredo1');

    await userEvent.click(screen.getByRole('button', { name: 'Mostrar senha' }));
    expect(screen.getByRole('textbox', { name: 'Senha' })).toHaveValue('segredo1');

    await userEvent.click(screen.getByRole('button', { name: 'Ocultar senha' }));
    expect(screen.getByLabelText('Senha')).toHaveAttribute('type', 'password');
  });

  it('labels the toggle in the locale of the kit root', () => {
    render(
      <AtendeRoot locale="en">
        <PasswordField label="Password" />
      </AtendeRoot>,
    );
    expect(screen.getByRole('button', { name: 'Show password' })).toBeInTheDocument();
  });

  it('toggles from the keyboard', async () => {
    render(<PasswordField label="Senha" defaultValue="abc" />);
    await userEvent.tab();
    expect(screen.getByLabelText('Senha')).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Mostrar senha' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('textbox', { name: 'Senha' })).toHaveValue('abc');
  });

  it('shows its error and marks the input invalid', () => {
    render(<PasswordField label="Senha" isInvalid errorMessage="Too Short!" />);
    const input = screen.getByLabelText('Senha');
    expect(input).toBeInvalid();
    expect(input).toHaveAccessibleDescription('Too Short!');
  });

  it('has no axe violations, hidden, revealed and invalid', async () => {
    const { container } = render(
      <form>
        <PasswordField label="Senha" />
        <PasswordField label="Nova senha" isRevealed defaultValue="x" />
        <PasswordField label="Confirme" isInvalid errorMessage="As senhas não correspondem" />
      </form>,
    );
    await expectNoA11yViolations(container);
  });
});
