import { useId } from 'react';
import { Link } from 'react-aria-components';
import { useLocale, useT } from '../../../i18n';
import { billingTexts } from '../billing.texts';
import { Button } from '../../../primitives/Button/Button';
import { TextField } from '../../../primitives/TextField/TextField';
import { formatDay, trialDaysLeft, type Invoice } from '../billing-rules';

export interface SubscriptionCompany {
  email?: string | null;
  /** `YYYY-MM-DD`. */
  dueDate?: string | null;
  /** ISO timestamp; null once the trial is over or for a company that never had one. */
  trialExpiration?: string | null;
}

export interface SubscriptionViewProps {
  /** The signed-in user's company (the session's `user.company`). */
  company: SubscriptionCompany;
  /**
   * The invoice 'Assine Agora!' pays: the company's oldest open invoice. undefined while the invoices load (the button
   * waits); null when none is open: the button becomes a link to the invoices page, and a note says why.
   */
  openInvoice: Invoice | null | undefined;
  /** 'Assine Agora!' with an open invoice: the checkout opens for it. */
  onSubscribe: (invoice: Invoice) => void;
  /** The invoices page, through the host's router (react-aria's RouterProvider). Default '/financeiro'. */
  invoicesHref?: string;
  /** The moment the trial's days are counted from; default now. */
  now?: Date;
  /** The title's heading level (1 when the page is the document's main content). Default 2. */
  headingLevel?: 1 | 2 | 3;
}

/**
 * The subscription page ('Assinatura', /subscription; spec back-office): read only, the trial's end ('Seu período de
 * teste termina em N dias!', N the 24-hour days to the trial's end rounded up) or, with no trial, the due date ('Sua
 * assinatura vence em 20/01/2027'); the billing e-mail (the company's). 'Assine Agora!' opens the checkout of the
 * company's oldest open invoice. With no open invoice (all paid: the next one is issued a few days before the due
 * date), it is a link to the invoices page instead, with a note saying there is nothing open to pay.
 */
export function SubscriptionView({ company, openInvoice, onSubscribe, invoicesHref = '/financeiro', now, headingLevel = 2 }: SubscriptionViewProps) {
  const t = useT(billingTexts);
  const locale = useLocale();
  const titleId = useId();
  const noteId = useId();
  const Heading = `h${headingLevel}` as const;

  let periodLabel = t('billing.subscription.dueLabel');
  let period = t('billing.subscription.noDue');
  if (company.trialExpiration) {
    const days = trialDaysLeft(company.trialExpiration, now);
    periodLabel = t('billing.subscription.period');
    period = days === 1 ? t('billing.subscription.trialOne') : t('billing.subscription.trial', { count: days });
  } else if (company.dueDate) {
    period = t('billing.subscription.due', { date: formatDay(company.dueDate, locale) });
  }

  return (
    <section className="atd-Subscription" aria-labelledby={titleId}>
      <Heading id={titleId} className="atd-Subscription-title">
        {t('billing.subscription.title')}
      </Heading>
      <div className="atd-Subscription-card">
        <TextField label={periodLabel} value={period} isReadOnly className="atd-Subscription-field" />
        <TextField label={t('billing.subscription.email')} value={company.email ?? ''} isReadOnly type="email" className="atd-Subscription-field" />
        <div className="atd-Subscription-actions">
          {openInvoice === null ? (
            <>
              <Link href={invoicesHref} className="atd-Button atd-Subscription-link" data-variant="primary" aria-describedby={noteId}>
                {t('billing.subscription.subscribe')}
              </Link>
              <p id={noteId} className="atd-Subscription-note">
                {t('billing.subscription.noOpen')}
              </p>
            </>
          ) : (
            <Button isPending={openInvoice === undefined} onPress={() => openInvoice && onSubscribe(openInvoice)}>
              {t('billing.subscription.subscribe')}
            </Button>
          )}
        </div>
      </div>
    </section>
  );
}
