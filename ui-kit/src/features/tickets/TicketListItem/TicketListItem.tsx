import { useId, type KeyboardEvent } from 'react';
import type { Key } from 'react-aria-components';
import { useLocale, useT } from '../../../i18n';
import { Avatar } from '../../../primitives/Avatar/Avatar';
import { Badge } from '../../../primitives/Badge/Badge';
import { Button } from '../../../primitives/Button/Button';
import { Chip } from '../../../primitives/Chip/Chip';
import { IconButton } from '../../../primitives/IconButton/IconButton';
import { LazyMenuTrigger, lazyOverlay } from '../../../primitives/LazyOverlay/LazyOverlay';
import { ChatIcon } from '../../chat/chat-icons';
import { MessagePreview } from '../../chat/FormattedText/FormattedText';
import { formatTicketTime, truncateName } from '../ticket-format';
import { opensReadOnly, ticketActions, type Ticket } from '../ticket-rules';

const TicketItemMenu = lazyOverlay(() => import('./TicketItemMenu').then((m) => m.TicketItemMenu));

export interface TicketListItemProps {
  ticket: Ticket;
  /** The company's settings (settingsOf(me)): the group rules of the buttons and of opening by click. */
  settings: Record<string, string>;
  /** The ticket shown beside the list. */
  isSelected?: boolean;
  /** Click or Enter on the row (a pending ticket opens read only until accepted, see opensReadOnly). */
  onOpen: (ticket: Ticket) => void;
  /** The signed-in user's own marks on it: pinned to the top, marked unread (GET /tickets/marks). */
  mark?: { pinned: boolean; unread: boolean };
  /** Pin or unpin it (the row's options menu); without it the menu offers no pin. */
  onPin?: (ticket: Ticket, pinned: boolean) => void;
  /** Mark it unread for the user (the row's options menu). */
  onMarkUnread?: (ticket: Ticket) => void;
  onAccept?: (ticket: Ticket) => void;
  onClose?: (ticket: Ticket) => void;
  onReopen?: (ticket: Ticket) => void;
  /** A status change of this ticket is on its way: its buttons wait. */
  isBusy?: boolean;
  /** "Now" for the time column (today: HH:mm, else the date). */
  now?: Date;
}

/**
 * One ticket of the manager's lists: contact, last message, time, unread count, queue colour and name, tags,
 * connection and attendant, and the accept / close / reopen buttons that ticketActions() allows.
 */
