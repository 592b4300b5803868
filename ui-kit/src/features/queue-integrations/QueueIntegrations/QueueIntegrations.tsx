import { useState } from 'react';
import { pagingProps } from '../../../data/paging';
import {
  useCreateQueueIntegration,
  useDeleteQueueIntegration,
  useQueueIntegrations,
  useRotateQueueIntegrationSecret,
  useTestDialogflowSession,
  useUpdateQueueIntegration,
} from '../data/queue-integrations';
import { useT } from '../../../i18n';
import { queueIntegrationsTexts } from '../queue-integrations.texts';
import { EmptyState } from '../../../primitives/EmptyState/EmptyState';
import { useCrudPage } from '../../../primitives/ListPage/useCrudPage';
import { useToast } from '../../../primitives/Toast/Toast';
import { useSession } from '../../../provider/context';
import { can } from '../../../provider/session-rules';
import { QueueIntegrationModal } from '../QueueIntegrationModal/QueueIntegrationModal';
import { QueueIntegrationsView } from '../QueueIntegrationsView/QueueIntegrationsView';
import { SecretDialog } from '../SecretDialog/SecretDialog';
import { integrationBody, searchParamOf, type QueueIntegration } from '../queue-integration-rules';

/** Spec back-office §9: toasts close after 3 seconds. */
export const QUEUE_INTEGRATIONS_TOAST_MS = 3000;

export interface QueueIntegrationsProps {
  /** Height of the table's scrolling area (infinite scroll needs one). */
  maxHeight?: number | string;
  /** The title's heading level (1 when the page is the document's main content). Default 2. */
  headingLevel?: 1 | 2 | 3;
}

/**
 * The queue integrations page (spec back-office, /queue-integration), connected: GET /queueIntegration searched
 * (debounced, lower-cased) and paged by scrolling, live from `company-{id}-queueIntegration`; add and edit in the
 * dialog (POST or PUT), DialogFlow's Test (POST /queueIntegration/testSession); an n8n or webhook integration's
 * signing secret shown once after it is made (create or 'Gerar novo segredo'); delete confirmed. Needs
 * automation:manage (the route also needs the plan's useIntegrations).
 */
export function QueueIntegrations({ maxHeight, headingLevel }: QueueIntegrationsProps) {
  const t = useT(queueIntegrationsTexts);
  const toast = useToast();
  const { user } = useSession();
  const allowed = can(user ?? undefined, 'automation:manage');

  const create = useCreateQueueIntegration();
  const update = useUpdateQueueIntegration();
  const remove = useDeleteQueueIntegration();
  const rotate = useRotateQueueIntegrationSecret();
  const testSession = useTestDialogflowSession();
  const crud = useCrudPage({
    create: create.mutateAsync,
    update: (integration: QueueIntegration, body) => update.mutateAsync({ id: integration.id, body }),
    remove: (integration) => remove.mutateAsync(integration.id),
    texts: { saved: t('queueIntegrations.saved'), deleted: t('queueIntegrations.deleted') },
    toastTimeout: QUEUE_INTEGRATIONS_TOAST_MS,
  });
  const searchParam = searchParamOf(crud.debouncedSearch);
  const list = useQueueIntegrations(searchParam ? { searchParam } : {}, { enabled: allowed });
  const [secret, setSecret] = useState<{ secret: string; name: string } | null>(null);

  if (!allowed)
    return (
      <EmptyState
        icon="info"
        title={t('queueIntegrations.title')}
        description={t('queueIntegrations.noPermission')}
        headingLevel={headingLevel === 1 ? 2 : 3}
      />
    );

  const rotateSecret = async () => {
    const editing = crud.modal.editing;
    if (!editing) return;
    try {
      const answer = await rotate.mutateAsync(editing.id);
      crud.setEditing({ ...editing, secretHint: answer.secretHint });
      setSecret({ secret: answer.secret, name: editing.name });
    } catch (err) {
      toast.toastError(err, { timeout: QUEUE_INTEGRATIONS_TOAST_MS });
    }
  };

  return (
    <>
      <QueueIntegrationsView
        items={list.data?.items}
        count={list.data?.count ?? 0}
        search={crud.search}
        onSearchChange={crud.setSearch}
        onAdd={() => crud.openNew()}
        onEdit={crud.openEdit}
        onDelete={crud.destroy}
        {...pagingProps(list)}
        maxHeight={maxHeight}
        headingLevel={headingLevel}
      />
      <QueueIntegrationModal
        key={crud.modal.key}
        isOpen={crud.modal.isOpen}
        onOpenChange={crud.modal.onOpenChange}
        integration={crud.modal.editing}
        // An n8n or webhook integration's signing secret, shown once: the answer to its create carries it.
        onSave={(values) =>
          crud.save(integrationBody(values), async (saved) => {
            if (saved.secret) setSecret({ secret: saved.secret, name: saved.name });
          })
        }
        onTest={(body) => testSession.mutateAsync(body)}
        onRotateSecret={rotateSecret}
      />
      <SecretDialog secret={secret?.secret ?? null} name={secret?.name ?? ''} isOpen={secret !== null} onOpenChange={(isOpen) => !isOpen && setSecret(null)} />
    </>
  );
}
