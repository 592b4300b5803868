import type { Key } from 'react-aria-components';
import { useT } from '../../../i18n';
import { Menu, MenuItem } from '../../../primitives/Menu/Menu';

export interface TicketItemMenuProps {
  onAction: (key: Key) => void;
  /** Offers pin (or unpin, when pinned). */
  canPin: boolean;
  pinned: boolean;
  /** Offers mark unread. */
  canMarkUnread: boolean;
}

/** A ticket row's options menu, loaded on demand by TicketListItem's LazyMenuTrigger. */
export function TicketItemMenu({ onAction, canPin, pinned, canMarkUnread }: TicketItemMenuProps) {
  const t = useT();
  return (
    <Menu onAction={onAction} aria-label={t('tickets.item.options')}>
      {canPin ? (
        <MenuItem id="pin" textValue={pinned ? t('tickets.item.unpin') : t('tickets.item.pin')}>
          {pinned ? t('tickets.item.unpin') : t('tickets.item.pin')}
        </MenuItem>
      ) : null}
      {canMarkUnread ? (
        <MenuItem id="unread" textValue={t('tickets.item.markUnread')}>
          {t('tickets.item.markUnread')}
        </MenuItem>
      ) : null}
    </Menu>
  );
}
