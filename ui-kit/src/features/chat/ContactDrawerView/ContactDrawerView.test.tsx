import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoA11yViolations } from '../../../test/a11y';
import { contactDto } from '../../../test/data-fixtures';
import { AtendeRoot } from '../../../theme/AtendeRoot';
import { TicketNotesView } from '../TicketNotesView/TicketNotesView';
import { ContactDrawerView, type ContactDrawerViewProps } from './ContactDrawerView';

const contact = contactDto({
  id: 1,
  name: 'Maria Souza',
  number: '5511999990001',
  email: 'maria@example.com',
  extraInfo: [{ id: 3, name: 'CPF', value: '123.456.789-00' }],
});

function renderDrawer(props: Partial<ContactDrawerViewProps> = {}) {
  const onClose = vi.fn();
  const onSave = vi.fn<ContactDrawerViewProps['onSave']>();
  const utils = render(
    <AtendeRoot>
      <ContactDrawerView
        contact={contact}
        isOpen
        onClose={onClose}
        onSave={onSave}
        notes={
          <TicketNotesView
            notes={[{ id: 1, note: 'Cliente antigo', ticketId: 100, contactId: 1, user: { id: 7, name: 'Ana' }, createdAt: contact.createdAt }]}
            onAdd={vi.fn()}
            onDelete={vi.fn()}
          />
        }
        {...props}
      />
    </AtendeRoot>,
  );
  return { ...utils, onClose, onSave };
}

const field = (name: string) => screen.getByRole('textbox', { name });

describe('ContactDrawerView', () => {
  it('shows the picture, name, phone and e-mail links, extra info and notes; axe-clean', async () => {
    const { container } = renderDrawer();
    const panel = screen.getByRole('complementary', { name: 'Dados do contato' });
    expect(within(panel).getByRole('img', { name: 'Maria Souza' })).toBeInTheDocument();
    expect(within(panel).getByRole('heading', { name: 'Maria Souza' })).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Ligar para 5511999990001' })).toHaveAttribute('href', 'tel:+5511999990001');
    expect(within(panel).getByRole('link', { name: 'Enviar email para maria@example.com' })).toHaveAttribute('href', 'mailto:maria@example.com');
    expect(within(panel).getByText('CPF')).toBeInTheDocument();
    expect(within(panel).getByText('123.456.789-00')).toBeInTheDocument();
    expect(within(panel).getByRole('heading', { name: 'Observações' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Fechar dados do contato' })).toHaveFocus();
    await expectNoA11yViolations(container);
  });

  it('renders nothing when closed; no e-mail link without an e-mail', () => {
    const { unmount } = renderDrawer({ isOpen: false });
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
    unmount();
    renderDrawer({ contact: { ...contact, email: '', extraInfo: [] } });
    expect(screen.queryByRole('link', { name: /Enviar email/ })).not.toBeInTheDocument();
    expect(screen.getByText('Nenhuma informação adicional.')).toBeInTheDocument();
  });

  it('closes with the close button and with Escape, but Escape in a dialog inside only closes that dialog', async () => {
    const { onClose } = renderDrawer();
    await userEvent.click(screen.getByRole('button', { name: 'Fechar dados do contato' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Excluir observação de Ana' }));
    await screen.findByRole('alertdialog');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(onClose).toHaveBeenCalledTimes(1);
    screen.getByRole('button', { name: 'Editar contato' }).focus();
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('edits inline with the spec’s validations', async () => {
    const { onSave, container } = renderDrawer();
    await userEvent.click(screen.getByRole('button', { name: 'Editar contato' }));
    const form = screen.getByRole('form', { name: 'Editar contato' });
    expect(field('Nome')).toHaveValue('Maria Souza');
    await expectNoA11yViolations(container);

    await userEvent.clear(field('Nome'));
    await userEvent.clear(field('Número do WhatsApp'));
    await userEvent.type(field('Número do WhatsApp'), '1234567');
    await userEvent.clear(field('Email'));
    await userEvent.type(field('Email'), 'maria@');
    await userEvent.click(within(form).getByRole('button', { name: 'Salvar' }));
    expect(await within(form).findByText('Obrigatório')).toBeInTheDocument();
    expect(within(form).getByText('Muito curto!')).toBeInTheDocument();
    expect(within(form).getByText('E-mail inválido')).toBeInTheDocument();

    await userEvent.type(field('Nome'), 'M');
    await userEvent.type(field('Número do WhatsApp'), '8'.repeat(44));
    await userEvent.click(within(form).getByRole('button', { name: 'Salvar' }));
    expect(await within(form).findAllByText('Muito curto!')).toHaveLength(1);
    expect(within(form).getByText('Muito longo!')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('adds and removes extra info rows and saves; the details come back', async () => {
    const { onSave } = renderDrawer();
    await userEvent.click(screen.getByRole('button', { name: 'Editar contato' }));
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar informação' }));
    const names = screen.getAllByRole('textbox', { name: 'Nome do campo' });
    const values = screen.getAllByRole('textbox', { name: 'Valor' });
    expect(names).toHaveLength(2);
    await userEvent.type(names[1], 'Empresa');
    await userEvent.type(values[1], 'ACME');
    await userEvent.click(screen.getByRole('button', { name: 'Remover informação 1' }));
    await userEvent.clear(field('Email'));
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(onSave).toHaveBeenCalledWith({ name: 'Maria Souza', number: '5511999990001', email: '', extraInfo: [{ name: 'Empresa', value: 'ACME' }] });
    expect(await screen.findByRole('button', { name: 'Editar contato' })).toBeInTheDocument();
  });

  it('stays in the form when saving fails, with the API’s field errors on the fields', async () => {
    const { onSave } = renderDrawer();
    onSave.mockRejectedValueOnce({ code: 'ERR_DUPLICATED_CONTACT', fields: [{ field: 'number', messages: ['Já existe um contato com este número.'] }] });
    await userEvent.click(screen.getByRole('button', { name: 'Editar contato' }));
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Já existe um contato com este número.')).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Editar contato' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(screen.getByRole('button', { name: 'Editar contato' })).toBeInTheDocument();
  });
});
