import type { Key } from 'react-aria-components';
import { useT } from '../../../i18n/locale-context';
import { IconButton } from '../../../primitives/IconButton/IconButton';
import { LazyMenuTrigger, lazyOverlay } from '../../../primitives/LazyOverlay/LazyOverlay';

const MessageOptionsItems = lazyOverlay(() => import('./MessageOptionsItems').then((m) => m.MessageOptionsItems));

export interface MessageOptionsMenuProps {
  /** Edit and delete are offered only when true: own message within 15 minutes (canEditMessage). Reply always is. */
  canEdit: boolean;
  /** Why edit and delete are not offered though the message is yours and recent (the official API): shown in the menu. */
  editBlockedReason?: string | null;
  onReply: () => void;
  onEdit: () => void;
  onDelete: () => void;
  className?: string;
}

/** A message's options: reply, and for the sender's own recent messages edit and delete. */
export function MessageOptionsMenu({ canEdit, editBlockedReason, onReply, onEdit, onDelete, className }: MessageOptionsMenuProps) {
  const t = useT();
  const act = (key: Key) => {
    if (key === 'reply') onReply();
    else if (key === 'edit') onEdit();
    else if (key === 'delete') onDelete();
  };
  return (
    <LazyMenuTrigger overlay={<MessageOptionsItems canEdit={canEdit} editBlockedReason={editBlockedReason} onAction={act} />}>
      <IconButton
        icon="more"
        size="sm"
        aria-label={t('chat.message.options')}
        className={className ? `atd-MessageOptions ${className}` : 'atd-MessageOptions'}
      />
    </LazyMenuTrigger>
  );
}
