import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../../../../provider/api-error';
import { expectNoA11yViolations } from '../../../../test/a11y';
import { AtendeRoot } from '../../../../theme/AtendeRoot';
import { sampleConnections, sampleQueues, sampleUsers, userDto } from '../story-data';
import type { UserPermissions } from '../user-rules';
import { UserModal, type UserModalProps } from './UserModal';

const ADMIN: UserPermissions = { canAdd: true, canDelete: true, canEdit: true, canEditAccount: true, canEditProfile: true, canEditQueues: true };
const SUPERVISOR: UserPermissions = { canAdd: false, canDelete: false, canEdit: true, canEditAccount: false, canEditProfile: false, canEditQueues: true };

function renderModal(props: Partial<UserModalProps> = {}) {
  const onSave = vi.fn<UserModalProps['onSave']>(async () => undefined);
  const onOpenChange = vi.fn();
  const utils = render(
    <AtendeRoot>
      <UserModal isOpen onOpenChange={onOpenChange} queues={sampleQueues} connections={sampleConnections} permissions={ADMIN} onSave={onSave} {...props} />
    </AtendeRoot>,
  );
  const dialog = () => screen.getByRole('dialog');
  const field = (name: string | RegExp) => within(dialog()).getByRole('textbox', { name });
  const password = () => within(dialog()).getByLabelText(/^Senha/, { selector: 'input' });
  const select = (name: RegExp) => within(dialog()).getByRole('button', { name });
  const choose = async (name: RegExp, option: string) => {
    await userEvent.click(select(name));
    await userEvent.click(await screen.findByRole('option', { name: option }));
  };
  const save = () => userEvent.click(within(dialog()).getByRole('button', { name: 'Salvar' }));
  return { ...utils, onSave, onOpenChange, dialog, field, password, select, choose, save };
}

