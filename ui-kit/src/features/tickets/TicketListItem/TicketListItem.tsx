import { useId, useState, type KeyboardEvent } from 'react';
import { useLocale, useT } from '../../../i18n';
import { Avatar } from '../../../primitives/Avatar/Avatar';
import { Badge } from '../../../primitives/Badge/Badge';
import { Button } from '../../../primitives/Button/Button';
import { Chip } from '../../../primitives/Chip/Chip';
import { formatTicketTime, truncateName } from '../ticket-format';
import { opensOnClick, ticketActions, type Ticket } from '../ticket-rules';

export interface TicketListItemProps {
  ticket: Ticket;
  /** The company's settings (settingsOf(me)): the group rules of the buttons and of opening by click. */
  settings: Record<string, string>;
  /** The ticket shown beside the list. */
  isSelected?: boolean;
  /** Click or Enter on the row; not called for a pending ticket that does not open by click (spec §4). */
  onOpen: (ticket: Ticket) => void;
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
export function TicketListItem({ ticket, settings, isSelected = false, onOpen, onAccept, onClose, onReopen, isBusy = false, now }: TicketListItemProps) {
  const t = useT();
  const locale = useLocale();
  const hintId = useId();
  const messageId = useId();
  const [showHint, setShowHint] = useState(false);
  const actions = ticketActions(ticket, settings);
  const opens = opensOnClick(ticket, settings);
  const name = ticket.contact.name || ticket.contact.number;
  const queueColor = ticket.queue?.color;

  const open = () => {
    if (opens) onOpen(ticket);
    else setShowHint(true);
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
      style={queueColor ? ({ '--atd-ticket-queue': queueColor } as React.CSSProperties) : undefined}
    >
      <span className="atd-TicketListItem-bar" aria-hidden="true" />
      <div
        role="button"
        tabIndex={0}
        className="atd-TicketListItem-main"
        aria-current={isSelected || undefined}
        aria-disabled={opens ? undefined : true}
        aria-label={name}
        aria-describedby={showHint ? `${messageId} ${hintId}` : messageId}
        onClick={open}
        onKeyDown={onKeyDown}
        onBlur={() => setShowHint(false)}
      >
        <Avatar name={name} src={ticket.contact.profilePicUrl ?? ticket.contact.urlPicture} size="md" />
        <div className="atd-TicketListItem-body">
          <div className="atd-TicketListItem-top">
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
              {ticket.lastMessage ?? ''}
            </span>
            {ticket.unreadMessages > 0 && (
              <Badge count={ticket.unreadMessages} variant="success" label={t('tickets.item.unread', { count: ticket.unreadMessages })} />
            )}
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
          {showHint && (
            <span className="atd-TicketListItem-hint" id={hintId} role="status">
              {t('tickets.item.pendingHint')}
            </span>
          )}
        </div>
      </div>
      {(actions.accept || actions.close || actions.reopen) && (
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
        </div>
      )}
    </div>
  );
}
