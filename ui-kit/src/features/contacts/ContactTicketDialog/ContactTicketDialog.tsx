import { useState } from 'react';
import type { Key } from 'react-aria-components';
import { useT } from '../../../i18n';
import { Avatar } from '../../../primitives/Avatar/Avatar';
import { Button } from '../../../primitives/Button/Button';
import { Dialog } from '../../../primitives/Dialog/Dialog';
import { Select } from '../../../primitives/Select/Select';

export interface NamedChoice {
  id: number;
  name: string;
}

export interface ContactTicketChoice {
  queueId: number | null;
  whatsappId: number | null;
}

export interface ContactTicketDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  contact: { name: string; number: string; profilePicUrl?: string | null };
  /** The queues the user may open the ticket in (their own; every queue for an admin). */
  queues: NamedChoice[];
  /** Spec §5, new ticket: a queue must be chosen unless the user is an admin ('Selecione uma fila'). */
  requireQueue: boolean;
  /** The connections; none chosen: the API's default. */
  connections: NamedChoice[];
  /** Why the last try failed (e.g. ERR_OTHER_OPEN_TICKET in the kit's error text): the dialog stays open, flagged. */
  error?: string | null;
  isPending?: boolean;
  onSubmit: (choice: ContactTicketChoice) => void;
}

const DEFAULT_CONNECTION = 'default';

/**
 * 'Create ticket' from a contact (spec §6: only with createTicket 'habilitado'): the contact is given, the user
 * picks the queue (required unless admin) and optionally the connection, and the ticket opens assigned to them.
 */
export function ContactTicketDialog({
  isOpen,
  onOpenChange,
  contact,
  queues,
  requireQueue,
  connections,
  error,
  isPending = false,
  onSubmit,
}: ContactTicketDialogProps) {
  const t = useT();
  // One queue of one's own: nothing to choose.
  const [queueId, setQueueId] = useState<number | null>(queues.length === 1 ? queues[0].id : null);
  const [whatsappId, setWhatsappId] = useState<number | null>(null);
  const [queueError, setQueueError] = useState(false);

  const submit = () => {
    if (requireQueue && queueId === null) {
      setQueueError(true);
      return;
    }
    onSubmit({ queueId, whatsappId });
  };

  return (
    <Dialog
      title={t('contacts.ticket.title')}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      size="sm"
      className="atd-ContactTicketDialog"
      footer={
        <>
          <Button variant="secondary" onPress={() => onOpenChange(false)}>
            {t('action.cancel')}
          </Button>
          <Button onPress={submit} isPending={isPending}>
            {t('contacts.ticket.submit')}
          </Button>
        </>
      }
    >
      <div className="atd-ContactTicketDialog-fields" data-flagged={error ? true : undefined}>
        {error && (
          <p className="atd-ContactTicketDialog-flag" role="alert">
            {error}
          </p>
        )}
        <div className="atd-ContactTicketDialog-contact" role="group" aria-label={t('contacts.ticket.contact')}>
          <Avatar name={contact.name} src={contact.profilePicUrl} size="sm" />
          <span>
            <strong>{contact.name}</strong>
            <span className="atd-ContactTicketDialog-number">{contact.number}</span>
          </span>
        </div>
        <Select
          label={t('tickets.newTicket.queue')}
          isRequired={requireQueue}
          items={queues.map((q) => ({ id: String(q.id), label: q.name }))}
          selectedKey={queueId === null ? null : String(queueId)}
          onSelectionChange={(key: Key | null) => {
            setQueueId(key === null ? null : Number(key));
            setQueueError(false);
          }}
          isInvalid={queueError}
          errorMessage={queueError ? t('tickets.newTicket.selectQueue') : undefined}
        />
        <Select
          label={t('tickets.newTicket.connection')}
          items={[{ id: DEFAULT_CONNECTION, label: t('tickets.newTicket.noConnection') }, ...connections.map((w) => ({ id: String(w.id), label: w.name }))]}
          selectedKey={whatsappId === null ? DEFAULT_CONNECTION : String(whatsappId)}
          onSelectionChange={(key: Key | null) => setWhatsappId(key === null || key === DEFAULT_CONNECTION ? null : Number(key))}
        />
      </div>
    </Dialog>
  );
}