describe('UserModal', () => {
  it('validates: name Required / Too Short! / Too Long!, e-mail Required / Invalid email, password Required / 5-50; axe-clean', async () => {
    const { save, field, password, onSave, dialog } = renderModal();
    expect(screen.getByRole('heading', { name: 'Adicionar usuário' })).toBeInTheDocument();
    await save();
    expect(await within(dialog()).findAllByText('Obrigatório')).toHaveLength(3);
    expect(field(/Nome/)).toHaveAttribute('aria-invalid', 'true');
    expect(field(/Email/)).toHaveAttribute('aria-invalid', 'true');
    expect(password()).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(field(/Nome/), 'A');
    await userEvent.type(field(/Email/), 'maria@');
    await userEvent.type(password(), '1234');
    await save();
    expect(await within(dialog()).findByText('E-mail inválido')).toBeInTheDocument();
    // The name and the password.
    expect(within(dialog()).getAllByText('Muito curto!')).toHaveLength(2);
    await userEvent.clear(field(/Nome/));
    await userEvent.type(field(/Nome/), 'x'.repeat(51));
    await save();
    expect(await within(dialog()).findByText('Muito longo!')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
    await expectNoA11yViolations(dialog());
  });

  it("adds with every field of the spec's modal", async () => {
    const { save, field, password, choose, onSave, onOpenChange, dialog } = renderModal();
    await userEvent.type(field(/Nome/), 'Paula Nunes');
    await userEvent.type(field(/Email/), 'paula@empresa.com.br');
    await userEvent.type(password(), 'segredo1');
    expect(within(dialog()).getByText('De 5 a 50 caracteres.')).toBeInTheDocument();
    await choose(/Perfil/, 'Administrador');
    await userEvent.click(within(dialog()).getByRole('checkbox', { name: 'Suporte' }));
    await userEvent.click(within(dialog()).getByRole('checkbox', { name: 'Financeiro' }));
    await choose(/Conexão padrão/, 'Comercial');
    await choose(/Criar atendimento/, 'Desabilitado');
    await choose(/Ver mensagens de todos os atendimentos/, 'Habilitado');
    await choose(/Distribuição automática/, 'Habilitado');
    expect(field(/^ID externo/)).toHaveAccessibleDescription(/no sistema do parceiro/);
    await userEvent.type(field(/^ID externo/), 'crm-4711');
    await save();
    await waitFor(() =>
      expect(onSave).toHaveBeenCalledWith({
        name: 'Paula Nunes',
        email: 'paula@empresa.com.br',
        password: 'segredo1',
        profile: 'admin',
        queueIds: ['1', '3'],
        whatsappId: '2',
        createTicket: 'desabilitado',
        viewAllMessageTicket: 'habilitado',
        automaticDistribution: 'habilitado',
        externalId: 'crm-4711',
      }),
    );
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('offers admin or user as profile, and a connection or none; the defaults of a new user', async () => {
    const { select, dialog } = renderModal();
    expect(select(/Perfil/)).toHaveTextContent('Usuário');
    expect(select(/Conexão padrão/)).toHaveTextContent('Sem conexão');
    expect(select(/Criar atendimento/)).toHaveTextContent('Habilitado');
    expect(select(/Ver mensagens/)).toHaveTextContent('Desabilitado');
    expect(select(/Distribuição automática/)).toHaveTextContent('Desabilitado');
    await userEvent.click(select(/Perfil/));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Administrador', 'Usuário']);
    await userEvent.keyboard('{Escape}');
    await userEvent.click(within(dialog()).getByRole('button', { name: /Conexão padrão/ }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Sem conexão', 'Atendimento', 'Comercial']);
  });

  it('edits with the current values; the password may stay blank (and says so)', async () => {
    const { field, password, select, save, onSave, dialog } = renderModal({ user: sampleUsers[0] });
    expect(screen.getByRole('heading', { name: 'Editar usuário' })).toBeInTheDocument();
    expect(field(/Nome/)).toHaveValue('Ana Administradora');
    expect(field(/Email/)).toHaveValue('ana@empresa.com.br');
    expect(password()).toHaveValue('');
    expect(within(dialog()).getByText('Deixe em branco para manter a senha atual.')).toBeInTheDocument();
    expect(select(/Perfil/)).toHaveTextContent('Administrador');
    expect(select(/Conexão padrão/)).toHaveTextContent('Atendimento');
    expect(select(/Ver mensagens/)).toHaveTextContent('Habilitado');
    expect(within(dialog()).getByRole('checkbox', { name: 'Suporte' })).toBeChecked();
    expect(within(dialog()).getByRole('checkbox', { name: 'Financeiro' })).not.toBeChecked();
    await save();
    await waitFor(() => expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ password: '', name: 'Ana Administradora' })));
    // A short new password is refused.
    onSave.mockClear();
    await userEvent.type(password(), '123');
    await save();
    expect(await within(dialog()).findByText('Muito curto!')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it("keeps a supervisor's profile on edit", () => {
    const { select } = renderModal({ user: sampleUsers[4] });
    expect(select(/Perfil/)).toHaveTextContent('Supervisor');
  });

  it('without user-modal:editProfile the profile, connection and permissions are disabled; without editQueues the queues', () => {
    const { select, field, dialog, unmount } = renderModal({ user: sampleUsers[1], permissions: SUPERVISOR });
    expect(select(/Perfil/)).toBeDisabled();
    expect(select(/Conexão padrão/)).toBeDisabled();
    expect(select(/Criar atendimento/)).toBeDisabled();
    expect(select(/Ver mensagens/)).toBeDisabled();
    expect(select(/Distribuição automática/)).toBeDisabled();
    expect(field(/^ID externo/)).toBeDisabled();
    expect(within(dialog()).getByText('Só um administrador pode mudar o perfil, a conexão e as permissões.')).toBeInTheDocument();
    // A supervisor assigns queues; another user's name and e-mail are not theirs to change.
    expect(within(dialog()).getByRole('checkbox', { name: 'Vendas' })).toBeEnabled();
    expect(field(/Nome/)).toBeDisabled();
    expect(within(dialog()).getByText('Só um administrador pode mudar o nome, o email e a senha de outro usuário.')).toBeInTheDocument();
    unmount();

    const own = renderModal({ user: sampleUsers[1], permissions: { ...SUPERVISOR, canEditQueues: false }, isSelf: true });
    expect(own.field(/Nome/)).toBeEnabled();
    expect(within(own.dialog()).getByRole('checkbox', { name: 'Vendas' })).toBeDisabled();
    expect(within(own.dialog()).getByText('Você não pode mudar as filas deste usuário.')).toBeInTheDocument();
  });

  it('puts an e-mail already registered on the e-mail field and ERR_LAST_ADMIN on the profile, and stays open', async () => {
    const onSave = vi
      .fn<UserModalProps['onSave']>()
      .mockRejectedValueOnce(
        new ApiRequestError(409, {
          error: 'ERR_EMAIL_ALREADY_REGISTERED',
          message: 'taken',
          fields: [{ field: 'email', messages: ['This e-mail is already registered'] }],
        }),
      )
      .mockRejectedValueOnce(new ApiRequestError(409, { error: 'ERR_LAST_ADMIN', message: 'last admin' }));
    const { save, field, select, dialog, onOpenChange } = renderModal({ onSave, user: sampleUsers[0] });
    await save();
    expect(await within(dialog()).findByText('Este email já está cadastrado.')).toBeInTheDocument();
    expect(field(/Email/)).toHaveAttribute('aria-invalid', 'true');
    await save();
    expect(await within(dialog()).findByText(/A empresa precisa de pelo menos um administrador/)).toBeInTheDocument();
    expect(select(/Perfil/).closest('.atd-Select')).toHaveAttribute('data-invalid', 'true');
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
  });

  it("says plainly when the plan's user limit is reached, or user creation is disabled", async () => {
    const onSave = vi
      .fn<UserModalProps['onSave']>()
      .mockRejectedValueOnce(new ApiRequestError(403, { error: 'ERR_PLAN_LIMIT_REACHED', message: 'limit' }))
      .mockRejectedValueOnce(new ApiRequestError(403, { error: 'ERR_USER_CREATION_DISABLED', message: 'disabled' }));
    const { save, field, password, dialog, onOpenChange } = renderModal({ onSave, planUsage: { plan: 'Básico', limit: 3, used: 3 } });
    await userEvent.type(field(/Nome/), 'Paula Nunes');
    await userEvent.type(field(/Email/), 'paula@empresa.com.br');
    await userEvent.type(password(), 'segredo1');
    await save();
    const alert = await within(dialog()).findByRole('alert');
    expect(alert).toHaveTextContent('Limite de usuários do plano atingido');
    expect(alert).toHaveTextContent('O plano Básico permite até 3 usuários.');
    await save();
    await waitFor(() => expect(within(dialog()).getByRole('alert')).toHaveTextContent('Criação de usuários desabilitada'));
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
  });

  it("puts the API's field errors on their fields; one the form lacks shows above it", async () => {
    const onSave = vi
      .fn<UserModalProps['onSave']>()
      .mockRejectedValueOnce(
        new ApiRequestError(400, { error: 'ERR_VALIDATION', message: 'bad', fields: [{ field: 'queueIds', messages: ['Unknown queues: 9'] }] }),
      )
      .mockRejectedValueOnce(new ApiRequestError(403, { error: 'ERR_NO_PERMISSION', message: 'no', fields: [{ field: 'super', messages: ['Not allowed'] }] }));
    const { save, dialog } = renderModal({ onSave, user: sampleUsers[1] });
    await save();
    expect(await within(dialog()).findByText('Unknown queues: 9')).toBeInTheDocument();
    await save();
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent('Você não tem permissão para acessar este recurso.');
  });

  it('waits for the queues; a company without queues says so', () => {
    const { unmount } = renderModal({ queues: undefined });
    expect(screen.getByRole('progressbar', { name: 'Carregando filas...' })).toBeInTheDocument();
    unmount();
    renderModal({ queues: [], user: userDto() });
    expect(screen.getByText('Nenhuma fila cadastrada.')).toBeInTheDocument();
  });
});