export function TicketListItem({
  ticket,
  settings,
  isSelected = false,
  onOpen,
  onAccept,
  onClose,
  onReopen,
  isBusy = false,
  now,
  mark,
  onPin,
  onMarkUnread,
}: TicketListItemProps) {
  const t = useT();
  const locale = useLocale();
  const hintId = useId();
  const messageId = useId();
  const actions = ticketActions(ticket, settings);
  const readOnly = opensReadOnly(ticket, settings);
  // A closed ticket waits for nobody: no badge, whatever its counter says.
  const unread = ticket.status === 'closed' ? 0 : ticket.unreadMessages;
  const markedUnread = ticket.status !== 'closed' && unread === 0 && Boolean(mark?.unread);
  const pinned = Boolean(mark?.pinned);
  const name = ticket.contact.name || ticket.contact.number;
  const queueColor = ticket.queue?.color;

  const open = () => onOpen(ticket);
  const pick = (key: Key) => {
    if (key === 'pin') onPin?.(ticket, !pinned);
    else if (key === 'unread') onMarkUnread?.(ticket);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      open();
    }
  };

  return (
    <div
      className="atd-TicketListItem"
      data-selected={isSelected || undefined}
      data-status={ticket.status}
      data-pinned={pinned || undefined}
      style={queueColor ? ({ '--atd-ticket-queue': queueColor } as React.CSSProperties) : undefined}
    >
      <span className="atd-TicketListItem-bar" aria-hidden="true" />
      <div
        role="button"
        tabIndex={0}
        className="atd-TicketListItem-main"
        aria-current={isSelected || undefined}
        aria-label={name}
        aria-describedby={readOnly ? `${messageId} ${hintId}` : messageId}
        onClick={open}
        onKeyDown={onKeyDown}
      >
        <Avatar name={name} src={ticket.contact.profilePicUrl ?? ticket.contact.urlPicture} size="md" />
        <div className="atd-TicketListItem-body">
          <div className="atd-TicketListItem-top">
            {pinned && <ChatIcon name="pin" className="atd-TicketListItem-pin" label={t('tickets.item.pinned')} />}
            <span className="atd-TicketListItem-name" title={name.length > 26 ? name : undefined}>
              {truncateName(name)}
            </span>
            {ticket.isGroup && (
              <Badge variant="neutral" className="atd-TicketListItem-group">
                {t('tickets.item.group')}
              </Badge>
            )}
            <time className="atd-TicketListItem-time" dateTime={ticket.updatedAt}>
              {formatTicketTime(ticket.updatedAt, locale, now)}
            </time>
          </div>
          <div className="atd-TicketListItem-middle">
            <span className="atd-TicketListItem-message" id={messageId}>
              <MessagePreview text={ticket.lastMessage} />
            </span>
            {unread > 0 && <Badge count={unread} variant="success" label={t('tickets.item.unread', { count: unread })} />}
            {markedUnread && <Badge dot variant="success" label={t('tickets.item.markedUnread')} />}
          </div>
          <div className="atd-TicketListItem-meta">
            <span className="atd-TicketListItem-queue">{ticket.queue?.name ?? t('tickets.noQueue')}</span>
            {ticket.whatsapp?.name && (
              <span className="atd-TicketListItem-connection">
                <span className="atd-visually-hidden">{t('tickets.item.connection')}: </span>
                {ticket.whatsapp.name}
              </span>
            )}
            {ticket.user?.name && (
              <span className="atd-TicketListItem-user">
                <span className="atd-visually-hidden">{t('tickets.item.assigned')}: </span>
                {ticket.user.name}
              </span>
            )}
          </div>
          {ticket.tags.length > 0 && (
            <div className="atd-TicketListItem-tags">
              <span className="atd-visually-hidden">{t('tickets.item.tags')}: </span>
              {ticket.tags.map((tag) => (
                <Chip key={tag.id} color={tag.color}>
                  {tag.name}
                </Chip>
              ))}
            </div>
          )}
          {readOnly && (
            <span className="atd-visually-hidden" id={hintId}>
              {t('tickets.item.readOnlyHint')}
            </span>
          )}
        </div>
      </div>
      {(actions.accept || actions.close || actions.reopen || onPin || onMarkUnread) && (
        <div className="atd-TicketListItem-actions">
          {actions.accept && onAccept && (
            <Button
              className="atd-TicketListItem-action"
              isDisabled={isBusy}
              onPress={() => onAccept(ticket)}
              aria-label={`${t('tickets.action.accept')}: ${name}`}
            >
              {t('tickets.action.accept')}
            </Button>
          )}
          {actions.close && onClose && (
            <Button
              className="atd-TicketListItem-action"
              variant="secondary"
              isDisabled={isBusy}
              onPress={() => onClose(ticket)}
              aria-label={`${t('tickets.action.close')}: ${name}`}
            >
              {t('tickets.action.close')}
            </Button>
          )}
          {actions.reopen && onReopen && (
            <Button
              className="atd-TicketListItem-action"
              variant="secondary"
              isDisabled={isBusy}
              onPress={() => onReopen(ticket)}
              aria-label={`${t('tickets.action.reopen')}: ${name}`}
            >
              {t('tickets.action.reopen')}
            </Button>
          )}
          {(onPin || onMarkUnread) && (
            <LazyMenuTrigger
              overlay={<TicketItemMenu onAction={pick} canPin={!!onPin} pinned={pinned} canMarkUnread={!!onMarkUnread && ticket.status !== 'closed'} />}
            >
              <IconButton icon="more" size="sm" className="atd-TicketListItem-more" aria-label={`${t('tickets.item.options')}: ${name}`} />
            </LazyMenuTrigger>
          )}
        </div>
      )}
    </div>
  );
}
