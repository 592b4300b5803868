import type { Key } from 'react-aria-components';
import { useT } from '../../../i18n/locale-context';
import { Menu, MenuItem } from '../../../primitives/Menu/Menu';

export interface MessageOptionsItemsProps {
  canEdit: boolean;
  /** Why edit and delete are not offered for a message that could otherwise have them (the official API): shown disabled. */
  editBlockedReason?: string | null;
  onAction: (key: Key) => void;
}

/** MessageOptionsMenu's menu, loaded on demand by its LazyMenuTrigger. */
export function MessageOptionsItems({ canEdit, editBlockedReason, onAction }: MessageOptionsItemsProps) {
  const t = useT();
  return (
    <Menu onAction={onAction} aria-label={t('chat.message.options')}>
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
      {!canEdit && editBlockedReason && (
        <MenuItem id="edit-blocked" icon="info" isDisabled className="atd-MenuItem-note">
          {editBlockedReason}
        </MenuItem>
      )}
    </Menu>
  );
}
