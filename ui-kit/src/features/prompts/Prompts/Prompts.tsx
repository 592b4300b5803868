import { pagingProps } from '../../../data/paging';
import { useCreatePrompt, useDeletePrompt, usePrompts, useUpdatePrompt } from '../data/prompts';
import { useQueues } from '../../admin/queues/data/queues';
import { useT } from '../../../i18n';
import { promptsTexts } from '../prompts.texts';
import { EmptyState } from '../../../primitives/EmptyState/EmptyState';
import { useCrudPage } from '../../../primitives/ListPage/useCrudPage';
import { useSession } from '../../../provider/context';
import { can } from '../../../provider/session-rules';
import { PromptModal } from '../PromptModal/PromptModal';
import { PromptsView } from '../PromptsView/PromptsView';
import { promptBody, searchParamOf, type Prompt } from '../prompt-rules';

/** Spec back-office: toasts in these areas close after 3 seconds. */
export const PROMPTS_TOAST_MS = 3000;

export interface PromptsProps {
  /** Height of the table's scrolling area (infinite scroll needs one). */
  maxHeight?: number | string;
  /** The title's heading level (1 when the page is the document's main content). Default 2. */
  headingLevel?: 1 | 2 | 3;
}

/**
 * The AI prompts page (spec back-office, /prompts), connected: GET /prompt searched and paged by scrolling, live from
 * `company-{id}-prompt`; add and edit in the dialog (POST or PUT /prompt) with the company's queues; delete
 * confirmed, then the info toast. Needs automation:manage (the route also needs the plan's useOpenAi).
 */
export function Prompts({ maxHeight, headingLevel }: PromptsProps) {
  const t = useT(promptsTexts);
  const { user } = useSession();
  const allowed = can(user ?? undefined, 'automation:manage');

  const create = useCreatePrompt();
  const update = useUpdatePrompt();
  const remove = useDeletePrompt();
  const crud = useCrudPage({
    create: create.mutateAsync,
    update: (prompt: Prompt, body) => update.mutateAsync({ id: prompt.id, body }),
    remove: (prompt) => remove.mutateAsync(prompt.id),
    texts: { saved: t('prompts.saved'), deleted: t('prompts.deleted') },
    deletedKind: 'info',
    toastTimeout: PROMPTS_TOAST_MS,
  });
  const searchParam = searchParamOf(crud.debouncedSearch);
  const list = usePrompts(searchParam ? { searchParam } : {}, { enabled: allowed });
  const queues = useQueues({ enabled: allowed && crud.modal.isOpen });

  if (!allowed) return <EmptyState icon="info" title={t('prompts.title')} description={t('prompts.noPermission')} headingLevel={headingLevel === 1 ? 2 : 3} />;

  return (
    <>
      <PromptsView
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
      <PromptModal
        key={crud.modal.key}
        isOpen={crud.modal.isOpen}
        onOpenChange={crud.modal.onOpenChange}
        prompt={crud.modal.editing}
        queues={queues.data ?? (queues.isError ? [] : undefined)}
        onSave={(values) => crud.save(promptBody(values))}
      />
    </>
  );
}
