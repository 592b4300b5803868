import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../../../provider/api-error';
import { expectNoA11yViolations } from '../../../test/a11y';
import { AtendeRoot } from '../../../theme/AtendeRoot';
import { sampleContactListItems } from '../contact-list-story-data';
import { ContactListItemModal, type ContactListItemModalProps } from './ContactListItemModal';

function renderModal(props: Partial<ContactListItemModalProps> = {}) {
  const onSave = vi.fn<ContactListItemModalProps['onSave']>(async () => undefined);
  const onOpenChange = vi.fn();
  render(
    <AtendeRoot>
      <ContactListItemModal isOpen onOpenChange={onOpenChange} onSave={onSave} {...props} />
    </AtendeRoot>,
  );
  return { onSave, onOpenChange };
}

describe('ContactListItemModal', () => {
  it('shows the number placeholder and validates name, number and e-mail with the spec texts; axe-clean', async () => {
    const { onSave } = renderModal();
    const dialog = await screen.findByRole('dialog', { name: 'Adicionar contato' });
    const number = within(dialog).getByRole('textbox', { name: /^Número/ });
    expect(number).toHaveAttribute('placeholder', '5511999999999');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Nome/ }), 'M');
    await userEvent.type(number, '1234-567');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^E-mail/ }), 'maria@');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findAllByText('Muito curto!')).toHaveLength(2);
    expect(within(dialog).getByText('E-mail inválido')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
    await expectNoA11yViolations(document.body);
  });

  it('hands over the values (the number as typed) and closes', async () => {
    const { onSave, onOpenChange } = renderModal({ item: sampleContactListItems[1] });
    const dialog = await screen.findByRole('dialog', { name: 'Editar contato' });
    expect(within(dialog).getByRole('textbox', { name: /^Número/ })).toHaveValue('5521912340002');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^E-mail/ }), 'bruno@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ name: 'Bruno Costa', number: '5521912340002', email: 'bruno@example.com' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('puts a duplicate number (409 naming the field) on the number', async () => {
    const onSave = vi.fn(async () => {
      throw new ApiRequestError(409, {
        error: 'ERR_CONTACT_LIST_ITEM_DUPLICATED',
        message: 'dup',
        fields: [{ field: 'number', messages: ['This number is already in the list'] }],
      });
    });
    render(
      <AtendeRoot>
        <ContactListItemModal isOpen onOpenChange={vi.fn()} onSave={onSave} item={sampleContactListItems[0]} />
      </AtendeRoot>,
    );
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('This number is already in the list')).toBeInTheDocument();
  });
});
