import { useT } from '../../../i18n';
import { queueIntegrationsTexts } from '../queue-integrations.texts';
import { Button } from '../../../primitives/Button/Button';
import { CopyButton } from '../../../primitives/CopyButton/CopyButton';
import { Dialog } from '../../../primitives/Dialog/Dialog';
import { TextField } from '../../../primitives/TextField/TextField';

export interface SecretDialogProps {
  /** An n8n or webhook integration's new signing secret (after a create or a rotation): shown this once. */
  secret: string | null;
  /** The integration it belongs to. */
  name: string;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}

/**
 * A webhook/n8n integration's signing secret, shown once (the API keeps it sealed and answers only a hint later):
 * copyable, with how receivers check a request. A click outside does not close it; Escape and the button do.
 */
export function SecretDialog({ secret, name, isOpen, onOpenChange }: SecretDialogProps) {
  const t = useT(queueIntegrationsTexts);
  return (
    <Dialog
      title={`${t('queueIntegrations.secret.title')}: ${name}`}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={false}
      className="atd-SecretDialog"
      footer={({ close }) => (
        <Button onPress={close} autoFocus>
          {t('queueIntegrations.secret.close')}
        </Button>
      )}
    >
      <div className="atd-SecretDialog-body">
        <p className="atd-SecretDialog-warning">{t('queueIntegrations.secret.body')}</p>
        <div className="atd-SecretDialog-secret">
          <TextField label={t('queueIntegrations.secret.title')} value={secret ?? ''} isReadOnly className="atd-SecretDialog-field" />
          <CopyButton text={secret ?? ''} what={t('queueIntegrations.secret.title')} />
        </div>
      </div>
    </Dialog>
  );
}
