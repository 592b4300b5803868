import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../../../provider/api-error';
import { expectNoA11yViolations } from '../../../test/a11y';
import { AtendeRoot } from '../../../theme/AtendeRoot';
import { contactListDto } from '../contact-list-story-data';
import { ContactListModal, type ContactListModalProps } from './ContactListModal';

function renderModal(props: Partial<ContactListModalProps> = {}) {
  const onSave = vi.fn<ContactListModalProps['onSave']>(async () => undefined);
  const onOpenChange = vi.fn();
  render(
    <AtendeRoot>
      <ContactListModal isOpen onOpenChange={onOpenChange} onSave={onSave} {...props} />
    </AtendeRoot>,
  );
  return { onSave: props.onSave ?? onSave, onOpenChange };
}

describe('ContactListModal', () => {
  it('validates the name 2 to 50 with the spec texts; axe-clean', async () => {
    const { onSave } = renderModal();
    const dialog = await screen.findByRole('dialog', { name: 'Nova lista de contatos' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('Obrigatório')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Nome/ }), 'A');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('Muito curto!')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
    await expectNoA11yViolations(document.body);
  });

  it('saves the trimmed name and closes; a server field error stays on the field', async () => {
    const { onSave, onOpenChange } = renderModal({ contactList: contactListDto({ name: 'Clientes' }) });
    const dialog = await screen.findByRole('dialog', { name: 'Editar lista de contatos' });
    const name = within(dialog).getByRole('textbox', { name: /^Nome/ });
    expect(name).toHaveValue('Clientes');
    await userEvent.clear(name);
    await userEvent.type(name, '  Clientes RJ ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ name: 'Clientes RJ' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('keeps the dialog open with the API field message', async () => {
    const failing = vi.fn(async () => {
      throw new ApiRequestError(400, { error: 'ERR_VALIDATION', message: 'Invalid fields: name', fields: [{ field: 'name', messages: ['Too Long!'] }] });
    });
    const { onOpenChange } = renderModal({ onSave: failing });
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Nome/ }), 'Lista');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('Muito longo!')).toBeInTheDocument();
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
  });
});
