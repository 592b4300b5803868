import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../../../provider/api-error';
import { expectNoA11yViolations } from '../../../test/a11y';
import { AtendeRoot } from '../../../theme/AtendeRoot';
import { QUICK_MESSAGE_MEDIA_MAX_BYTES, QUICK_MESSAGE_MEDIA_TYPES } from '../quick-message-rules';
import { quickDto } from '../story-data';
import { QuickMessageModal, type QuickMessageModalProps } from './QuickMessageModal';

function renderModal(props: Partial<QuickMessageModalProps> = {}) {
  const onSave = vi.fn<QuickMessageModalProps['onSave']>(async () => undefined);
  const onOpenChange = vi.fn();
  const utils = render(
    <AtendeRoot>
      <QuickMessageModal isOpen onOpenChange={onOpenChange} canShare onSave={onSave} {...props} />
    </AtendeRoot>,
  );
  const dialog = () => screen.getByRole('dialog');
  const shortcode = () => within(dialog()).getByRole('textbox', { name: /Atalho/ });
  const save = () => userEvent.click(within(dialog()).getByRole('button', { name: 'Salvar' }));
  /** The file the picker hands over (FileTrigger's hidden input). */
  const choose = (file: File) => {
    const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
    Object.defineProperty(input, 'files', { configurable: true, value: [file] });
    input.dispatchEvent(new Event('change', { bubbles: true }));
  };
  return { ...utils, onSave, onOpenChange, dialog, shortcode, save, choose };
}

