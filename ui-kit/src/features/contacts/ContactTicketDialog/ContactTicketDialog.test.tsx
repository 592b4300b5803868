import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoA11yViolations } from '../../../test/a11y';
import { ContactTicketDialog, type ContactTicketDialogProps } from './ContactTicketDialog';

const queues = [
  { id: 1, name: 'Suporte' },
  { id: 2, name: 'Vendas' },
];

function renderDialog(props: Partial<ContactTicketDialogProps> = {}) {
  const onSubmit = vi.fn();
  const onOpenChange = vi.fn();
  render(
    <ContactTicketDialog
      isOpen
      onOpenChange={onOpenChange}
      contact={{ name: 'Maria Souza', number: '5511999990001' }}
      queues={queues}
      requireQueue
      connections={[{ id: 4, name: 'Comercial' }]}
      onSubmit={onSubmit}
      {...props}
    />,
  );
  return { onSubmit, onOpenChange };
}

const submit = () => userEvent.click(screen.getByRole('button', { name: 'Criar ticket' }));

describe('ContactTicketDialog (create a ticket from a contact)', () => {
  it('shows the contact and is accessible', async () => {
    renderDialog();
    expect(screen.getByRole('dialog', { name: 'Criar ticket' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Contato' })).toHaveTextContent('Maria Souza5511999990001');
    await expectNoA11yViolations(document.body);
  });

  it("a plain user must choose a queue ('Selecione uma fila')", async () => {
    const { onSubmit } = renderDialog();
    await submit();
    expect(screen.getByText('Selecione uma fila')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: /Fila/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Vendas' }));
    expect(screen.queryByText('Selecione uma fila')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: /Conexão/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Comercial' }));
    await submit();
    expect(onSubmit).toHaveBeenCalledWith({ queueId: 2, whatsappId: 4 });
  });

  it('an admin may open it without a queue, on the default connection', async () => {
    const { onSubmit } = renderDialog({ requireQueue: false });
    await submit();
    expect(screen.queryByText('Selecione uma fila')).toBeNull();
    expect(onSubmit).toHaveBeenCalledWith({ queueId: null, whatsappId: null });
  });

  it('with a single queue it is already chosen', async () => {
    const { onSubmit } = renderDialog({ queues: [queues[0]] });
    await submit();
    expect(onSubmit).toHaveBeenCalledWith({ queueId: 1, whatsappId: null });
  });

  it('shows why the last try failed, flagged', () => {
    renderDialog({ error: 'Já existe um tíquete aberto para este contato.' });
    expect(screen.getByRole('alert')).toHaveTextContent('Já existe um tíquete aberto para este contato.');
  });
});
