import { useT } from '../../../i18n';
import { connectionsTexts } from '../connections.texts';
import { Button } from '../../../primitives/Button/Button';
import { Dialog } from '../../../primitives/Dialog/Dialog';
import { TextField } from '../../../primitives/TextField/TextField';
import { CopyButton } from '../../../primitives/CopyButton/CopyButton';
import { ConnectionsIcon } from '../connections-icons';

export interface TokenDialogProps {
  /** The send-message API token just made (after a create or a rotation): shown this once. */
  token: string | null;
  /** The connection it belongs to. */
  connectionName: string;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The messages API page (how to send with the token); left out, no link. The dialog closes first. */
  onOpenMessagesApi?: () => void;
}

/**
 * A connection's new send-message API token, shown once (the API keeps only its hash): copyable, with the warning
 * that it will not be shown again and how to use it. A click outside does not close it, so the token is not lost by
 * a slip; Escape and the buttons do.
 */
export function TokenDialog({ token, connectionName, isOpen, onOpenChange, onOpenMessagesApi }: TokenDialogProps) {
  const t = useT(connectionsTexts);
  return (
    <Dialog
      title={t('connections.tokenDialog.title')}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={false}
      className="atd-TokenDialog"
      footer={({ close }) => (
        <Button onPress={close} autoFocus>
          {t('connections.tokenDialog.done')}
        </Button>
      )}
    >
      {({ close }) => (
        <div className="atd-TokenDialog-body">
          <p className="atd-TokenDialog-for">{t('connections.tokenDialog.for', { name: connectionName })}</p>
          <p className="atd-TokenDialog-warning">
            <ConnectionsIcon name="warning" />
            <span>{t('connections.tokenDialog.warning')}</span>
          </p>
          <div className="atd-TokenDialog-token">
            <TextField label={t('connections.tokenDialog.label')} value={token ?? ''} isReadOnly className="atd-TokenDialog-field" />
            <CopyButton text={token ?? ''} what={t('connections.tokenDialog.label')} />
          </div>
          <p className="atd-TokenDialog-usage">{t('connections.tokenDialog.usage')}</p>
          {onOpenMessagesApi && (
            <Button
              variant="secondary"
              className="atd-TokenDialog-docs"
              onPress={() => {
                close();
                onOpenMessagesApi();
              }}
            >
              <ConnectionsIcon name="key" />
              {t('connections.tokenDialog.docs')}
            </Button>
          )}
        </div>
      )}
    </Dialog>
  );
}
