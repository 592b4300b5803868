import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoA11yViolations } from '../../../test/a11y';
import { AtendeRoot } from '../../../theme/AtendeRoot';
import { BRUNO, CARLA, sampleChats } from '../story-data';
import { ChatDialog, type ChatDialogProps } from './ChatDialog';

function renderDialog(props: Partial<ChatDialogProps> = {}) {
  const onSave = vi.fn<ChatDialogProps['onSave']>(async () => undefined);
  const onOpenChange = vi.fn();
  render(
    <AtendeRoot locale="pt">
      <ChatDialog isOpen onOpenChange={onOpenChange} users={[BRUNO, CARLA]} onSave={onSave} {...props} />
    </AtendeRoot>,
  );
  return { onSave, onOpenChange };
}

describe('ChatDialog', () => {
  it("shows the spec's messages inline for a blank title and no user, then saves the trimmed title and the ids", async () => {
    const { onSave, onOpenChange } = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Nova conversa' });
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Título' }), '   ');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Por favor, preencha o título da conversa.')).toBeInTheDocument();
    expect(screen.getByText('Por favor, selecione pelo menos um usuário.')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
    await user.type(screen.getByRole('textbox', { name: 'Título' }), ' Vendas ');
    await user.click(screen.getByRole('checkbox', { name: 'Carla Dias' }));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(onSave).toHaveBeenCalledWith({ title: 'Vendas', users: [CARLA.id] });
    expect(onOpenChange).toHaveBeenCalledWith(false);
    await expectNoA11yViolations(dialog);
  });

  it('fills in the chat being edited (members but the owner)', async () => {
    renderDialog({ chat: sampleChats[0] });
    await screen.findByRole('dialog', { name: 'Editar conversa' });
    expect(screen.getByRole('textbox', { name: 'Título' })).toHaveValue('Equipe de vendas');
    expect(screen.getByRole('checkbox', { name: 'Bruno Costa' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Carla Dias' })).toBeChecked();
  });
});
