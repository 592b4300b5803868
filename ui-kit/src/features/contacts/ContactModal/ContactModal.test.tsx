import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoA11yViolations } from '../../../test/a11y';
import { ApiRequestError } from '../../../provider/api-error';
import { ContactModal, type ContactFormValues } from './ContactModal';

function renderModal(props: Partial<Parameters<typeof ContactModal>[0]> = {}) {
  const onSave = vi.fn(async (_values: ContactFormValues) => {});
  const onOpenChange = vi.fn();
  render(<ContactModal isOpen mode="add" onOpenChange={onOpenChange} onSave={onSave} {...props} />);
  return { onSave: (props.onSave as typeof onSave | undefined) ?? onSave, onOpenChange };
}

const field = (name: string) => screen.getByRole('textbox', { name });
const save = () => userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
const errorOf = (name: string) => field(name).closest('.atd-TextField')?.querySelector('.atd-TextField-error')?.textContent ?? '';

describe('ContactModal (spec §5, contact form)', () => {
  it("is named for adding, with the number's placeholder (country code, area code, number), and is accessible", async () => {
    renderModal();
    const dialog = screen.getByRole('dialog', { name: 'Adicionar contato' });
    expect(within(dialog).getByRole('form', { name: 'Adicionar contato' })).toBeInTheDocument();
    expect(field('Número do WhatsApp')).toHaveAttribute('placeholder', '5511999999999');
    expect(screen.getByText('Código do país, DDD e número')).toBeInTheDocument();
    await expectNoA11yViolations(document.body);
  });

  it("name: 'Required', 'Too Short!' under 2, 'Too Long!' over 50", async () => {
    const { onSave } = renderModal();
    await userEvent.type(field('Número do WhatsApp'), '5511999990001');
    await save();
    expect(errorOf('Nome')).toBe('Obrigatório');
    await userEvent.type(field('Nome'), 'A');
    await save();
    expect(errorOf('Nome')).toBe('Muito curto!');
    await userEvent.clear(field('Nome'));
    await userEvent.type(field('Nome'), 'x'.repeat(51));
    await save();
    expect(errorOf('Nome')).toBe('Muito longo!');
    expect(onSave).not.toHaveBeenCalled();
    await userEvent.clear(field('Nome'));
    await userEvent.type(field('Nome'), 'x'.repeat(50));
    await save();
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
  });

  it('number: 8 to 50 characters', async () => {
    const { onSave } = renderModal();
    await userEvent.type(field('Nome'), 'Maria');
    await save();
    expect(errorOf('Número do WhatsApp')).toBe('Obrigatório');
    await userEvent.type(field('Número do WhatsApp'), '1234567');
    await save();
    expect(errorOf('Número do WhatsApp')).toBe('Muito curto!');
    await userEvent.clear(field('Número do WhatsApp'));
    await userEvent.type(field('Número do WhatsApp'), '1'.repeat(51));
    await save();
    expect(errorOf('Número do WhatsApp')).toBe('Muito longo!');
    expect(onSave).not.toHaveBeenCalled();
    await userEvent.clear(field('Número do WhatsApp'));
    await userEvent.type(field('Número do WhatsApp'), '12345678');
    await save();
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ name: 'Maria', number: '12345678', email: '', extraInfo: [] }));
  });

  it("email: optional, and 'Invalid email' when it is not one", async () => {
    const { onSave } = renderModal();
    await userEvent.type(field('Nome'), 'Maria');
    await userEvent.type(field('Número do WhatsApp'), '5511999990001');
    await userEvent.type(field('Email'), 'maria@');
    await save();
    expect(errorOf('Email')).toBe('E-mail inválido');
    expect(onSave).not.toHaveBeenCalled();
    await userEvent.type(field('Email'), 'example.com');
    await save();
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ name: 'Maria', number: '5511999990001', email: 'maria@example.com', extraInfo: [] }));
  });

  it('adds and removes extra info rows; empty rows are dropped, values trimmed', async () => {
    const { onSave } = renderModal();
    await userEvent.type(field('Nome'), ' Maria ');
    await userEvent.type(field('Número do WhatsApp'), '5511999990001');
    const add = screen.getByRole('button', { name: 'Adicionar informação' });
    await userEvent.click(add);
    await userEvent.click(add);
    await userEvent.click(add);
    const rows = screen.getAllByRole('group', { name: /^Informação \d$/ });
    expect(rows).toHaveLength(3);
    await userEvent.type(within(rows[0]).getByRole('textbox', { name: 'Nome do campo' }), 'CPF');
    await userEvent.type(within(rows[0]).getByRole('textbox', { name: 'Valor' }), ' 123 ');
    await userEvent.type(within(rows[1]).getByRole('textbox', { name: 'Nome do campo' }), 'Removida');
    await userEvent.click(screen.getByRole('button', { name: 'Remover informação 2' }));
    expect(screen.getAllByRole('group', { name: /^Informação \d$/ })).toHaveLength(2);
    await save();
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ name: 'Maria', number: '5511999990001', email: '', extraInfo: [{ name: 'CPF', value: '123' }] }));
  });

  it('edits: named for editing, starts with the contact and its extra info', async () => {
    const { onSave } = renderModal({
      mode: 'edit',
      initialValues: { name: 'Maria', number: '5511999990001', email: 'maria@example.com', extraInfo: [{ name: 'CPF', value: '1' }] },
    });
    expect(screen.getByRole('dialog', { name: 'Editar contato' })).toBeInTheDocument();
    expect(field('Nome')).toHaveValue('Maria');
    expect(field('Email')).toHaveValue('maria@example.com');
    expect(screen.getByRole('textbox', { name: 'Nome do campo' })).toHaveValue('CPF');
    await save();
    await waitFor(() =>
      expect(onSave).toHaveBeenCalledWith({ name: 'Maria', number: '5511999990001', email: 'maria@example.com', extraInfo: [{ name: 'CPF', value: '1' }] }),
    );
  });

  it('shows a spinner while the contact loads', () => {
    renderModal({ mode: 'edit', isLoading: true });
    expect(screen.getByRole('progressbar', { name: 'Carregando...' })).toBeInTheDocument();
    expect(screen.queryByRole('form')).toBeNull();
  });

  it("puts the API's field errors on the fields and stays open", async () => {
    const onSave = vi.fn(async () => {
      throw new ApiRequestError(400, {
        error: 'ERR_DUPLICATED_CONTACT',
        message: 'dup',
        fields: [{ field: 'number', messages: ['Já existe um contato com este número.'] }],
      });
    });
    renderModal({ onSave });
    await userEvent.type(field('Nome'), 'Maria');
    await userEvent.type(field('Número do WhatsApp'), '5511999990001');
    await save();
    await waitFor(() => expect(errorOf('Número do WhatsApp')).toBe('Já existe um contato com este número.'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('cancel closes', async () => {
    const { onOpenChange, onSave } = renderModal();
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(onSave).not.toHaveBeenCalled();
  });
});
