import { QRCodeSVG } from 'qrcode.react';
import { useId, useState } from 'react';
import { useLocale, useT } from '../../../i18n';
import { billingTexts } from '../billing.texts';
import { Button } from '../../../primitives/Button/Button';
import { CopyButton } from '../../../primitives/CopyButton/CopyButton';
import { Icon } from '../../../primitives/Icon/Icon';
import { Spinner } from '../../../primitives/Spinner/Spinner';
import { formatBrl, formatDay, formatMoment, type PixCharge } from '../billing-rules';

/** The Pix QR code is drawn 256 px wide, as the connections' QR code. */
export const PIX_QR_SIZE = 256;

export interface PixPaymentProps {
  /** POST /subscription's answer: the 'copia e cola' (drawn as the QR code), the amount, the expiry, the gateway. */
  charge: PixCharge;
  /**
   * The sandbox gateway only ('Ambiente de teste'): POST /subscription/sandbox/{txid}/pay. Reject to leave the button
   * as it was (the connected part toasts why).
   */
  onSimulatePayment?: (charge: PixCharge) => Promise<void>;
  /** Paid: the new due date (`YYYY-MM-DD`) when the payment event told it, or true when only the charge says paid. */
  paid?: string | true | null;
}

/**
 * The Pix payment view (spec back-office, checkout's last view): the QR code (256 px) drawn from the charge's 'copia e
 * cola', the amount in BRL, the expiry, the code itself with a copy button, and that it waits for the payment (which
 * the `payment` event confirms). A sandbox charge shows, under the QR code, a labelled test-environment note with
 * 'Simular pagamento'.
 */
export function PixPayment({ charge, onSimulatePayment, paid = null }: PixPaymentProps) {
  const t = useT(billingTexts);
  const locale = useLocale();
  const codeId = useId();
  const [simulating, setSimulating] = useState(false);
  const amount = formatBrl(charge.valor.original, locale);
  const isPaid = Boolean(paid) || charge.status === 'paid';

  const simulate = async () => {
    if (!onSimulatePayment) return;
    setSimulating(true);
    try {
      await onSimulatePayment(charge);
    } catch {
      // Told by the connected part.
    } finally {
      setSimulating(false);
    }
  };

  return (
    <div className="atd-PixPayment" data-paid={isPaid || undefined}>
      <div className="atd-PixPayment-layout">
        <div className="atd-PixPayment-qr">
          <QRCodeSVG
            value={charge.qrcode.qrcode}
            size={PIX_QR_SIZE}
            marginSize={2}
            role="img"
            aria-label={t('billing.pix.qrLabel', { amount })}
            data-testid="pix-qrcode"
          />
          {charge.gateway === 'sandbox' && (
            <div className="atd-PixPayment-sandbox" role="note" aria-label={t('billing.sandbox.title')}>
              <strong className="atd-PixPayment-sandboxTitle">
                <Icon name="info" />
                {t('billing.sandbox.title')}
              </strong>
              <span>{t('billing.sandbox.description')}</span>
              {onSimulatePayment && !isPaid && (
                <Button variant="secondary" isPending={simulating} onPress={() => void simulate()}>
                  {t('billing.sandbox.pay')}
                </Button>
              )}
            </div>
          )}
        </div>
        <div className="atd-PixPayment-side">
          <p className="atd-PixPayment-instructions">{t('billing.pix.instructions')}</p>
          <dl className="atd-PixPayment-facts">
            <div>
              <dt>{t('billing.pix.amount')}</dt>
              <dd className="atd-PixPayment-amount">{amount}</dd>
            </div>
            <div>
              <dt>{t('billing.pix.expires')}</dt>
              <dd>{formatMoment(charge.expiresAt, locale)}</dd>
            </div>
          </dl>
          <div className="atd-PixPayment-code">
            <label htmlFor={codeId} className="atd-PixPayment-codeLabel">
              {t('billing.pix.code')}
            </label>
            <textarea
              id={codeId}
              className="atd-PixPayment-codeText"
              readOnly
              rows={4}
              value={charge.qrcode.qrcode}
              onFocus={(e) => e.currentTarget.select()}
            />
            <CopyButton text={charge.qrcode.qrcode} what={t('billing.pix.codeWhat')} />
          </div>
          <div className="atd-PixPayment-status" role="status" data-paid={isPaid || undefined}>
            {isPaid ? (
              <>
                <Icon name="check" />
                <span>
                  {t('billing.pix.paid')} {typeof paid === 'string' && t('billing.renewed', { date: formatDay(paid, locale) })}
                </span>
              </>
            ) : (
              <>
                <Spinner size="sm" />
                <span>{t('billing.pix.waiting')}</span>
              </>
            )}
          </div>
        </div>
      </div>
    </div>
  );
}
