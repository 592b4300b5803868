import { useT, type MessageKey } from '@atende/ui-kit';

/** A screen that has not landed yet: its title and a note. */
export function ComingSoon({ title }: { title: MessageKey }) {
  const t = useT();
  const name = t(title);
  return (
    <section className="console-page" aria-labelledby="console-page-title">
      <h1 id="console-page-title" className="console-page-title">
        {name}
      </h1>
      <div className="console-empty">
        <p className="console-empty-title">{t('page.comingSoon')}</p>
        <p className="console-empty-text">{t('page.comingSoonDescription', { screen: name })}</p>
      </div>
    </section>
  );
}

export function NotFound() {
  const t = useT();
  return (
    <section className="console-page">
      <h1 className="console-page-title">{t('page.notFound')}</h1>
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
