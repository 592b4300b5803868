import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AtendeRoot } from '../../theme/AtendeRoot';
import { expectNoA11yViolations } from '../../test/a11y';
import { UserProfileModalView, type UserProfileModalViewProps } from './UserProfileModal';

const values = {
  name: 'Ana',
  email: 'ana@x.com',
  password: '',
  profile: 'user' as const,
  queueIds: [1],
  whatsappId: null,
  createTicket: 'habilitado' as const,
  viewAllMessageTicket: 'desabilitado' as const,
  automaticDistribution: 'desabilitado' as const,
};

function renderModal(props: Partial<UserProfileModalViewProps> = {}) {
  const onSave = vi.fn();
  const onOpenChange = vi.fn();
  render(
    <AtendeRoot>
      <UserProfileModalView
        isOpen
        onOpenChange={onOpenChange}
        initialValues={values}
        queues={[
          { id: 1, name: 'Suporte', color: '#7C4DFF' },
          { id: 2, name: 'Vendas', color: '#FF9800' },
        ]}
        connections={[{ id: 5, name: 'Comercial' }]}
        canEditProfile={false}
        canEditQueues={false}
        onSave={onSave}
        {...props}
      />
    </AtendeRoot>,
  );
  return { onSave, onOpenChange };
}

describe('UserProfileModalView', () => {
  it('lets a plain user edit name, email and password only', async () => {
    const { onSave, onOpenChange } = renderModal();
    const dialog = screen.getByRole('dialog', { name: 'Editar usuário' });
    expect(screen.getByRole('checkbox', { name: 'Suporte' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Suporte' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Criar atendimento' })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Perfil/ })).toBeDisabled();
    await expectNoA11yViolations(dialog);

    await userEvent.clear(screen.getByRole('textbox', { name: 'Nome' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Nome' }), 'A');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(screen.getByText('Muito curto!')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Nome' }), 'na Maria');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(onSave).toHaveBeenCalledWith({ ...values, name: 'Ana Maria' });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('with editProfile and editQueues, changes queues and switches', async () => {
    const { onSave } = renderModal({ canEditProfile: true, canEditQueues: true });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Vendas' }));
    await userEvent.click(screen.getByRole('switch', { name: 'Distribuição automática' }));
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(onSave).toHaveBeenCalledWith({ ...values, queueIds: [1, 2], automaticDistribution: 'habilitado' });
  });
});
