import { useId, useState } from 'react';
import { useT } from '../../../i18n';
import { Button } from '../../../primitives/Button/Button';
import { ConfirmationDialog } from '../../../primitives/ConfirmationDialog/ConfirmationDialog';
import { connectionsTexts } from '../connections.texts';
import { ConnectionsIcon } from '../connections-icons';

/** The send-message API token: its hint (the token itself was shown once), a new one, or none. */
export function TokenSection({ hint, onRotate, onRevoke }: { hint: string | null; onRotate: () => Promise<void>; onRevoke: () => Promise<void> }) {
  const t = useT(connectionsTexts);
  const titleId = useId();
  const [confirm, setConfirm] = useState<'rotate' | 'revoke' | null>(null);
  return (
    <section className="atd-ConnectionModal-section" aria-labelledby={titleId}>
      <h3 id={titleId} className="atd-ConnectionModal-sectionTitle">
        {t('connections.section.token')}
      </h3>
      <p className="atd-ConnectionModal-hint">{t('connections.token.description')}</p>
      <div className="atd-ConnectionModal-token">
        <span className="atd-ConnectionModal-tokenHint">
          <ConnectionsIcon name="key" />
          <span>
            {t('connections.token.label')}: {hint ? <code>{hint}</code> : <em>{t('connections.token.none')}</em>}
          </span>
        </span>
        <span className="atd-ConnectionModal-tokenButtons">
          {/* Without a token there is nothing to lose: a new one needs no confirmation. */}
          <Button variant="secondary" onPress={() => (hint ? setConfirm('rotate') : void onRotate())}>
            {t('connections.token.rotate')}
          </Button>
          {hint && (
            <Button variant="secondary" className="atd-ConnectionModal-revoke" onPress={() => setConfirm('revoke')}>
              {t('connections.token.revoke')}
            </Button>
          )}
        </span>
      </div>
      <ConfirmationDialog
        isOpen={confirm === 'rotate'}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={t('connections.token.confirmRotate.title')}
        variant="primary"
        confirmLabel={t('connections.token.rotate')}
        onConfirm={onRotate}
      >
        <p className="atd-ConnectionModal-confirmText">{t('connections.token.confirmRotate.body')}</p>
      </ConfirmationDialog>
      <ConfirmationDialog
        isOpen={confirm === 'revoke'}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={t('connections.token.confirmRevoke.title')}
        confirmLabel={t('connections.token.confirmRevoke.confirm')}
        onConfirm={onRevoke}
      >
        <p className="atd-ConnectionModal-confirmText">{t('connections.token.confirmRevoke.body')}</p>
      </ConfirmationDialog>
    </section>
  );
}