describe('QuickMessageModal', () => {
  it('requires the shortcode (Obrigatório) and does not validate the message; axe-clean', async () => {
    const { onSave, save, shortcode, dialog } = renderModal();
    expect(screen.getByRole('heading', { name: 'Adicionar resposta rápida' })).toBeInTheDocument();
    await save();
    expect(await within(dialog()).findByText('Obrigatório')).toBeInTheDocument();
    expect(shortcode()).toHaveAttribute('aria-invalid', 'true');
    expect(onSave).not.toHaveBeenCalled();
    await expectNoA11yViolations(dialog());

    await userEvent.type(shortcode(), 'pix');
    await save();
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ shortcode: 'pix', message: '', geral: false, file: null, removeAttachment: false }));
  });

  it('lists the variables a message may hold; a click inserts one at the end of the message; axe-clean', async () => {
    const { onSave, save, shortcode, dialog } = renderModal();
    const variables = within(dialog()).getByRole('group', { name: 'Variáveis' });
    expect(variables).toHaveAccessibleDescription('Preenchidas ao escolher a resposta num atendimento, antes de enviar. Clique para inserir.');
    expect(
      within(variables)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['{{name}}', '{{firstName}}', '{{greeting}}', '{{user}}', '{{queue}}', '{{protocol}}', '{{time}}']);
    await expectNoA11yViolations(dialog());
    await userEvent.type(shortcode(), 'ola');
    const message = within(dialog()).getByRole('textbox', { name: 'Mensagem' });
    await userEvent.click(within(variables).getByRole('button', { name: 'Inserir {{greeting}} (Bom dia, Boa tarde ou Boa noite)' }));
    await userEvent.type(message, ',');
    await userEvent.click(within(variables).getByRole('button', { name: 'Inserir {{name}} (nome do contato)' }));
    expect(message).toHaveValue('{{greeting}}, {{name}}');
    await save();
    await waitFor(() => expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ shortcode: 'ola', message: '{{greeting}}, {{name}}' })));
  });

  it('shows the Privado switch, on by default, to who may share; off makes it shared', async () => {
    const { onSave, save, shortcode, onOpenChange } = renderModal();
    const privateSwitch = screen.getByRole('switch', { name: 'Privado' });
    expect(privateSwitch).toBeChecked();
    expect(screen.getByText('Somente para mim')).toBeInTheDocument();
    await userEvent.click(privateSwitch);
    expect(privateSwitch).not.toBeChecked();
    expect(screen.getByText('Visível para toda a empresa')).toBeInTheDocument();
    await userEvent.type(shortcode(), 'bomdia');
    await userEvent.type(screen.getByRole('textbox', { name: 'Mensagem' }), 'Bom dia!');
    await save();
    await waitFor(() => expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ shortcode: 'bomdia', message: 'Bom dia!', geral: true })));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('hides the switch from who may not share, and the quick message stays private', async () => {
    const { onSave, save, shortcode } = renderModal({ canShare: false, quickMessage: quickDto({ geral: true }) });
    expect(screen.queryByRole('switch')).toBeNull();
    await userEvent.clear(shortcode());
    await userEvent.type(shortcode(), 'pix2');
    await save();
    await waitFor(() => expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ shortcode: 'pix2', geral: false })));
  });

  it('edits with the current values, the switch following geral', async () => {
    renderModal({ quickMessage: quickDto({ shortcode: 'pix', message: 'Chave 123', geral: true }) });
    expect(screen.getByRole('heading', { name: 'Editar resposta rápida' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Atalho/ })).toHaveValue('pix');
    expect(screen.getByRole('textbox', { name: 'Mensagem' })).toHaveValue('Chave 123');
    expect(screen.getByRole('switch', { name: 'Privado' })).not.toBeChecked();
  });

  it('takes a file, shows its name and hands it over on save; the picker accepts what the API takes', async () => {
    const { onSave, save, shortcode, choose } = renderModal();
    expect(document.querySelector('input[type=file]')).toHaveAttribute('accept', QUICK_MESSAGE_MEDIA_TYPES.join(','));
    const file = new File(['%PDF-1.4'], 'tabela.pdf', { type: 'application/pdf' });
    choose(file);
    expect(await screen.findByText('tabela.pdf')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Trocar arquivo' })).toBeInTheDocument();
    await userEvent.type(shortcode(), 'tabela');
    await save();
    await waitFor(() => expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ shortcode: 'tabela', file, removeAttachment: false })));
  });

  it('refuses a file over 16 MB', async () => {
    const { choose } = renderModal();
    const big = new File(['x'], 'video.mp4', { type: 'video/mp4' });
    Object.defineProperty(big, 'size', { value: QUICK_MESSAGE_MEDIA_MAX_BYTES + 1 });
    choose(big);
    expect(await screen.findByRole('alert')).toHaveTextContent('O arquivo excede 16 MB');
    expect(screen.queryByText('video.mp4')).toBeNull();
  });

  it('shows the current attachment and removes it on save', async () => {
    const { onSave, save } = renderModal({ quickMessage: quickDto({ mediaName: 'boleto.pdf', mediaPath: 'qm1-0123456789abcdef.pdf', isMedia: true }) });
    expect(screen.getByText('boleto.pdf')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remover anexo boleto.pdf' }));
    expect(screen.queryByText('boleto.pdf')).toBeNull();
    expect(screen.getByText('O anexo será removido ao salvar.')).toBeInTheDocument();
    await save();
    await waitFor(() => expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ removeAttachment: true, file: null })));
  });

  it('a new file replaces the current one without a removal', async () => {
    const { onSave, save, choose } = renderModal({ quickMessage: quickDto({ mediaName: 'boleto.pdf', mediaPath: 'qm1-0123456789abcdef.pdf', isMedia: true }) });
    const file = new File(['%PDF-1.4'], 'boleto-abril.pdf', { type: 'application/pdf' });
    choose(file);
    expect(await screen.findByText('boleto-abril.pdf')).toBeInTheDocument();
    await save();
    await waitFor(() => expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ removeAttachment: false, file })));
  });

  it('puts an API field error on its field and stays open', async () => {
    const onSave = vi.fn(async () => {
      throw new ApiRequestError(400, { error: 'ERR_VALIDATION', message: 'invalid', fields: [{ field: 'shortcode', messages: ['Too Long!'] }] });
    });
    const { save, shortcode, onOpenChange } = renderModal({ onSave });
    await userEvent.type(shortcode(), 'x');
    await save();
    expect(await screen.findByText('Muito longo!')).toBeInTheDocument();
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
  });
});
