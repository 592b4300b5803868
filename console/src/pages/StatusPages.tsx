import { Link } from 'react-aria-components';
import { useLocale, useSession, useT, type MessageKey } from '@atende/ui-kit';

const LOCALE_TAGS = { pt: 'pt-BR', en: 'en-US', es: 'es' } as const;
/** A calendar date (YYYY-MM-DD) as the locale writes it, without a time zone shift. */
const formatDay = (date: string, locale: keyof typeof LOCALE_TAGS) =>
  new Intl.DateTimeFormat(LOCALE_TAGS[locale], { timeZone: 'UTC', day: '2-digit', month: '2-digit', year: 'numeric' }).format(
    new Date(`${date.slice(0, 10)}T00:00:00Z`),
  );

/** The page for an address the console does not know, with the way back to the start page. */
export function NotFound() {
  const t = useT();
  return (
    <section className="console-page" aria-labelledby="console-page-title">
      <h1 id="console-page-title" className="console-page-title">
        {t('page.notFound')}
      </h1>
      <div className="console-empty">
        <p className="console-empty-text">{t('page.notFoundDescription')}</p>
        <Link href="/" className="console-empty-action">
          {t('page.notFoundAction')}
        </Link>
      </div>
    </section>
  );
}

/** A screen the company's plan does not include (its drawer item is hidden too; the API answers ERR_PLAN_FEATURE_DISABLED). */
export function FeatureDisabled({ title }: { title: MessageKey }) {
  const t = useT();
  const name = t(title);
  return (
    <section className="console-page" aria-labelledby="console-page-title">
      <h1 id="console-page-title" className="console-page-title">
        {name}
      </h1>
      <div className="console-empty">
        <p className="console-empty-title">{t('page.featureDisabled')}</p>
        <p className="console-empty-text">{t('page.featureDisabledDescription', { screen: name })}</p>
      </div>
    </section>
  );
}

/**
 * What stands in for every page but Financeiro and Assinatura while the company's subscription is expired (the API
 * answers those pages' calls with 402 ERR_SUBSCRIPTION_EXPIRED): the due date, and the way to pay for those who may
 * (billing:manage), or whom to ask for the others.
 */
export function SubscriptionExpired({ title }: { title: MessageKey }) {
  const t = useT();
  const locale = useLocale();
  const { user } = useSession();
  const name = t(title);
  const canPay = user?.permissions.includes('billing:manage') ?? false;
  const dueDate = user?.company.dueDate ? formatDay(user.company.dueDate, locale) : '';
  return (
    <section className="console-page" aria-labelledby="console-page-title">
      <h1 id="console-page-title" className="console-page-title">
        {name}
      </h1>
      <div className="console-empty" role="alert">
        <p className="console-empty-title">{t('page.subscriptionExpired')}</p>
        <p className="console-empty-text">{t('page.subscriptionExpiredDescription', { date: dueDate, screen: name })}</p>
        {canPay ? (
          <Link href="/financeiro" className="console-empty-action">
            {t('page.subscriptionExpiredAction')}
          </Link>
        ) : (
          <p className="console-empty-text">{t('page.subscriptionExpiredAskAdmin')}</p>
        )}
      </div>
    </section>
  );
}
