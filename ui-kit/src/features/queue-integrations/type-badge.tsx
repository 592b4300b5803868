import type { QueueIntegrationType } from './data/queue-integrations';

const LETTERS: Record<QueueIntegrationType, string> = { dialogflow: 'DF', n8n: 'n8n', webhook: 'WH', typebot: 'TB' };

/** The type's logo: a small coloured badge with its initials (decorative; the label says the type). */
export function IntegrationTypeBadge({ type, label }: { type: QueueIntegrationType; label: string }) {
  return (
    <span className="atd-IntegrationType" data-type={type}>
      <span className="atd-IntegrationType-logo" aria-hidden="true">
        {LETTERS[type]}
      </span>
      <span className="atd-IntegrationType-label">{label}</span>
    </span>
  );
}
