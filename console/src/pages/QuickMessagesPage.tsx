import { QuickMessages, useT } from '@atende/ui-kit';
import './QuickMessagesPage.css';

/** /quick-messages (spec back-office §2): the quick-messages list and modal of the kit, under the page title. */
export function QuickMessagesPage() {
  const t = useT();
  return (
    <section className="console-page console-quick-messages" aria-labelledby="console-quick-messages-title">
      <h1 id="console-quick-messages-title" className="console-page-title">
        {t('nav.quickMessages')}
      </h1>
      <QuickMessages maxHeight="calc(100dvh - var(--console-topbar-height, 3.5rem) - 11rem)" />
    </section>
  );
}
