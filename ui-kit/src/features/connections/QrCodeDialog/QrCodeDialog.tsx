import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { QRCodeSVG } from 'qrcode.react';
import { Form, FormTextField } from '../../../forms/Form';
import { applyServerErrors } from '../../../forms/server-errors';
import { errorText, useLocale, useT } from '../../../i18n';
import { connectionsTexts } from '../connections.texts';
import { Button } from '../../../primitives/Button/Button';
import { Dialog } from '../../../primitives/Dialog/Dialog';
import { Spinner } from '../../../primitives/Spinner/Spinner';
import { CopyButton } from '../../../primitives/CopyButton/CopyButton';
import { ConnectionsIcon } from '../connections-icons';
import { digitsOf, formatPairingCode, pairingNumberRule, type Connection } from '../connection-rules';

/** Spec §9: the QR code is drawn 256 px wide. */
export const QR_CODE_SIZE = 256;

export interface QrCodeDialogProps {
  /** The connection, live from the query cache (its status, `qrcode`, `pairingCode` and `retries` change as the login goes). */
  connection: Connection | undefined;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** POST /whatsappsession/{id} with the phone number (digits): a pairing code instead of the QR code. Reject to show why. */
  onRequestPairingCode: (pairingNumber: string) => Promise<void>;
  /** PUT /whatsappsession/{id}: a new QR code (back from the pairing code, or after the QR code expired). */
  onNewQrCode: () => Promise<void>;
  /**
   * A session command started by the page is still on its way: until it answers, the status the connection had before
   * (DISCONNECTED, TIMEOUT, CONNECTED) is stale, and the dialog says the QR code is being made instead.
   */
  isStarting?: boolean;
}

/** Which way the user logs in: the QR code, the pairing code's phone number being typed, or a pairing code asked for. */
type Mode = 'qr' | 'pairingForm' | 'pairingRequested';

/**
 * The QR code dialog (spec administration §2): the connection's live QR code (256 px) beside the steps to scan it
 * and the attempts so far; 'Gerando QR code…' while the session opens; 'Usar código de pareamento' asks for the
 * phone number and shows the 8-character code, large and copyable, with the steps to type it on the phone. The
 * connected page closes it when the connection is connected.
 */
export function QrCodeDialog({ connection, isOpen, onOpenChange, onRequestPairingCode, onNewQrCode, isStarting = false }: QrCodeDialogProps) {
  const t = useT(connectionsTexts);
  const [mode, setMode] = useState<Mode>(connection?.status === 'PAIRING' ? 'pairingRequested' : 'qr');
  const [renewing, setRenewing] = useState(false);

  const newQr = async () => {
    setRenewing(true);
    try {
      await onNewQrCode();
      setMode('qr');
    } finally {
      setRenewing(false);
    }
  };

  const status = connection?.status;
  let body;
  const stale = isStarting && (status === 'DISCONNECTED' || status === 'TIMEOUT' || status === 'CONNECTED');
  if (!connection || stale) body = <Waiting label={t('connections.qr.generating')} />;
  else if (status === 'CONNECTED') {
    body = (
      <p className="atd-QrCodeDialog-connected" role="status">
        <ConnectionsIcon name="check" />
        {t('connections.qr.connected')}
      </p>
    );
  } else if (status === 'DISCONNECTED' || status === 'TIMEOUT') {
    body = (
      <div className="atd-QrCodeDialog-expired" role="status">
        <ConnectionsIcon name="warning" width="2rem" height="2rem" />
        <p>{t(status === 'TIMEOUT' ? 'connections.qr.lost' : 'connections.qr.expired')}</p>
        <Button onPress={() => void newQr()} isPending={renewing}>
          <ConnectionsIcon name="qrCode" />
          {t('connections.qr.newQr')}
        </Button>
      </div>
    );
  } else if (status === 'PAIRING' && connection.pairingCode) {
    body = <PairingCode code={connection.pairingCode} onUseQr={() => void newQr()} isRenewing={renewing} />;
  } else if (mode === 'pairingForm') {
    body = (
      <PairingForm
        onSubmit={async (number) => {
          await onRequestPairingCode(number);
          setMode('pairingRequested');
        }}
        onCancel={() => setMode('qr')}
      />
    );
  } else if (mode === 'pairingRequested' || status === 'PAIRING') {
    body = <Waiting label={t('connections.pairing.generating')} />;
  } else if (status === 'qrcode' && connection.qrcode) {
    body = <QrCode qrcode={connection.qrcode} retries={connection.retries} onUsePairing={() => setMode('pairingForm')} />;
  } else {
    body = <Waiting label={t('connections.qr.generating')} />;
  }

  return (
    <Dialog
      title={t('connections.qr.title', { name: connection?.name ?? '' })}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      size="lg"
      className="atd-QrCodeDialog"
      footer={({ close }) => (
        <Button variant="secondary" onPress={close}>
          {t('action.close')}
        </Button>
      )}
    >
      <div className="atd-QrCodeDialog-content">{body}</div>
    </Dialog>
  );
}

