import { useLocale, useT } from '../../../i18n/locale-context';
import { Dialog } from '../../../primitives/Dialog/Dialog';
import type { Message } from '../message-format';

export interface EditHistoryDialogProps {
  message: Pick<Message, 'body' | 'oldMessages' | 'updatedAt'>;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}

/** The versions of an edited message: the current text first, then each earlier text with when it was replaced. */
export function EditHistoryDialog({ message, isOpen, onOpenChange }: EditHistoryDialogProps) {
  const t = useT();
  const locale = useLocale();
  const format = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' });
  const older = [...message.oldMessages].sort((a, b) => Date.parse(b.editedAt) - Date.parse(a.editedAt));
  return (
    <Dialog title={t('chat.editHistory.title')} isOpen={isOpen} onOpenChange={onOpenChange} size="sm">
      <ol className="atd-EditHistory">
        <li className="atd-EditHistory-item" data-current="true">
          <span className="atd-EditHistory-when">{t('chat.editHistory.current')}</span>
          <p className="atd-EditHistory-body">{message.body}</p>
        </li>
        {older.map((version, i) => (
          <li key={`${version.editedAt}-${i}`} className="atd-EditHistory-item">
            <span className="atd-EditHistory-when">{t('chat.editHistory.editedAt', { date: format.format(new Date(version.editedAt)) })}</span>
            <p className="atd-EditHistory-body">{version.body}</p>
          </li>
        ))}
      </ol>
    </Dialog>
  );
}
