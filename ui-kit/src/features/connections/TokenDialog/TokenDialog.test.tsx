import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoA11yViolations } from '../../../test/a11y';
import { AtendeRoot } from '../../../theme/AtendeRoot';
import { TokenDialog, type TokenDialogProps } from './TokenDialog';

const TOKEN = 'atd_5Yk0yZ3Q2l9mXc1rJ8tWq4nH7vB6sD0aF2gE';

function renderDialog(props: Partial<TokenDialogProps> = {}) {
  const onOpenChange = vi.fn();
  render(
    <AtendeRoot>
      <TokenDialog isOpen token={TOKEN} connectionName="Comercial" onOpenChange={onOpenChange} {...props} />
    </AtendeRoot>,
  );
  return { onOpenChange };
}

describe('TokenDialog', () => {
  afterEach(() => Reflect.deleteProperty(navigator, 'clipboard'));

  it('shows the token once, with the warning and how to use it; axe-clean', async () => {
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Token da API de mensagens' });
    expect(dialog).toHaveTextContent('Conexão Comercial');
    expect(dialog).toHaveTextContent('Copie e guarde este token agora: ele não será mostrado novamente.');
    expect(screen.getByRole('textbox', { name: 'Token' })).toHaveValue(TOKEN);
    expect(screen.getByRole('textbox', { name: 'Token' })).toHaveAttribute('readonly');
    expect(dialog).toHaveTextContent('Authorization: Bearer <token>');
    await expectNoA11yViolations(dialog);
  });

  it('copies the token', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    renderDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Copiar Token' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(TOKEN));
    expect(await screen.findByText('Copiado!')).toBeInTheDocument();
  });

  it('links to the messages API page, closing first', async () => {
    const onOpenMessagesApi = vi.fn();
    const { onOpenChange } = renderDialog({ onOpenMessagesApi });
    await userEvent.click(screen.getByRole('button', { name: 'Ver como enviar mensagens pela API' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(onOpenMessagesApi).toHaveBeenCalled();
  });

  it('has no docs link without the callback; its focused button closes it', async () => {
    const { onOpenChange } = renderDialog();
    expect(screen.queryByRole('button', { name: 'Ver como enviar mensagens pela API' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Pronto, guardei o token' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Pronto, guardei o token' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});
