import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoA11yViolations } from '../../../test/a11y';
import { AtendeRoot } from '../../../theme/AtendeRoot';
import { scheduleDto, searchStoryContacts, storyContacts } from '../story-data';
import { ScheduleModal, type ScheduleModalProps } from './ScheduleModal';

const NOW = new Date(2026, 11, 8, 9, 30);

function renderModal(props: Partial<ScheduleModalProps> = {}) {
  const onSave = vi.fn<ScheduleModalProps['onSave']>(async () => {});
  const onOpenChange = vi.fn();
  render(
    <AtendeRoot>
      <ScheduleModal isOpen onOpenChange={onOpenChange} onSave={onSave} loadContacts={async (query) => searchStoryContacts(query)} now={NOW} {...props} />
    </AtendeRoot>,
  );
  return { onSave, onOpenChange, dialog: screen.getByRole('dialog') };
}

function pickFile(file: File) {
  const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
  Object.defineProperty(input, 'files', { configurable: true, value: [file] });
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

describe('ScheduleModal', () => {
  it('adds a schedule for the contact it was opened for, one hour ahead by default, with an image; axe-clean', async () => {
    const { onSave, onOpenChange, dialog } = renderModal({ contact: storyContacts[1] });
    expect(within(dialog).getByRole('heading', { name: 'Novo agendamento' })).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: /Contato/ })).toHaveValue('João Pedro Lima (5511987650002)');
    expect(within(dialog).getByLabelText(/Data de envio/)).toHaveValue('2026-12-08T10:30');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Mensagem/ }), 'Seu pedido saiu para entrega');
    pickFile(new File([new Uint8Array([0x89, 0x50])], 'mapa.png', { type: 'image/png' }));
    expect(await within(dialog).findByText('mapa.png')).toBeInTheDocument();
    await expectNoA11yViolations(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(onSave).toHaveBeenCalledWith({
      body: 'Seu pedido saiu para entrega',
      contactId: 2,
      sendAt: new Date(2026, 11, 8, 10, 30).toISOString(),
      file: expect.any(File),
      removeAttachment: false,
    });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('searches the contacts as the user types (from 3 letters) and saves the one chosen', async () => {
    const loadContacts = vi.fn(async (query: string) => searchStoryContacts(query));
    const { onSave, dialog } = renderModal({ loadContacts });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Mensagem/ }), 'Seu pão está pronto');
    const field = within(dialog).getByRole('combobox', { name: /Contato/ });
    await userEvent.type(field, 'pa');
    expect(await screen.findByText('Digite ao menos 3 caracteres')).toBeInTheDocument();
    expect(loadContacts).not.toHaveBeenCalled();
    await userEvent.type(field, 'da');
    await userEvent.click(await screen.findByRole('option', { name: 'Padaria Pão Quente (5511987650003)' }, { timeout: 2000 }));
    expect(loadContacts).toHaveBeenCalledTimes(1);
    expect(loadContacts.mock.calls[0][0]).toBe('pada');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ contactId: 3, body: 'Seu pão está pronto' }));
  });

  it("says 'Obrigatório' and 'Mensagem muito curta' as the spec does, and refuses a file that is not an image", async () => {
    const { onSave, dialog } = renderModal();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findAllByText('Obrigatório')).toHaveLength(2);
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Mensagem/ }), 'Oi!');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('Mensagem muito curta')).toBeInTheDocument();
    pickFile(new File(['%PDF-1.7'], 'boleto.pdf', { type: 'application/pdf' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Escolha uma imagem PNG, JPG ou JPEG.');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('edits a schedule in error (its reason shown) and can remove its image', async () => {
    const schedule = scheduleDto({
      status: 'ERRO',
      error: 'Nenhuma conexão do WhatsApp disponível para enviar',
      mediaName: 'promo.png',
      mediaPath: 'sc1-0123456789abcdef.png',
    });
    const { onSave, dialog } = renderModal({ schedule });
    expect(within(dialog).getByRole('heading', { name: 'Editar agendamento' })).toBeInTheDocument();
    expect(within(dialog).getByText('Erro')).toBeInTheDocument();
    expect(within(dialog).getByText(/Não foi enviado: Nenhuma conexão/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remover promo.png' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ body: schedule.body, contactId: schedule.contactId, removeAttachment: true, file: null }));
  });

  it('shows a sent schedule without a save button; axe-clean', async () => {
    const schedule = scheduleDto({ status: 'ENVIADA', sentAt: '2026-12-08T13:00:02.000Z', ticketId: 3, messageId: '9' });
    const { dialog } = renderModal({ schedule });
    expect(within(dialog).getByRole('heading', { name: 'Agendamento enviado' })).toBeInTheDocument();
    expect(within(dialog).getByText('Enviada')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Salvar' })).toBeNull();
    expect(within(dialog).getAllByRole('button', { name: 'Fechar' }).length).toBeGreaterThan(0);
    await expectNoA11yViolations(dialog);
  });
});
