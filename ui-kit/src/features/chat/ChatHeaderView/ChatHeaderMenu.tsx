import type { Key } from 'react-aria-components';
import { attendantToolsTexts } from '../attendant-tools.texts';
import { useT } from '../../../i18n/locale-context';
import { Menu, MenuItem } from '../../../primitives/Menu/Menu';

export interface ChatHeaderMenuProps {
  onAction: (key: Key) => void;
  /** Without it, schedule is disabled with a 'coming with schedules' note. */
  canSchedule: boolean;
  canDelete: boolean;
}

/** The ticket options menu of ChatHeaderView, loaded on demand by its LazyMenuTrigger. */
export function ChatHeaderMenu({ onAction, canSchedule, canDelete }: ChatHeaderMenuProps) {
  const t = useT(attendantToolsTexts);
  return (
    <Menu onAction={onAction} aria-label={t('chat.header.options')} disabledKeys={canSchedule ? [] : ['schedule']}>
      <MenuItem id="schedule" textValue={t('chat.header.schedule')}>
        <span className="atd-ChatHeader-menuLabel">
          <span>{t('chat.header.schedule')}</span>
          {!canSchedule && <small className="atd-ChatHeader-note">{t('chat.header.scheduleSoon')}</small>}
        </span>
      </MenuItem>
      <MenuItem id="transfer" textValue={t('chat.header.transfer')}>
        {t('chat.header.transfer')}
      </MenuItem>
      {canDelete && (
        <MenuItem id="delete" icon="delete" variant="danger" textValue={t('chat.header.delete')}>
          {t('chat.header.delete')}
        </MenuItem>
      )}
    </Menu>
  );
}
