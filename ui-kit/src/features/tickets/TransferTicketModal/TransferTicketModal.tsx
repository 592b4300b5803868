import { useState } from 'react';
import type { Key } from 'react-aria-components';
import type { Schema } from '../../../client';
import { useUpdateTicket } from '../data/tickets';
import { useWhatsapps } from '../../connections/data/whatsapps';
import { useQueues } from '../../admin/queues/data/queues';
import { useT } from '../../../i18n';
import { Button } from '../../../primitives/Button/Button';
import { ComboBox } from '../../../primitives/ComboBox/ComboBox';
import { Dialog } from '../../../primitives/Dialog/Dialog';
import { Select } from '../../../primitives/Select/Select';
import { useToast } from '../../../primitives/Toast/Toast';
import { unwrap } from '../../../provider/api-error';
import { useApiClient } from '../../../provider/context';
import type { Ticket } from '../ticket-rules';

export interface TransferTicketModalProps {
  ticket: Ticket;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The transferred ticket (the caller usually goes back to the list, spec §2). */
  onTransferred: (ticket: Ticket) => void;
}

type UserOption = Pick<Schema<'UserDto'>, 'id' | 'name' | 'email'>;
const KEEP = 'keep';

/** The PUT /tickets/{id} body of a transfer: no user makes the ticket pending (spec §4, Transfer). */
export function transferPayload(queueId: number, userId: number | null, whatsappId: number | null): Schema<'UpdateTicketDto'> {
  const body: Schema<'UpdateTicketDto'> = { queueId, userId, status: userId === null ? 'pending' : 'open' };
  if (whatsappId !== null) body.whatsappId = whatsappId;
  return body;
}

/**
 * Transfer a ticket (spec §2, §5): a queue (required: the button waits for it), optionally a user (searched from
 * 3 characters) and a connection; PUT /tickets/{id}.
 */
export function TransferTicketModal({ ticket, isOpen, onOpenChange, onTransferred }: TransferTicketModalProps) {
  const t = useT();
  const toast = useToast();
  const client = useApiClient();
  const queues = useQueues({ enabled: isOpen });
  const whatsapps = useWhatsapps({}, { enabled: isOpen });
  const update = useUpdateTicket();
  const [queueId, setQueueId] = useState<number | null>(null);
  const [userId, setUserId] = useState<number | null>(null);
  const [whatsappId, setWhatsappId] = useState<number | null>(null);

  const loadUsers = async (searchParam: string, signal: AbortSignal): Promise<UserOption[]> => {
    const page = await unwrap(client.GET('/users', { params: { query: { searchParam } }, signal }));
    return page.users;
  };

  const submit = async () => {
    if (queueId === null) return;
    try {
      const updated = await update.mutateAsync({ id: ticket.id, body: transferPayload(queueId, userId, whatsappId) });
      onOpenChange(false);
      onTransferred(updated);
    } catch (err) {
      toast.toastError(err);
    }
  };

  return (
    <Dialog
      title={t('tickets.transfer.title')}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      className="atd-TransferTicketModal"
      footer={
        <>
          <Button variant="secondary" onPress={() => onOpenChange(false)}>
            {t('action.cancel')}
          </Button>
          <Button onPress={() => void submit()} isDisabled={queueId === null} isPending={update.isPending}>
            {t('tickets.transfer.submit')}
          </Button>
        </>
      }
    >
      <div className="atd-TicketModal-fields">
        <Select
          label={t('tickets.transfer.queue')}
          isRequired
          // Until the queues arrive there is nothing to choose: an empty list opened then would stay empty.
          isDisabled={!queues.data}
          items={(queues.data ?? []).map((q) => ({ id: String(q.id), label: q.name }))}
          selectedKey={queueId === null ? null : String(queueId)}
          onSelectionChange={(key: Key | null) => setQueueId(key === null ? null : Number(key))}
        />
        <ComboBox<UserOption>
          label={t('tickets.transfer.user')}
          placeholder={t('tickets.transfer.userPlaceholder')}
          loadItems={loadUsers}
          onSelectionChange={(key) => setUserId(key === null ? null : Number(key))}
        />
        <Select
          label={t('tickets.transfer.connection')}
          items={[{ id: KEEP, label: t('tickets.transfer.keepConnection') }, ...(whatsapps.data ?? []).map((w) => ({ id: String(w.id), label: w.name }))]}
          selectedKey={whatsappId === null ? KEEP : String(whatsappId)}
          onSelectionChange={(key: Key | null) => setWhatsappId(key === null || key === KEEP ? null : Number(key))}
        />
      </div>
    </Dialog>
  );
}
