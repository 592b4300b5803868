import { useId } from 'react';
import { useT } from '../../../../i18n';
import { Button } from '../../../../primitives/Button/Button';
import { CopyButton } from '../../../../primitives/CopyButton/CopyButton';
import { Dialog } from '../../../../primitives/Dialog/Dialog';
import { TextField } from '../../../../primitives/TextField/TextField';
import { embedKeysTexts } from '../embed-keys.texts';
import { EMBED_TOKEN_AUDIENCE, type EmbedKeyCreated } from '../embed-key-rules';

export interface EmbedKeySecretDialogProps {
  /** The answer of POST /embed-keys, the only one that carries the secret; null: closed. */
  created: EmbedKeyCreated | null;
  /** Closing forgets the secret (the page drops it). */
  onClose: () => void;
}

/** How a partner's server mints a token (Node, with `jsonwebtoken`, which adds `iat`), with this key's id filled in. */
export function signingSnippet(keyId: string): string {
  return [
    "import jwt from 'jsonwebtoken';",
    "import { randomUUID } from 'node:crypto';",
    '',
    'const token = jwt.sign(',
    "  { email: 'ana@empresa.com', jti: randomUUID() },",
    '  process.env.ATENDE_EMBED_SECRET,',
    `  { algorithm: 'HS256', keyid: '${keyId}',`,
    `    audience: '${EMBED_TOKEN_AUDIENCE}', expiresIn: '5m' },`,
    ');',
  ].join('\n');
}

/**
 * A new embed key's secret, shown this once (the API keeps it sealed and never answers it again): the key id and the
 * secret, each copyable, the warning, and how the partner's server signs a token with them. A click outside does not
 * close it; Escape and the button do.
 */
export function EmbedKeySecretDialog({ created, onClose }: EmbedKeySecretDialogProps) {
  const t = useT(embedKeysTexts);
  const howToId = useId();
  const snippet = created ? signingSnippet(created.keyId) : '';
  return (
    <Dialog
      title={t('embedKeys.secret.title', { name: created?.name ?? '' })}
      isOpen={created !== null}
      onOpenChange={(isOpen) => !isOpen && onClose()}
      isDismissable={false}
      size="lg"
      className="atd-EmbedKeySecret"
      footer={({ close }) => (
        <Button onPress={close} autoFocus>
          {t('embedKeys.secret.done')}
        </Button>
      )}
    >
      {created && (
        <div className="atd-EmbedKeySecret-body">
          <p className="atd-EmbedKeySecret-warning" role="alert">
            {t('embedKeys.secret.warning')}
          </p>
          <div className="atd-EmbedKeySecret-row">
            <TextField label={t('embedKeys.secret.keyId')} value={created.keyId} isReadOnly className="atd-EmbedKeySecret-field" />
            <CopyButton text={created.keyId} what={t('embedKeys.secret.keyId')} />
          </div>
          <div className="atd-EmbedKeySecret-row">
            <TextField label={t('embedKeys.secret.secret')} value={created.secret} isReadOnly className="atd-EmbedKeySecret-field" />
            <CopyButton text={created.secret} what={t('embedKeys.secret.secret')} />
          </div>
          <section className="atd-EmbedKeySecret-howTo" aria-labelledby={howToId}>
            <h3 id={howToId} className="atd-EmbedKeySecret-howToTitle">
              {t('embedKeys.secret.howTo')}
            </h3>
            <p className="atd-EmbedKeySecret-text">{t('embedKeys.secret.steps')}</p>
            <figure className="atd-EmbedKeySecret-figure" aria-labelledby={`${howToId}-example`}>
              <figcaption id={`${howToId}-example`} className="atd-EmbedKeySecret-caption">
                {t('embedKeys.secret.example')}
              </figcaption>
              {/* Wraps rather than scrolls: nothing to reach by keyboard, whole on a phone. */}
              <pre className="atd-EmbedKeySecret-snippet">
                <code>{snippet}</code>
              </pre>
            </figure>
            <p className="atd-EmbedKeySecret-text atd-EmbedKeySecret-guide">{t('embedKeys.secret.guide')}</p>
          </section>
        </div>
      )}
    </Dialog>
  );
}
