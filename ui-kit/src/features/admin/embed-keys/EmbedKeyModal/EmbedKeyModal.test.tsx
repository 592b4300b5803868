import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoA11yViolations } from '../../../../test/a11y';
import { AtendeRoot } from '../../../../theme/AtendeRoot';
import { embedKeyDto } from '../story-data';
import { EmbedKeyModal, type EmbedKeyModalProps } from './EmbedKeyModal';

function renderModal(props: Partial<EmbedKeyModalProps> = {}, locale: 'pt' | 'en' | 'es' = 'pt') {
  const onSave = vi.fn<EmbedKeyModalProps['onSave']>(async () => {});
  const onOpenChange = vi.fn();
  render(
    <AtendeRoot locale={locale}>
      <EmbedKeyModal isOpen onOpenChange={onOpenChange} onSave={onSave} {...props} />
    </AtendeRoot>,
  );
  return { onSave, onOpenChange, dialog: screen.getByRole('dialog') };
}

const originsBox = (dialog: HTMLElement) => within(dialog).getByRole('textbox', { name: /^Origens permitidas/ });

describe('EmbedKeyModal', () => {
  it('adds a key with a name and one origin a line; axe-clean', async () => {
    const { onSave, onOpenChange, dialog } = renderModal();
    expect(within(dialog).getByRole('heading', { name: 'Adicionar chave de incorporação' })).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Nome/ }), 'Loja');
    await userEvent.type(originsBox(dialog), 'https://loja.com.br{Enter}http://localhost:5173/');
    await expectNoA11yViolations(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Criar chave' }));
    expect(onSave).toHaveBeenCalledWith({ name: 'Loja', origins: 'https://loja.com.br\nhttp://localhost:5173/' });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('refuses a missing name, no origin, and a line that is not an http(s) origin, naming it', async () => {
    const { onSave, dialog } = renderModal();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Criar chave' }));
    expect(await within(dialog).findByText('Obrigatório')).toBeInTheDocument();
    expect(within(dialog).getByText('Informe pelo menos uma origem')).toBeInTheDocument();
    await userEvent.type(originsBox(dialog), 'https://loja.com.br/app');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Criar chave' }));
    expect(await within(dialog).findByText(/^"https:\/\/loja.com.br\/app" não é uma origem/)).toBeInTheDocument();
    expect(originsBox(dialog)).toHaveAttribute('aria-invalid', 'true');
    await userEvent.clear(originsBox(dialog));
    await userEvent.type(originsBox(dialog), 'ftp://a.com{Enter}loja.com.br');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Criar chave' }));
    expect(await within(dialog).findByText(/^2 linhas não são origens, a primeira: "ftp:\/\/a.com"/)).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it("edits a key's origins; the API's field errors land on the fields (allowedOrigins.1 on the origins)", async () => {
    const invalid = Object.assign(new Error('bad'), {
      code: 'ERR_VALIDATION',
      status: 400,
      fields: [{ field: 'allowedOrigins.1', messages: ['allowedOrigins.1 must be an origin'] }],
    });
    const onSave = vi.fn<EmbedKeyModalProps['onSave']>().mockRejectedValueOnce(invalid);
    const { onOpenChange, dialog } = renderModal({ embedKey: embedKeyDto(), onSave });
    expect(within(dialog).getByRole('heading', { name: 'Editar chave de incorporação' })).toBeInTheDocument();
    expect(originsBox(dialog)).toHaveValue('https://portal.parceiro.com.br');
    await userEvent.type(originsBox(dialog), '{Enter}https://b.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('allowedOrigins.1 must be an origin')).toBeInTheDocument();
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
  });

  it('a refusal without fields (a key revoked meanwhile) shows in the dialog', async () => {
    const revoked = Object.assign(new Error('revoked'), {
      code: 'ERR_EMBED_KEY_REVOKED',
      status: 409,
      message: 'This embed key was revoked and cannot change',
    });
    const onSave = vi.fn<EmbedKeyModalProps['onSave']>().mockRejectedValueOnce(revoked);
    const { dialog } = renderModal({ embedKey: embedKeyDto(), onSave });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByRole('alert')).toBeInTheDocument();
  });

  it('speaks English and Spanish', () => {
    const { dialog } = renderModal({}, 'en');
    expect(within(dialog).getByRole('textbox', { name: /^Allowed origins/ })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Create key' })).toBeInTheDocument();
  });
});
