import { useState } from 'react';
import type { Schema } from '../../../client';
import { useInvoices } from '../data/billing';
import { useT } from '../../../i18n';
import { billingTexts } from '../billing.texts';
import { EmptyState } from '../../../primitives/EmptyState/EmptyState';
import { useSession } from '../../../provider/context';
import { Checkout } from '../Checkout/Checkout';
import { SubscriptionView } from '../SubscriptionView/SubscriptionView';
import { canManageBilling, oldestOpenInvoice, type Invoice } from '../billing-rules';

export interface SubscriptionProps {
  /** The title's heading level (1 when the page is the document's main content). Default 2. */
  headingLevel?: 1 | 2 | 3;
  /** The invoices page, through the host's router. Default '/financeiro'. */
  invoicesHref?: string;
  /** The invoice was paid: the company with its new due date. The console goes home 4 s later. */
  onPaid?: (company: Schema<'CompanyDto'>) => void;
  /** The moment the trial's days are counted from; default now. */
  now?: Date;
}

/**
 * The subscription page ('Assinatura', /subscription), connected: the company from the session (its trial, due date
 * and e-mail, kept current by the payment event), its invoices (GET /invoices/all, first page: the newest due dates,
 * where an open one is) for 'Assine Agora!', which opens the checkout of the oldest open one; with none open it links
 * to the invoices page (see SubscriptionView). Needs billing:manage.
 */
export function Subscription({ headingLevel, invoicesHref, onPaid, now }: SubscriptionProps) {
  const t = useT(billingTexts);
  const { user } = useSession();
  const allowed = canManageBilling(user);
  const invoices = useInvoices({}, { enabled: allowed });
  // The invoice the checkout pays, held once chosen: paid, it leaves the open ones while the Pix view still shows it.
  const [paying, setPaying] = useState<{ invoice: Invoice | null; open: boolean }>({ invoice: null, open: false });
  const openInvoice = invoices.data ? oldestOpenInvoice(invoices.data.items) : invoices.isError ? null : undefined;

  if (!allowed || !user)
    return <EmptyState icon="info" title={t('billing.subscription.title')} description={t('billing.noPermission')} headingLevel={headingLevel === 1 ? 2 : 3} />;

  return (
    <>
      <SubscriptionView
        company={user.company}
        openInvoice={openInvoice}
        onSubscribe={(invoice) => setPaying({ invoice, open: true })}
        invoicesHref={invoicesHref}
        now={now}
        headingLevel={headingLevel}
      />
      <Checkout
        key={paying.invoice?.id ?? 'none'}
        invoice={paying.invoice}
        isOpen={paying.open}
        onOpenChange={(isOpen) => setPaying((p) => ({ ...p, open: isOpen }))}
        onPaid={onPaid}
      />
    </>
  );
}
