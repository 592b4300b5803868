import type { Key } from 'react-aria-components';
import { useT } from '../../../i18n/locale-context';
import { IconButton } from '../../../primitives/IconButton/IconButton';
import { Menu, MenuItem, MenuTrigger } from '../../../primitives/Menu/Menu';

export interface MessageOptionsMenuProps {
  /** Edit and delete are offered only when true: own message within 15 minutes (canEditMessage). Reply always is. */
  canEdit: boolean;
  onReply: () => void;
  onEdit: () => void;
  onDelete: () => void;
  className?: string;
}

/** A message's options: reply, and for the sender's own recent messages edit and delete. */
export function MessageOptionsMenu({ canEdit, onReply, onEdit, onDelete, className }: MessageOptionsMenuProps) {
  const t = useT();
  const act = (key: Key) => {
    if (key === 'reply') onReply();
    else if (key === 'edit') onEdit();
    else if (key === 'delete') onDelete();
  };
  return (
    <MenuTrigger>
      <IconButton
        icon="more"
        size="sm"
        aria-label={t('chat.message.options')}
        className={className ? `atd-MessageOptions ${className}` : 'atd-MessageOptions'}
      />
      <Menu onAction={act} aria-label={t('chat.message.options')}>
        <MenuItem id="reply">{t('chat.message.reply')}</MenuItem>
        {canEdit && (
          <MenuItem id="edit" icon="edit">
            {t('chat.message.edit')}
          </MenuItem>
        )}
        {canEdit && (
          <MenuItem id="delete" icon="delete" variant="danger">
            {t('chat.message.delete')}
          </MenuItem>
        )}
      </Menu>
    </MenuTrigger>
  );
}
