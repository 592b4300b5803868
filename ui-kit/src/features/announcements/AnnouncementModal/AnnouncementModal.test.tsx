import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../../../provider/api-error';
import { expectNoA11yViolations } from '../../../test/a11y';
import { AtendeRoot } from '../../../theme/AtendeRoot';
import { sampleAnnouncements } from '../announcement-story-data';
import { AnnouncementModal, type AnnouncementModalProps } from './AnnouncementModal';

configure({ asyncUtilTimeout: 5000 });

function renderModal(props: Partial<AnnouncementModalProps> = {}) {
  const onSave = vi.fn<AnnouncementModalProps['onSave']>(async () => undefined);
  const onOpenChange = vi.fn();
  render(
    <AtendeRoot>
      <AnnouncementModal isOpen onOpenChange={onOpenChange} onSave={onSave} {...props} />
    </AtendeRoot>,
  );
  const dialog = () => screen.getByRole('dialog');
  const field = (name: RegExp) => within(dialog()).getByRole('textbox', { name });
  const save = () => userEvent.click(within(dialog()).getByRole('button', { name: 'Salvar' }));
  return { onSave, onOpenChange, dialog, field, save };
}

const png = (name = 'aviso.png', type = 'image/png') => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type });
const fileInput = (dialog: HTMLElement) => dialog.ownerDocument.querySelector<HTMLInputElement>('input[type="file"]')!;

describe('AnnouncementModal', () => {
  it("asks for title and text ('Obrigatório'); axe-clean", async () => {
    const { save, onSave, dialog } = renderModal();
    expect(screen.getByRole('heading', { name: 'Novo informativo' })).toBeInTheDocument();
    await save();
    expect(await within(dialog()).findAllByText('Obrigatório')).toHaveLength(2);
    expect(onSave).not.toHaveBeenCalled();
    await expectNoA11yViolations(dialog());
  }, 30_000);

  it('adds with priority 3 and active by default, with a picked image', async () => {
    const { save, field, onSave, onOpenChange, dialog } = renderModal();
    expect(within(dialog()).getByRole('button', { name: /Prioridade/ })).toHaveTextContent('Baixa');
    expect(within(dialog()).getByRole('switch', { name: 'Ativo' })).toBeChecked();
    await userEvent.type(field(/^Título/), '  Manutenção ');
    await userEvent.type(field(/^Texto/), 'Domingo às 2h.');
    await userEvent.upload(fileInput(dialog()), png());
    expect(within(dialog()).getByText('aviso.png')).toBeInTheDocument();
    await save();
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(onSave.mock.calls[0][0]).toMatchObject({
      values: { title: '  Manutenção ', text: 'Domingo às 2h.', priority: '3', status: true },
      removeMedia: false,
    });
    expect(onSave.mock.calls[0][0].file?.name).toBe('aviso.png');
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('edits: priority and status change, the current image can be removed', async () => {
    const { save, onSave, dialog } = renderModal({ announcement: sampleAnnouncements[0] });
    expect(screen.getByRole('heading', { name: 'Editar informativo' })).toBeInTheDocument();
    await userEvent.click(within(dialog()).getByRole('button', { name: /Prioridade/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Média' }));
    await userEvent.click(within(dialog()).getByRole('switch', { name: 'Ativo' }));
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Remover manutencao.png' }));
    expect(within(dialog()).getByText('O anexo será removido ao salvar.')).toBeInTheDocument();
    await save();
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(onSave.mock.calls[0][0]).toMatchObject({ values: { priority: '2', status: false }, file: null, removeMedia: true });
  });

  it('refuses a file that is not png/jpg/jpeg', async () => {
    const { dialog } = renderModal();
    await userEvent.upload(fileInput(dialog()), new File(['GIF89a'], 'anim.gif', { type: 'image/gif' }), { applyAccept: false });
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent('Envie uma imagem PNG, JPG ou JPEG.');
  });

  it("puts the API's field errors on their fields and stays open", async () => {
    const { save, field, onSave, onOpenChange, dialog } = renderModal();
    onSave.mockRejectedValueOnce(new ApiRequestError(400, { error: 'ERR_VALIDATION', message: 'x', fields: [{ field: 'title', messages: ['Too Long!'] }] }));
    await userEvent.type(field(/^Título/), 'A');
    await userEvent.type(field(/^Texto/), 'B');
    await save();
    expect(await within(dialog()).findByText('Muito longo!')).toBeInTheDocument();
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
  });
});