function Waiting({ label }: { label: string }) {
  return (
    <div className="atd-QrCodeDialog-waiting">
      <Spinner size="lg" label={label} showLabel />
    </div>
  );
}

function Steps({ title, steps }: { title: string; steps: string[] }) {
  const id = useId();
  return (
    <div className="atd-QrCodeDialog-steps">
      <p id={id} className="atd-QrCodeDialog-stepsTitle">
        {title}
      </p>
      <ol aria-labelledby={id}>
        {steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
    </div>
  );
}

function QrCode({ qrcode, retries, onUsePairing }: { qrcode: string; retries: number; onUsePairing: () => void }) {
  const t = useT(connectionsTexts);
  return (
    <div className="atd-QrCodeDialog-layout">
      <div className="atd-QrCodeDialog-side">
        <Steps
          title={t('connections.qr.stepsTitle')}
          steps={[t('connections.qr.step1'), t('connections.qr.step2'), t('connections.qr.step3'), t('connections.qr.step4')]}
        />
        <Button variant="secondary" onPress={onUsePairing} className="atd-QrCodeDialog-switch">
          <ConnectionsIcon name="phone" />
          {t('connections.qr.usePairing')}
        </Button>
      </div>
      <figure className="atd-QrCodeDialog-qr">
        {/* Dark modules on white in both themes: phones read a QR code best that way. */}
        <QRCodeSVG value={qrcode} size={QR_CODE_SIZE} marginSize={2} role="img" aria-label={t('connections.qr.image')} data-testid="qrcode" />
        {retries > 0 && <figcaption className="atd-QrCodeDialog-retries">{t('connections.qr.retries', { count: retries })}</figcaption>}
      </figure>
    </div>
  );
}

function PairingCode({ code, onUseQr, isRenewing }: { code: string; onUseQr: () => void; isRenewing: boolean }) {
  const t = useT(connectionsTexts);
  const labelId = useId();
  const shown = formatPairingCode(code);
  return (
    <div className="atd-QrCodeDialog-layout">
      <div className="atd-QrCodeDialog-side">
        <Steps
          title={t('connections.pairing.stepsTitle')}
          steps={[t('connections.pairing.step1'), t('connections.pairing.step2'), t('connections.pairing.step3'), t('connections.pairing.step4')]}
        />
        <Button variant="secondary" onPress={onUseQr} isPending={isRenewing} className="atd-QrCodeDialog-switch">
          <ConnectionsIcon name="qrCode" />
          {t('connections.qr.useQr')}
        </Button>
      </div>
      <div className="atd-QrCodeDialog-pairing">
        <span id={labelId} className="atd-QrCodeDialog-pairingLabel">
          {t('connections.pairing.codeLabel')}
        </span>
        <output className="atd-QrCodeDialog-code" aria-labelledby={labelId}>
          {shown}
        </output>
        <CopyButton text={code.replace(/[\s-]+/g, '').toUpperCase()} what={t('connections.pairing.codeLabel')} />
      </div>
    </div>
  );
}

function PairingForm({ onSubmit, onCancel }: { onSubmit: (number: string) => Promise<void>; onCancel: () => void }) {
  const t = useT(connectionsTexts);
  const locale = useLocale();
  const form = useForm<{ pairingNumber: string }>({ defaultValues: { pairingNumber: '' } });
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async ({ pairingNumber }: { pairingNumber: string }) => {
    setFailure(null);
    try {
      await onSubmit(digitsOf(pairingNumber));
    } catch (err) {
      if (!applyServerErrors(form.setError, err)) setFailure(errorText(locale, err));
    }
  };

  return (
    <Form form={form} onSubmit={submit} className="atd-QrCodeDialog-pairingForm" aria-label={t('connections.qr.usePairing')}>
      <p className="atd-QrCodeDialog-intro">{t('connections.pairing.intro')}</p>
      <FormTextField<{ pairingNumber: string }>
        name="pairingNumber"
        rule={pairingNumberRule}
        label={t('connections.pairing.number')}
        description={t('connections.pairing.number.description')}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        isRequired
        autoFocus
      />
      {failure && (
        <p className="atd-QrCodeDialog-error" role="alert">
          {failure}
        </p>
      )}
      <div className="atd-QrCodeDialog-formButtons">
        <Button variant="secondary" onPress={onCancel} isDisabled={form.formState.isSubmitting}>
          <ConnectionsIcon name="qrCode" />
          {t('connections.qr.useQr')}
        </Button>
        <Button type="submit" isPending={form.formState.isSubmitting}>
          {t('connections.pairing.submit')}
        </Button>
      </div>
    </Form>
  );
}
