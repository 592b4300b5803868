import { lazy, Suspense, useState } from 'react';
import { useDeleteTicket } from '../../tickets/data/tickets';
import { useT } from '../../../i18n/locale-context';
import { LazyConfirmationDialog } from '../../../primitives/ConfirmationDialog/LazyConfirmationDialog';
import { useToast } from '../../../primitives/Toast/Toast';
import { useSession } from '../../../provider/context';
import { ticketActions } from '../../tickets/ticket-rules';
import { can } from '../../../provider/session-rules';
import { useTicketStatusActions } from '../../tickets/use-ticket-status-actions';
import type { Ticket } from '../message-format';
import type { LeaveReason } from '../TicketChat/leave-reason';
import { ChatHeaderView } from '../ChatHeaderView/ChatHeaderView';
import { useCompanySettings } from '../../../provider/company-settings';
import { useContactPresence } from '../chat-presence';

// Shown on demand: their forms (react-hook-form, the schedule's date fields, the queue and user pickers) load when opened.
const TransferTicketModal = lazy(() => import('../../tickets/TransferTicketModal/TransferTicketModal').then((m) => ({ default: m.TransferTicketModal })));
const ScheduleDialog = lazy(() => import('../../schedules/ScheduleDialog/ScheduleDialog').then((m) => ({ default: m.ScheduleDialog })));

export interface ChatHeaderProps {
  ticket: Ticket;
  /** The ticket left this user's hands: returned, closed, transferred or deleted (the caller goes back to the list). */
  onLeave: (reason: LeaveReason) => void;
  /** Accepted: now open and assigned to the user. */
  onAccepted?: (ticket: Ticket) => void;
  onToggleContact: () => void;
  contactOpen: boolean;
  /** Opens the conversation's search (the header's search button). */
  onSearch?: () => void;
}

/**
 * The connected header: status changes through useTicketStatusActions (accept, return, close, reopen), transfer
 * (TransferTicketModal), delete (with `ticket-options:deleteTicket`, after a confirmation) and 'Agendamento': the
 * schedule modal for the ticket's contact (with the plan's useSchedules; the item stays disabled without it).
 */
export function ChatHeader({ ticket, onLeave, onAccepted, onToggleContact, contactOpen, onSearch }: ChatHeaderProps) {
  const t = useT();
  const toast = useToast();
  const { user } = useSession();
  const status = useTicketStatusActions();
  const deleteTicket = useDeleteTicket();
  const [transferOpen, setTransferOpen] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [schedule, setSchedule] = useState({ open: false, key: 0 });
  const canSchedule = Boolean(user?.features?.useSchedules);
  const settings = useCompanySettings();
  const presence = useContactPresence(ticket);

  return (
    <>
      <ChatHeaderView
        ticket={ticket}
        actions={ticketActions(ticket, settings)}
        isPending={status.isPending}
        canDelete={can(user ?? undefined, 'ticket-options:deleteTicket')}
        onAccept={() => void status.accept(ticket).then((updated) => updated && onAccepted?.(updated))}
        onReturn={() => void status.returnToPending(ticket).then((updated) => updated && onLeave('returned'))}
        onClose={() => void status.close(ticket).then((updated) => updated && onLeave('closed'))}
        onReopen={() => void status.reopen(ticket)}
        onTransfer={() => setTransferOpen(true)}
        onSchedule={canSchedule ? () => setSchedule((s) => ({ open: true, key: s.key + 1 })) : undefined}
        onDelete={() => setDeleteOpen(true)}
        onToggleContact={onToggleContact}
        contactOpen={contactOpen}
        presence={presence}
        onSearch={onSearch}
      />
      <Suspense fallback={null}>
        {canSchedule && schedule.open && (
          <ScheduleDialog
            key={schedule.key}
            isOpen={schedule.open}
            onOpenChange={(open) => setSchedule((s) => ({ ...s, open }))}
            contact={{ id: ticket.contact.id, name: ticket.contact.name, number: ticket.contact.number }}
          />
        )}
        {transferOpen && (
          <TransferTicketModal ticket={ticket} isOpen={transferOpen} onOpenChange={setTransferOpen} onTransferred={() => onLeave('transferred')} />
        )}
      </Suspense>
      <LazyConfirmationDialog
        title={t('chat.header.deleteTitle', { name: ticket.contact.name })}
        isOpen={deleteOpen}
        onOpenChange={setDeleteOpen}
        confirmLabel={t('chat.header.delete')}
        onConfirm={async () => {
          try {
            await deleteTicket.mutateAsync(ticket.id);
            onLeave('deleted');
          } catch (error) {
            toast.toastError(error);
          }
        }}
      >
        {t('chat.header.deleteBody')}
      </LazyConfirmationDialog>
    </>
  );
}
