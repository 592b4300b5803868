import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { expectNoA11yViolations } from '../test/a11y';
import { AtendeRoot } from '../theme/AtendeRoot';
import { Form, FormPasswordField, FormSelect, FormSubmit, FormSwitch, FormTextField } from './Form';
import { applyServerErrors } from './server-errors';
import { emailRule, nameRule, passwordRule } from './validators';

interface Values {
  name: string;
  email: string;
  password: string;
  profile: string | null;
  active: boolean;
}

function UserForm({ onSubmit, serverError }: { onSubmit: (values: Values) => void; serverError?: unknown }) {
  const form = useForm<Values>({ defaultValues: { name: '', email: '', password: '', profile: 'user', active: true } });
  return (
    <Form
      form={form}
      aria-label="Usuário"
      onSubmit={async (values) => {
        if (serverError) {
          applyServerErrors(form.setError, serverError);
          return;
        }
        onSubmit(values);
      }}
    >
      <FormTextField<Values> name="name" label="Nome" rule={nameRule} />
      <FormTextField<Values> name="email" label="Email" rule={emailRule} />
      <FormPasswordField<Values> name="password" label="Senha" rule={passwordRule} />
      <FormSelect<Values>
        name="profile"
        label="Perfil"
        items={[
          { id: 'admin', label: 'Administrador' },
          { id: 'user', label: 'Usuário' },
        ]}
      />
      <FormSwitch<Values> name="active">Ativo</FormSwitch>
      <FormSubmit>Salvar</FormSubmit>
    </Form>
  );
}

describe('forms', () => {
  it('shows the spec’s messages on submit and does not submit an invalid form', async () => {
    const onSubmit = vi.fn();
    render(<UserForm onSubmit={onSubmit} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Nome' }), 'A');
    await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'ana@');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Muito curto!')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Nome' })).toBeInvalid();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription('E-mail inválido');
    expect(screen.getByLabelText('Senha')).toHaveAccessibleDescription('Obrigatório');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits the values of every bound field once they are valid', async () => {
    const onSubmit = vi.fn();
    render(<UserForm onSubmit={onSubmit} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Nome' }), 'Ana Souza');
    await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'ana@example.com');
    await userEvent.type(screen.getByLabelText('Senha'), 'segredo');
    await userEvent.click(screen.getByRole('button', { name: /Perfil/ }));
    await userEvent.click(screen.getByRole('option', { name: 'Administrador' }));
    await userEvent.click(screen.getByRole('switch', { name: 'Ativo' }));
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
        name: 'Ana Souza',
        email: 'ana@example.com',
        password: 'segredo',
        profile: 'admin',
        active: false,
      }),
    );
  });

  it('re-validates as the user corrects a field after a failed submit', async () => {
    render(<UserForm onSubmit={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    const name = screen.getByRole('textbox', { name: 'Nome' });
    await waitFor(() => expect(name).toBeInvalid());
    await userEvent.type(name, 'Ana');
    expect(name).toBeValid();
  });

  it('translates rule messages in the kit root’s locale', async () => {
    render(
      <AtendeRoot locale="es">
        <UserForm onSubmit={vi.fn()} />
      </AtendeRoot>,
    );
    await userEvent.type(screen.getByRole('textbox', { name: 'Nome' }), 'A');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('¡Muy corto!')).toBeInTheDocument();
  });

  it('puts an API validation error on its fields', async () => {
    const serverError = { error: 'ERR_VALIDATION', message: 'Invalid fields: email', fields: [{ field: 'email', messages: ['email already used'] }] };
    render(<UserForm onSubmit={vi.fn()} serverError={serverError} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Nome' }), 'Ana');
    await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'ana@example.com');
    await userEvent.type(screen.getByLabelText('Senha'), 'segredo');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    const email = screen.getByRole('textbox', { name: 'Email' });
    await waitFor(() => expect(email).toHaveAccessibleDescription('email already used'));
    expect(email).toHaveFocus();
  });

  it('has no axe violations with errors shown', async () => {
    const { container } = render(<UserForm onSubmit={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await screen.findAllByText('Obrigatório');
    await expectNoA11yViolations(container);
  });
});
