import type { Schema } from '../../../client';
import { useCreateTicketNote, useDeleteTicketNote, useTicketNotes } from '../data/ticket-notes';
import { useT } from '../../../i18n';
import { useToast } from '../../../primitives/Toast/Toast';
import { TicketNotesView } from '../TicketNotesView/TicketNotesView';

export interface TicketNotesProps {
  ticket: Pick<Schema<'TicketDto'>, 'id' | 'contactId'>;
}

/**
 * The notes of a ticket about its contact: GET /ticket-notes/list, POST /ticket-notes and DELETE /ticket-notes/{id},
 * with the spec's success toasts ('Observação adicionada com sucesso!', 'Observação excluída com sucesso!').
 */
export function TicketNotes({ ticket }: TicketNotesProps) {
  const t = useT();
  const toast = useToast();
  const notes = useTicketNotes(ticket.id, ticket.contactId);
  const create = useCreateTicketNote();
  const remove = useDeleteTicketNote();

  /** A failure is toasted; `keep` rethrows it so the form keeps the typed note (the confirmation just closes). */
  const attempt = async (call: () => Promise<unknown>, success: string, keep: boolean) => {
    try {
      await call();
    } catch (err) {
      toast.toastError(err);
      if (keep) throw err;
      return;
    }
    toast.success(success);
  };

  return (
    <TicketNotesView
      notes={notes.data ?? (notes.isError ? [] : undefined)}
      onAdd={(note) => attempt(() => create.mutateAsync({ ticketId: ticket.id, contactId: ticket.contactId, note }), t('contact.notes.added'), true)}
      onDelete={(note) => attempt(() => remove.mutateAsync({ id: note.id, ticketId: ticket.id }), t('contact.notes.deleted'), false)}
    />
  );
}
