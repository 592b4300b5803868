import type { Schema } from '../../../client';
import { useContact, useUpdateContact } from '../../contacts/data/contacts';
import { serverFieldErrors } from '../../../forms/server-errors';
import { useT } from '../../../i18n';
import { useToast } from '../../../primitives/Toast/Toast';
import { TicketNotes } from '../TicketNotes/TicketNotes';
import { ContactDrawerView } from '../ContactDrawerView/ContactDrawerView';
import type { ContactFormValues } from './ContactForm';

type TicketDto = Schema<'TicketDto'>;

export interface ContactDrawerProps {
  ticket: TicketDto;
  isOpen: boolean;
  onClose: () => void;
}

/**
 * The connected contact drawer of a ticket: the contact (GET /contacts/{id}, live; the ticket's copy until then),
 * saved with PUT /contacts/{id} and a success toast, and the ticket's notes.
 */
export function ContactDrawer({ ticket, isOpen, onClose }: ContactDrawerProps) {
  const t = useT();
  const toast = useToast();
  const contact = useContact(ticket.contactId, { enabled: isOpen });
  const update = useUpdateContact();

  const save = async ({ name, number, email, extraInfo }: ContactFormValues) => {
    try {
      await update.mutateAsync({ id: ticket.contactId, body: { name, number, email: email || null, extraInfo } });
    } catch (err) {
      // Field errors go on the form's fields; anything else is toasted.
      if (!serverFieldErrors(err).length) toast.toastError(err);
      throw err;
    }
    toast.success(t('contact.saved'));
  };

  return (
    <ContactDrawerView
      contact={contact.data ?? ticket.contact}
      isOpen={isOpen}
      onClose={onClose}
      onSave={save}
      notes={isOpen ? <TicketNotes ticket={ticket} /> : null}
    />
  );
}
