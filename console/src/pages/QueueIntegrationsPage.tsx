import { QueueIntegrations } from '@atende/ui-kit';

/** /queue-integration (spec back-office §2): the kit's queue integrations (DialogFlow, N8N, WebHooks, Typebot) and their dialog. */
export function QueueIntegrationsPage() {
  return (
    <div className="console-queue-integrations" style={{ minWidth: 0 }}>
      <QueueIntegrations headingLevel={1} maxHeight="calc(100dvh - var(--console-topbar-height, 3.5rem) - 10rem)" />
    </div>
  );
}
