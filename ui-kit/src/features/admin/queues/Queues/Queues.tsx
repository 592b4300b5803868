import { useCreateQueue, useDeleteQueue, useQueues, useUpdateQueue } from '../data/queues';
import { useSettings } from '../../settings/data/settings';
import { usePromptOptions } from '../../../prompts/data/prompts';
import { useQueueIntegrationOptions } from '../../../queue-integrations/data/queue-integrations';
import { serverFieldErrors } from '../../../../forms/server-errors';
import { useT } from '../../../../i18n';
import { queuesTexts } from '../../../../i18n/queues';
import { useCrudPage } from '../../../../primitives/ListPage/useCrudPage';
import { useSession } from '../../../../provider/context';
import { QueueModal } from '../QueueModal/QueueModal';
import { QueueOptionsTree } from '../QueueOptionsTree/QueueOptionsTree';
import { QueuesView } from '../QueuesView/QueuesView';
import { queueBody, queuePermissions, suggestColor, type Queue } from '../queue-rules';

export interface QueuesProps {
  /** The title's heading level (1 when the page is the document's main content). Default 2. */
  headingLevel?: 1 | 2 | 3;
}

/** Errors the queue modal shows on its fields: not toasted as well. */
const FORM_CODES = new Set(['ERR_QUEUE_COLOR_ALREADY_EXISTS', 'ERR_QUEUE_NAME_ALREADY_EXISTS', 'ERR_QUEUE_GREETING_REQUIRED', 'ERR_WAPP_GREETING_REQUIRED']);
const shownByForm = (err: unknown) => serverFieldErrors(err).length > 0 || FORM_CODES.has(String((err as { code?: unknown } | null)?.code));

/**
 * The queues page (spec administration §2, §5), connected: GET /queue, live through the `queue` events; add and edit
 * in the modal (POST, PUT /queue/{id}) with the hours tab when the setting scheduleType is 'queue'; delete
 * confirmed; the option tree of the queue edited (GET, POST, PUT, DELETE /queue-options), saved option by option.
 */
export function Queues({ headingLevel }: QueuesProps) {
  const t = useT(queuesTexts);
  const { user } = useSession();
  const permissions = queuePermissions(user ?? undefined);
  const list = useQueues();
  const settings = useSettings();
  const showHours = settings.data?.find((s) => s.key === 'scheduleType')?.value === 'queue';
  const create = useCreateQueue();
  const update = useUpdateQueue();
  const remove = useDeleteQueue();
  const crud = useCrudPage({
    create: create.mutateAsync,
    update: (queue: Queue, body) => update.mutateAsync({ id: queue.id, body }),
    remove: (queue) => remove.mutateAsync(queue.id),
    texts: { saved: t('queues.saved'), deleted: t('queues.deleted') },
    shownByForm,
  });
  const editor = crud.modal;
  // The prompt select: only where the plan has AI prompts and the user may manage them (GET /prompt needs both).
  const promptsAllowed = Boolean(user?.features.useOpenAi && user.permissions.includes('automation:manage'));
  const prompts = usePromptOptions({ enabled: editor.isOpen && promptsAllowed });
  // The integration select: only where the plan has integrations and the user may manage them (GET /queueIntegration needs both).
  const integrationsAllowed = Boolean(user?.features.useIntegrations && user.permissions.includes('automation:manage'));
  const integrations = useQueueIntegrationOptions({ enabled: editor.isOpen && integrationsAllowed });

  const queues = list.data;
  const others = (queue: Queue | null) => (queues ?? []).filter((q) => q.id !== queue?.id);
  // The queue edited, live: a rename by someone else shows in the option tree's label.
  const edited = editor.editing ? (queues?.find((q) => q.id === editor.editing?.id) ?? editor.editing) : null;

  return (
    <>
      <QueuesView
        queues={queues}
        isLoading={list.isPending}
        isError={list.isError}
        onReload={() => void list.refetch()}
        permissions={permissions}
        onAdd={() => crud.openNew()}
        onEdit={crud.openEdit}
        onDelete={crud.destroy}
        headingLevel={headingLevel}
      />
      <QueueModal
        key={`queue-${editor.key}`}
        isOpen={editor.isOpen}
        onOpenChange={editor.onOpenChange}
        queue={editor.editing}
        otherQueues={others(editor.editing).length}
        suggestedColor={suggestColor(others(editor.editing))}
        showHours={showHours}
        prompts={promptsAllowed ? (prompts.data ?? []) : undefined}
        integrations={integrationsAllowed ? (integrations.data ?? []) : undefined}
        onSave={(values, schedules) => crud.save(queueBody(values, schedules))}
        options={
          edited ? (
            <QueueOptionsTree queueId={edited.id} queueName={edited.name} canWrite={permissions.canWrite} />
          ) : (
            <p className="atd-QueueModal-hint">{t('queues.options.saveFirst')}</p>
          )
        }
      />
    </>
  );
}
