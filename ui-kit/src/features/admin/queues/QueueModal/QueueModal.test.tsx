import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoA11yViolations } from '../../../../test/a11y';
import { AtendeRoot } from '../../../../theme/AtendeRoot';
import { queueBody, type QueueFormValues } from '../queue-rules';
import { sampleQueues } from '../story-data';
import { QueueModal, type QueueModalProps } from './QueueModal';

function renderModal(props: Partial<QueueModalProps> = {}) {
  const onSave = vi.fn<QueueModalProps['onSave']>(async () => {});
  const onOpenChange = vi.fn();
  render(
    <AtendeRoot>
      <QueueModal isOpen onOpenChange={onOpenChange} otherQueues={2} suggestedColor="#E91E63" showHours={false} onSave={onSave} {...props} />
    </AtendeRoot>,
  );
  return { onSave, onOpenChange, dialog: screen.getByRole('dialog') };
}

describe('QueueModal', () => {
  it('adds a queue with the suggested colour and the typed fields; axe-clean', async () => {
    const { onSave, onOpenChange, dialog } = renderModal();
    expect(within(dialog).getByRole('heading', { name: 'Adicionar fila' })).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Nome/ }), 'Pós-venda');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Ordem da fila/ }), '4');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Mensagem de saudação/ }), 'Olá do pós-venda');
    await expectNoA11yViolations(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(onSave).toHaveBeenCalledTimes(1);
    const [values, schedules] = onSave.mock.calls[0];
    expect(values).toEqual({
      name: 'Pós-venda',
      color: '#E91E63',
      orderQueue: '4',
      greetingMessage: 'Olá do pós-venda',
      outOfHoursMessage: '',
      optionHolidays: false,
      promptId: 'none',
    });
    expect(schedules).toBeUndefined();
    expect(queueBody(values, schedules)).toEqual({
      name: 'Pós-venda',
      color: '#E91E63',
      orderQueue: 4,
      greetingMessage: 'Olá do pós-venda',
      outOfHoursMessage: null,
      optionHolidays: 'disabled',
      promptId: null,
    });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it("a new queue's colour follows the suggestion as the company's queues load, until the user picks one", async () => {
    const onSave = vi.fn<QueueModalProps['onSave']>(async () => {});
    const modal = (suggestedColor: string) => (
      <AtendeRoot>
        <QueueModal isOpen onOpenChange={() => {}} otherQueues={0} suggestedColor={suggestedColor} showHours={false} onSave={onSave} />
      </AtendeRoot>
    );
    // Opened before the list arrived: the palette's first colour, which the loaded list shows taken.
    const { rerender } = render(modal('#7C4DFF'));
    rerender(modal('#FF9800'));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('#FF9800')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Nome/ }), 'Pós-venda');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(onSave.mock.calls[0][0].color).toBe('#FF9800');
  });

  it('keeps the colour the user picked when the suggestion changes after', async () => {
    const onSave = vi.fn<QueueModalProps['onSave']>(async () => {});
    const modal = (suggestedColor: string) => (
      <AtendeRoot>
        <QueueModal isOpen onOpenChange={() => {}} otherQueues={0} suggestedColor={suggestedColor} showHours={false} onSave={onSave} />
      </AtendeRoot>
    );
    const { container, rerender } = render(modal('#7C4DFF'));
    const input = container.ownerDocument.querySelector<HTMLInputElement>('input[type="color"]')!;
    fireEvent.change(input, { target: { value: '#123456' } });
    rerender(modal('#FF9800'));
    const dialog = screen.getByRole('dialog');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Nome/ }), 'Pós-venda');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(onSave.mock.calls[0][0].color).toBe('#123456');
  });

  it("offers the queue integrations when given and saves the chosen one as integrationId; without them the body keeps the queue's", async () => {
    const { onSave, dialog } = renderModal({
      otherQueues: 0,
      queue: { ...sampleQueues[0], integrationId: 3 },
      integrations: [
        { id: 3, name: 'Typebot de vendas' },
        { id: 4, name: 'Fluxo n8n' },
      ],
    });
    const select = within(dialog).getByRole('button', { name: /Integração/ });
    expect(select).toHaveTextContent('Typebot de vendas');
    await userEvent.click(select);
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Nenhuma', 'Typebot de vendas', 'Fluxo n8n']);
    await userEvent.click(screen.getByRole('option', { name: 'Nenhuma' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(queueBody(onSave.mock.calls[0][0], undefined)).toMatchObject({ integrationId: null });
  });

  it('leaves the integration select out without the integrations', () => {
    const { dialog } = renderModal({ otherQueues: 0, queue: { ...sampleQueues[0], integrationId: 3 } });
    expect(within(dialog).queryByRole('button', { name: /Integração/ })).toBeNull();
  });

  it('offers the AI prompts when given (else leaves the select out) and saves the chosen one as promptId', async () => {
    const { onSave, dialog } = renderModal({
      otherQueues: 0,
      queue: { ...sampleQueues[0], promptId: null },
      prompts: [{ id: 5, name: 'Assistente de vendas' }],
    });
    await userEvent.click(within(dialog).getByRole('button', { name: /Prompt/ }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Nenhum', 'Assistente de vendas']);
    await userEvent.click(screen.getByRole('option', { name: 'Assistente de vendas' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(queueBody(onSave.mock.calls[0][0], undefined)).toMatchObject({ promptId: 5 });
  });

  it("checks name, order and, with other queues, the greeting ('Too Short!')", async () => {
    const { onSave, dialog } = renderModal();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Nome/ }), 'A');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Ordem da fila/ }), '-1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('Muito curto!')).toBeInTheDocument();
    expect(within(dialog).getByText('Informe um número inteiro a partir de 0')).toBeInTheDocument();
    expect(within(dialog).getByText('Informe a mensagem de saudação: a empresa tem mais de uma fila')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it("the company's first queue may have no greeting", async () => {
    const { onSave, dialog } = renderModal({ otherQueues: 0 });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Nome/ }), 'Geral');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(onSave).toHaveBeenCalled();
  });

  it('puts a taken colour on the colour field and keeps the modal open', async () => {
    const taken = Object.assign(new Error('taken'), { code: 'ERR_QUEUE_COLOR_ALREADY_EXISTS', status: 409 });
    const { onOpenChange, dialog } = renderModal({ queue: sampleQueues[0], onSave: vi.fn(async () => Promise.reject(taken)) });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('Esta cor já está em uso, escolha outra.')).toBeInTheDocument();
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
  });

  it("with scheduleType 'queue', edits the hours in their tab and saves them with the queue", async () => {
    const { onSave, dialog } = renderModal({ queue: sampleQueues[1], showHours: true });
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Horários de Atendimento' }));
    expect(within(dialog).getByText('Clique em salvar para registar as alterações')).toBeInTheDocument();
    const end = within(dialog).getByRole('textbox', { name: 'Fim de Sexta-feira' });
    await userEvent.clear(end);
    await userEvent.type(end, '1700');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    const [values, schedules] = onSave.mock.calls[0] as [QueueFormValues, NonNullable<Parameters<QueueModalProps['onSave']>[1]>];
    expect(values.name).toBe('Vendas');
    expect(schedules).toHaveLength(7);
    expect(schedules[4]).toMatchObject({ weekdayEn: 'friday', startTime: '09:00', endTime: '17:00' });
  });

  it('a wrong hour keeps the hours tab open with its error; a field error of the data tab brings that tab back', async () => {
    const { onSave, dialog } = renderModal({ queue: sampleQueues[1], showHours: true });
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Horários de Atendimento' }));
    const start = within(dialog).getByRole('textbox', { name: 'Início de Segunda-feira' });
    await userEvent.clear(start);
    await userEvent.type(start, '99');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('Use HH:MM (00:00 a 23:59)')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();

    await userEvent.click(within(dialog).getByRole('tab', { name: 'Dados da Fila' }));
    await userEvent.clear(within(dialog).getByRole('textbox', { name: /^Nome/ }));
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Horários de Atendimento' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByRole('tab', { name: 'Dados da Fila', selected: true })).toBeInTheDocument();
    expect(within(dialog).getByText('Obrigatório')).toBeInTheDocument();
  });

  it('shows the options it is given on edit, and the save-first hint on add', () => {
    renderModal({ queue: sampleQueues[0], options: <p>árvore de opções</p> });
    expect(screen.getByText('árvore de opções')).toBeInTheDocument();
  });
});
