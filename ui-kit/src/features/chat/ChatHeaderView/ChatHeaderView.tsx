import { Button as AriaButton, type Key } from 'react-aria-components';
import { attendantToolsTexts } from '../attendant-tools.texts';
import { useT } from '../../../i18n/locale-context';
import { Avatar } from '../../../primitives/Avatar/Avatar';
import { Button } from '../../../primitives/Button/Button';
import { IconButton } from '../../../primitives/IconButton/IconButton';
import { LazyMenuTrigger, lazyOverlay } from '../../../primitives/LazyOverlay/LazyOverlay';
import type { TicketActions } from '../../tickets/ticket-rules';
import { ChatIcon } from '../chat-icons';
import type { ContactActivity } from '../chat-presence';
import type { Ticket } from '../message-format';

const ChatHeaderMenu = lazyOverlay(() => import('./ChatHeaderMenu').then((m) => m.ChatHeaderMenu));

export interface ChatHeaderViewProps {
  ticket: Ticket;
  /** Which status buttons show (ticketActions). */
  actions: TicketActions;
  /** A status change is on its way: the buttons wait. */
  isPending?: boolean;
  /** The options menu offers delete (permission ticket-options:deleteTicket). */
  canDelete: boolean;
  /** Opens the schedule modal; without it the item is disabled with a 'coming with schedules' note. */
  onSchedule?: () => void;
  onAccept: () => void;
  onReturn: () => void;
  onClose: () => void;
  onReopen: () => void;
  onTransfer: () => void;
  onDelete: () => void;
  /** Opens or closes the contact drawer. */
  onToggleContact: () => void;
  contactOpen: boolean;
  /** The contact typing, recording or online (useContactPresence): shown under the name instead of the number. */
  presence?: ContactActivity;
  /** Opens the conversation's search; without it there is no search button. */
  onSearch?: () => void;
}

/** The conversation's header: contact, assignee and queue, the status buttons and the ticket options menu. */
export function ChatHeaderView({
  ticket,
  actions,
  isPending = false,
  canDelete,
  onSchedule,
  onAccept,
  onReturn,
  onClose,
  onReopen,
  onTransfer,
  onDelete,
  onToggleContact,
  contactOpen,
  presence = null,
  onSearch,
}: ChatHeaderViewProps) {
  const t = useT(attendantToolsTexts);
  const { contact } = ticket;
  const pick = (key: Key) => {
    if (key === 'schedule') onSchedule?.();
    else if (key === 'transfer') onTransfer();
    else if (key === 'delete') onDelete();
  };
  return (
    <header className="atd-ChatHeader">
      <AriaButton className="atd-ChatHeader-contact" aria-label={t('chat.header.contact')} aria-expanded={contactOpen} onPress={onToggleContact}>
        <Avatar name={contact.name || contact.number} src={contact.profilePicUrl ?? contact.urlPicture} />
        <span className="atd-ChatHeader-who">
          <span className="atd-ChatHeader-name">{contact.name || contact.number}</span>
          <span className="atd-ChatHeader-sub">
            {presence ? (
              <span className="atd-ChatHeader-presence" data-presence={presence}>
                {t(`presence.${presence}`)}
              </span>
            ) : (
              <span>{contact.number}</span>
            )}
            <span>{ticket.user ? t('chat.header.assigned', { name: ticket.user.name }) : t('chat.header.unassigned')}</span>
          </span>
        </span>
      </AriaButton>
      <span className="atd-ChatHeader-queue" style={ticket.queue ? ({ '--atd-queue-color': ticket.queue.color } as React.CSSProperties) : undefined}>
        {ticket.queue ? t('chat.header.queue', { name: ticket.queue.name }) : t('chat.header.noQueue')}
      </span>
      <div className="atd-ChatHeader-actions">
        {actions.returnToPending && (
          <Button variant="secondary" isDisabled={isPending} onPress={onReturn}>
            <ChatIcon name="undo" /> {t('chat.header.return')}
          </Button>
        )}
        {actions.reopen && (
          <Button variant="secondary" isDisabled={isPending} onPress={onReopen}>
            <ChatIcon name="replay" /> {t('chat.header.reopen')}
          </Button>
        )}
        {actions.accept && (
          <Button isDisabled={isPending} onPress={onAccept}>
            {t('chat.header.accept')}
          </Button>
        )}
        {actions.close && (
          <Button isDisabled={isPending} onPress={onClose}>
            {t('chat.header.close')}
          </Button>
        )}
        {onSearch && <IconButton icon="search" aria-label={t('chat.search.open')} onPress={onSearch} />}
        <LazyMenuTrigger overlay={<ChatHeaderMenu onAction={pick} canSchedule={!!onSchedule} canDelete={canDelete} />}>
          <IconButton icon="more" aria-label={t('chat.header.options')} />
        </LazyMenuTrigger>
      </div>
    </header>
  );
}
