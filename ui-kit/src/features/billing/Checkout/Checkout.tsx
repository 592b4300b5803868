import { useState } from 'react';
import type { Schema } from '../../../client';
import { useCheckout, usePaymentEvent, useSandboxPay } from '../data/billing';
import { usePublicPlans } from '../../admin/plans/data/plans';
import { serverFieldErrors } from '../../../forms/server-errors';
import { useLocale, useT } from '../../../i18n';
import { billingTexts } from '../billing.texts';
import { useToast } from '../../../primitives/Toast/Toast';
import { useSession } from '../../../provider/context';
import { CheckoutDialog } from '../CheckoutDialog/CheckoutDialog';
import { formatDay, type Invoice, type PixCharge } from '../billing-rules';

/** How long the renewal toast stays: long enough to read before the page moves on. */
export const RENEWAL_TOAST_MS = 6000;

export interface CheckoutProps {
  /** The open invoice to pay; keep the component mounted (and the invoice set) to hear its payment after the dialog closes. */
  invoice: Invoice | null;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The invoice was paid (`company-{id}-payment`, CONCLUIDA): the company with its new due date. The console goes home 4 s later. */
  onPaid?: (company: Schema<'CompanyDto'>) => void;
}

/**
 * The checkout, connected: the public plans (GET /plans/list) when it opens, POST /subscription on 'Revisar' (a toast
 * says the subscription is made and waits for the payment; errors other than field errors are toasted), the sandbox's
 * simulated payment, and the `payment` event of this invoice: the renewal toast with the new due date, the Pix view
 * marked paid, and `onPaid`.
 */
export function Checkout({ invoice, isOpen, onOpenChange, onPaid }: CheckoutProps) {
  const t = useT(billingTexts);
  const locale = useLocale();
  const toast = useToast();
  const { user } = useSession();
  const plans = usePublicPlans({ enabled: isOpen });
  const checkout = useCheckout();
  const sandboxPay = useSandboxPay();
  const [paid, setPaid] = useState<string | true | null>(null);

  usePaymentEvent((event) => {
    if (!invoice || event.invoice.id !== invoice.id) return;
    const dueDate = event.company.dueDate;
    setPaid(dueDate ?? true);
    if (dueDate) toast.success(t('billing.renewed', { date: formatDay(dueDate, locale) }), { timeout: RENEWAL_TOAST_MS });
    onPaid?.(event.company);
  });

  const submit = async (body: Schema<'CheckoutDto'>): Promise<PixCharge> => {
    try {
      const charge = await checkout.mutateAsync(body);
      toast.success(t('billing.checkout.created'), { timeout: RENEWAL_TOAST_MS });
      return charge;
    } catch (err) {
      if (serverFieldErrors(err).length === 0) toast.toastError(err);
      throw err;
    }
  };

  const simulate = async (charge: PixCharge) => {
    try {
      const answer = await sandboxPay.mutateAsync(charge.txid);
      if (answer.status === 'paid') setPaid((p) => p ?? true);
    } catch (err) {
      toast.toastError(err);
      throw err;
    }
  };

  return (
    <CheckoutDialog
      key={invoice?.id ?? 'none'}
      isOpen={isOpen && invoice !== null}
      onOpenChange={onOpenChange}
      invoice={invoice}
      plans={plans.data}
      payerName={user?.name}
      onSubmit={submit}
      onSimulatePayment={simulate}
      paid={paid}
    />
  );
}
