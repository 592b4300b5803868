import { useState } from 'react';
import { pagingProps } from '../../../data/paging';
import {
  useCreateQueueIntegration,
  useDeleteQueueIntegration,
  useQueueIntegrations,
  useRotateQueueIntegrationSecret,
  useTestDialogflowSession,
  useUpdateQueueIntegration,
  type CreatedQueueIntegrationDto,
} from '../data/queue-integrations';
import { serverFieldErrors } from '../../../forms/server-errors';
import { useT } from '../../../i18n';
import { queueIntegrationsTexts } from '../queue-integrations.texts';
import { SEARCH_DEBOUNCE_MS } from '../../../primitives/ComboBox/ComboBox';
import { EmptyState } from '../../../primitives/EmptyState/EmptyState';
import { useToast } from '../../../primitives/Toast/Toast';
import { useSession } from '../../../provider/context';
import { can } from '../../../provider/session-rules';
import { QueueIntegrationModal } from '../QueueIntegrationModal/QueueIntegrationModal';
import { QueueIntegrationsView } from '../QueueIntegrationsView/QueueIntegrationsView';
import { SecretDialog } from '../SecretDialog/SecretDialog';
import { integrationBody, searchParamOf, type QueueIntegration, type QueueIntegrationFormValues } from '../queue-integration-rules';
import { useDebounced } from '../../../primitives/use-debounced';

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

  const [search, setSearch] = useState('');
  const searchParam = searchParamOf(useDebounced(search, SEARCH_DEBOUNCE_MS));
  const list = useQueueIntegrations(searchParam ? { searchParam } : {}, { enabled: allowed });
  const create = useCreateQueueIntegration();
  const update = useUpdateQueueIntegration();
  const remove = useDeleteQueueIntegration();
  const rotate = useRotateQueueIntegrationSecret();
  const testSession = useTestDialogflowSession();
  const [modal, setModal] = useState<{ open: boolean; editing: QueueIntegration | null; key: number }>({ open: false, editing: null, key: 0 });
  const [secret, setSecret] = useState<{ secret: string; name: string } | null>(null);
  const open = (editing: QueueIntegration | null) => setModal((m) => ({ open: true, editing, key: m.key + 1 }));
  const timed = { timeout: QUEUE_INTEGRATIONS_TOAST_MS };

  if (!allowed)
    return (
      <EmptyState
        icon="info"
        title={t('queueIntegrations.title')}
        description={t('queueIntegrations.noPermission')}
        headingLevel={headingLevel === 1 ? 2 : 3}
      />
    );

  const save = async (values: QueueIntegrationFormValues) => {
    const body = integrationBody(values);
    let saved: CreatedQueueIntegrationDto;
    try {
      saved = modal.editing ? await update.mutateAsync({ id: modal.editing.id, body }) : await create.mutateAsync(body);
    } catch (err) {
      if (serverFieldErrors(err).length === 0) toast.toastError(err, timed);
      throw err;
    }
    toast.success(t('queueIntegrations.saved'), timed);
    if (saved.secret) setSecret({ secret: saved.secret, name: saved.name });
  };

  const rotateSecret = async () => {
    const editing = modal.editing;
    if (!editing) return;
    try {
      const answer = await rotate.mutateAsync(editing.id);
      setModal((m) => ({ ...m, editing: { ...editing, secretHint: answer.secretHint } }));
      setSecret({ secret: answer.secret, name: editing.name });
    } catch (err) {
      toast.toastError(err, timed);
    }
  };

  const destroy = async (integration: QueueIntegration) => {
    try {
      await remove.mutateAsync(integration.id);
      toast.success(t('queueIntegrations.deleted'), timed);
    } catch (err) {
      toast.toastError(err, timed);
    }
  };

  return (
    <>
      <QueueIntegrationsView
        items={list.data?.items}
        count={list.data?.count ?? 0}
        search={search}
        onSearchChange={setSearch}
        onAdd={() => open(null)}
        onEdit={open}
        onDelete={destroy}
        {...pagingProps(list)}
        maxHeight={maxHeight}
        headingLevel={headingLevel}
      />
      <QueueIntegrationModal
        key={modal.key}
        isOpen={modal.open}
        onOpenChange={(isOpen) => setModal((m) => ({ ...m, open: isOpen }))}
        integration={modal.editing}
        onSave={save}
        onTest={(body) => testSession.mutateAsync(body)}
        onRotateSecret={rotateSecret}
      />
      <SecretDialog secret={secret?.secret ?? null} name={secret?.name ?? ''} isOpen={secret !== null} onOpenChange={(isOpen) => !isOpen && setSecret(null)} />
    </>
  );
}
