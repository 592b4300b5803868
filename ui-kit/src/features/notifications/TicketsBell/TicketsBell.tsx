import { useContext } from 'react';
import { Button, OverlayTriggerStateContext } from 'react-aria-components';
import type { Schema } from '../../../client';
import { useTickets } from '../../tickets/data/tickets';
import { useT } from '../../../i18n';
import { Avatar } from '../../../primitives/Avatar/Avatar';
import { Badge } from '../../../primitives/Badge/Badge';
import { Spinner } from '../../../primitives/Spinner/Spinner';
import { useSession } from '../../../provider/context';

type Ticket = Schema<'TicketDto'>;

/** GET /tickets?withUnreadMessages=true: the bell's list (live: the realtime cache adds, moves and drops tickets). */
export const UNREAD_TICKETS_FILTERS = { withUnreadMessages: 'true' } as const;

export interface TicketsBellListProps {
  tickets: Ticket[];
  /** Still loading the first page. */
  loading?: boolean;
  onOpenTicket: (ticket: Ticket) => void;
}

/** The list of tickets with unread messages (presentational): contact, last message, unread count; empty text. */
export function TicketsBellList({ tickets, loading = false, onOpenTicket }: TicketsBellListProps) {
  const t = useT();
  if (loading) return <Spinner className="atd-BellList-loading" showLabel />;
  if (tickets.length === 0) return <p className="atd-BellList-empty">{t('notifications.bell.empty')}</p>;
  return (
    <ul className="atd-BellList" aria-label={t('notifications.bell.list')}>
      {tickets.map((ticket) => (
        <li key={ticket.id}>
          <Button className="atd-BellList-item" onPress={() => onOpenTicket(ticket)}>
            <Avatar name={ticket.contact.name} src={ticket.contact.urlPicture ?? ticket.contact.profilePicUrl} size="sm" />
            <span className="atd-BellList-text">
              <span className="atd-BellList-name">{ticket.contact.name}</span>
              {ticket.lastMessage && <span className="atd-BellList-last">{ticket.lastMessage}</span>}
            </span>
            {ticket.unreadMessages > 0 && (
              <Badge count={ticket.unreadMessages} variant="success" label={t('notifications.bell.unread', { count: ticket.unreadMessages })} />
            )}
          </Button>
        </li>
      ))}
    </ul>
  );
}

export interface TicketsBellProps {
  /** A ticket was chosen (the console goes to /tickets/{uuid}); the bell's popover closes. */
  onOpenTicket: (ticketUuid: string) => void;
}

/** The connected bell content: the signed-in user's tickets with unread messages. */
export function TicketsBell({ onOpenTicket }: TicketsBellProps) {
  const tickets = useTickets(UNREAD_TICKETS_FILTERS);
  // Inside the top bar's popover: choosing a ticket closes it.
  const overlay = useContext(OverlayTriggerStateContext);
  return (
    <TicketsBellList
      tickets={tickets.data?.items ?? []}
      loading={tickets.isPending}
      onOpenTicket={(ticket) => {
        overlay?.close();
        onOpenTicket(ticket.uuid);
      }}
    />
  );
}

/** The top bar's tickets bell (TopBarBell): the unread count and, as its content, TicketsBell. */
export function useTicketsBell({ onOpenTicket, enabled = true }: TicketsBellProps & { enabled?: boolean }) {
  const { status } = useSession();
  const tickets = useTickets(UNREAD_TICKETS_FILTERS, { enabled: enabled && status === 'authenticated' });
  return { id: 'tickets' as const, count: tickets.data?.count ?? 0, content: <TicketsBell onOpenTicket={onOpenTicket} /> };
}
