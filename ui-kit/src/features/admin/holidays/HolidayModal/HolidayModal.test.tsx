import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoA11yViolations } from '../../../../test/a11y';
import { AtendeRoot } from '../../../../theme/AtendeRoot';
import { holidayDto } from '../story-data';
import { HolidayModal, type HolidayModalProps } from './HolidayModal';

function renderModal(props: Partial<HolidayModalProps> = {}) {
  const onSave = vi.fn<HolidayModalProps['onSave']>(async () => {});
  const onOpenChange = vi.fn();
  render(
    <AtendeRoot>
      <HolidayModal isOpen onOpenChange={onOpenChange} onSave={onSave} {...props} />
    </AtendeRoot>,
  );
  return { onSave, onOpenChange, dialog: screen.getByRole('dialog') };
}

/** Picks a file in the dialog's hidden file input, as the browser's picker would. */
function pickFile(file: File) {
  const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
  Object.defineProperty(input, 'files', { configurable: true, value: [file] });
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'natal.png', { type: 'image/png' });

afterEach(() => {
  for (const key of ['createObjectURL', 'revokeObjectURL']) delete (URL as unknown as Record<string, unknown>)[key];
});

describe('HolidayModal', () => {
  it('adds a holiday on the day chosen, with an image previewed before the save; axe-clean', async () => {
    // jsdom has no object URLs: a stand-in that also shows the preview is let go.
    const revoke = vi.fn();
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:preview-1'), revokeObjectURL: revoke });
    const { onSave, onOpenChange, dialog } = renderModal({ date: '2026-12-24' });
    expect(within(dialog).getByRole('heading', { name: 'Adicionar feriado' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Data/)).toHaveValue('2026-12-24');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Nome/ }), 'Véspera de Natal');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Mensagem/ }), 'Hoje atendemos até as 12h.');
    pickFile(png());
    const preview = await within(dialog).findByRole('img', { name: 'Prévia de natal.png' });
    expect(preview).toHaveAttribute('src', 'blob:preview-1');
    await expectNoA11yViolations(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(onSave).toHaveBeenCalledTimes(1);
    const [{ values, file, removeMedia }] = onSave.mock.calls[0];
    expect(values).toEqual({ name: 'Véspera de Natal', dateHoliday: '2026-12-24', body: 'Hoje atendemos até as 12h.' });
    expect(file?.name).toBe('natal.png');
    expect(removeMedia).toBe(false);
    expect(onOpenChange).toHaveBeenCalledWith(false);
    cleanup();
    expect(revoke).toHaveBeenCalledWith('blob:preview-1');
  });

  it("checks the fields with the spec's texts ('Obrigatório', 'Mensagem muito curta') and refuses a file that is not PNG or JPEG", async () => {
    const { onSave, dialog } = renderModal();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findAllByText('Obrigatório')).toHaveLength(3);
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Mensagem/ }), 'Oi');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('Mensagem muito curta')).toBeInTheDocument();
    pickFile(new File(['GIF89a'], 'anim.gif', { type: 'image/gif' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Escolha uma imagem PNG ou JPEG.');
    expect(within(dialog).queryByText('anim.gif')).toBeNull();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('edits one with an image: removing it asks the caller to remove it on save', async () => {
    const holiday = holidayDto({ id: 4, mediaName: 'natal.png', mediaPath: 'h4.png' });
    const { onSave, dialog } = renderModal({ holiday });
    expect(within(dialog).getByRole('heading', { name: 'Editar feriado' })).toBeInTheDocument();
    expect(within(dialog).getByText('natal.png')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remover imagem natal.png' }));
    expect(within(dialog).getByText('A imagem será removida ao salvar.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(onSave.mock.calls[0][0]).toMatchObject({ file: null, removeMedia: true, values: { name: 'Natal', dateHoliday: '2026-12-25' } });
  });

  it('shows a sent holiday read-only, with when it went out and no submit', async () => {
    const holiday = holidayDto({ status: 'ENVIADA', sentAt: '2026-12-25T12:00:00.000Z', mediaName: 'natal.png' });
    const { dialog } = renderModal({ holiday, onDelete: vi.fn(async () => {}) });
    expect(within(dialog).getByRole('heading', { name: 'Feriado enviado' })).toBeInTheDocument();
    expect(within(dialog).getByRole('status')).toHaveTextContent(/^Mensagem enviada em 25\/12\/2026.*Um feriado enviado não pode mais ser alterado\.$/);
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Salvar' })).toBeNull();
    expect(within(dialog).getByText('sexta-feira, 25 de dezembro de 2026')).toBeInTheDocument();
    expect(within(dialog).getByText('natal.png')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Excluir' })).toBeInTheDocument();
    await expectNoA11yViolations(dialog);
  });

  it("titles a failed send 'Erro de Envio' and says that saving again retries", async () => {
    const { onSave, dialog } = renderModal({ holiday: holidayDto({ status: 'ERRO' }) });
    expect(within(dialog).getByRole('heading', { name: 'Erro de Envio' })).toBeInTheDocument();
    expect(within(dialog).getByRole('alert')).toHaveTextContent('O envio deste feriado falhou. Salve de novo para tentar outra vez.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(onSave).toHaveBeenCalled();
  });

  it("keeps the dialog open with the API's refusal: a field error on its field, anything else in the dialog", async () => {
    const invalid = Object.assign(new Error('bad'), { code: 'ERR_VALIDATION', status: 400, fields: [{ field: 'dateHoliday', messages: ['Data inválida'] }] });
    const sent = Object.assign(new Error('sent'), { code: 'ERR_HOLIDAY_ALREADY_SENT', status: 409 });
    const onSave = vi.fn<HolidayModalProps['onSave']>().mockRejectedValueOnce(invalid).mockRejectedValueOnce(sent);
    const { onOpenChange, dialog } = renderModal({ holiday: holidayDto(), onSave });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('Data inválida')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('Este feriado já foi enviado e não pode mais ser alterado.')).toBeInTheDocument();
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
  });

  it('deletes after the confirmation and closes', async () => {
    const onDelete = vi.fn(async () => {});
    const holiday = holidayDto();
    const { onOpenChange, dialog } = renderModal({ holiday, onDelete });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Excluir o feriado Natal?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Excluir' }));
    await waitFor(() => expect(onDelete).toHaveBeenCalledWith(holiday));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
  });
});
