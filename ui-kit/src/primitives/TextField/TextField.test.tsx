import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoA11yViolations } from '../../test/a11y';
import { TextField } from './TextField';

describe('TextField', () => {
  it('labels its input and reports typed text', async () => {
    const onChange = vi.fn();
    render(<TextField label="Email" onChange={onChange} />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    await userEvent.type(input, 'ana@example.com');
    expect(input).toHaveValue('ana@example.com');
    expect(onChange).toHaveBeenLastCalledWith('ana@example.com');
  });

  it('reads its description as the input description', () => {
    render(<TextField label="Email" description="O email que você usa para entrar." />);
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('O email que você usa para entrar.');
  });

  it('shows the error message and marks the input invalid when isInvalid', () => {
    render(<TextField label="Email" isInvalid errorMessage="Email inválido" defaultValue="ana@" />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).toBeInvalid();
    expect(input).toHaveAccessibleDescription('Email inválido');
  });

  it('shows no error message while valid', () => {
    render(<TextField label="Email" errorMessage="Email inválido" />);
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeValid();
    expect(screen.queryByText('Email inválido')).not.toBeInTheDocument();
  });

  it('validates as the user types with validationBehavior aria', async () => {
    render(<TextField label="Email" validationBehavior="aria" validate={(value) => (value === '' || value.includes('@') ? null : 'Email inválido')} />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    await userEvent.type(input, 'ana');
    expect(input).toBeInvalid();
    expect(screen.getByText('Email inválido')).toBeInTheDocument();
    await userEvent.type(input, '@example.com');
    expect(input).toBeValid();
  });

  it('is disabled when isDisabled', () => {
    render(<TextField label="Nome" isDisabled />);
    expect(screen.getByRole('textbox', { name: 'Nome' })).toBeDisabled();
  });

  it('has no axe violations, valid or invalid', async () => {
    const { container } = render(
      <form>
        <TextField label="Email" description="O email que você usa para entrar." />
        <TextField label="Senha" type="password" isRequired isInvalid errorMessage="Campo obrigatório" />
      </form>,
    );
    await expectNoA11yViolations(container);
  });
});
