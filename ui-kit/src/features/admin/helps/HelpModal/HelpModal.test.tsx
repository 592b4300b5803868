import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoA11yViolations } from '../../../../test/a11y';
import { AtendeRoot } from '../../../../theme/AtendeRoot';
import { helpBody } from '../help-rules';
import { sampleHelps } from '../story-data';
import { HelpModal, type HelpModalProps } from './HelpModal';

function renderModal(props: Partial<HelpModalProps> = {}) {
  const onSave = vi.fn<HelpModalProps['onSave']>(async () => {});
  const onOpenChange = vi.fn();
  render(
    <AtendeRoot>
      <HelpModal isOpen onOpenChange={onOpenChange} onSave={onSave} {...props} />
    </AtendeRoot>,
  );
  return { onSave, onOpenChange, dialog: screen.getByRole('dialog') };
}

describe('HelpModal', () => {
  it('adds a video from a YouTube link, previewing its thumbnail; axe-clean', async () => {
    const { onSave, onOpenChange, dialog } = renderModal();
    expect(within(dialog).getByRole('heading', { name: 'Adicionar vídeo de ajuda' })).toBeInTheDocument();
    expect(within(dialog).getByText('A miniatura aparece aqui quando o link for válido.')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Título/ }), 'Conectando o WhatsApp');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Vídeo do YouTube/ }), 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=1s');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Descrição/ }), 'Leia o QR code.');
    expect(within(dialog).getByRole('img', { name: 'Miniatura do vídeo' })).toHaveAttribute('src', 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg');
    await expectNoA11yViolations(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(onSave).toHaveBeenCalledTimes(1);
    const [values] = onSave.mock.calls[0];
    expect(helpBody(values)).toEqual({ title: 'Conectando o WhatsApp', description: 'Leia o QR code.', video: 'dQw4w9WgXcQ' });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('refuses a blank title, a long one and a link that is not YouTube, as the API would', async () => {
    const { onSave, dialog } = renderModal();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findAllByText('Obrigatório')).toHaveLength(2);
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Título/ }), 'x'.repeat(101));
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Vídeo do YouTube/ }), 'https://vimeo.com/123456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('Muito longo!')).toBeInTheDocument();
    expect(within(dialog).getByText('Use um link do YouTube ou o código do vídeo')).toBeInTheDocument();
    expect(within(dialog).queryByRole('img', { name: 'Miniatura do vídeo' })).toBeNull();
    expect(onSave).not.toHaveBeenCalled();
  });

  it("edits a video: starts from its values; the API's field error lands on its field and the modal stays open", async () => {
    const refused = Object.assign(new Error('bad'), {
      code: 'ERR_VALIDATION',
      status: 400,
      fields: [{ field: 'video', messages: ['Use a YouTube link or video id'] }],
    });
    const { onOpenChange, dialog } = renderModal({ help: sampleHelps[1], onSave: vi.fn(async () => Promise.reject(refused)) });
    expect(within(dialog).getByRole('heading', { name: 'Editar vídeo de ajuda' })).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /^Título/ })).toHaveValue('Conectando o WhatsApp');
    expect(within(dialog).getByRole('textbox', { name: /^Vídeo do YouTube/ })).toHaveValue('dQw4w9WgXcQ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('Use a YouTube link or video id')).toBeInTheDocument();
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
  });
});
