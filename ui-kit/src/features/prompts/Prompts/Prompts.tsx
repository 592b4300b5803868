import { useState } from 'react';
import { pagingProps } from '../../../data/paging';
import { useCreatePrompt, useDeletePrompt, usePrompts, useUpdatePrompt } from '../data/prompts';
import { useQueues } from '../../admin/queues';
import { serverFieldErrors } from '../../../forms/server-errors';
import { useT } from '../../../i18n';
import { promptsTexts } from '../prompts.texts';
import { SEARCH_DEBOUNCE_MS } from '../../../primitives/ComboBox/ComboBox';
import { EmptyState } from '../../../primitives/EmptyState/EmptyState';
import { useToast } from '../../../primitives/Toast/Toast';
import { useSession } from '../../../provider/context';
import { can } from '../../../provider/session-rules';
import { PromptModal } from '../PromptModal/PromptModal';
import { PromptsView } from '../PromptsView/PromptsView';
import { promptBody, searchParamOf, type Prompt, type PromptFormValues } from '../prompt-rules';
import { useDebounced } from '../../../primitives/use-debounced';

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
  const toast = useToast();
  const { user } = useSession();
  const allowed = can(user ?? undefined, 'automation:manage');

  const [search, setSearch] = useState('');
  const searchParam = searchParamOf(useDebounced(search, SEARCH_DEBOUNCE_MS));
  const list = usePrompts(searchParam ? { searchParam } : {}, { enabled: allowed });
  const [modal, setModal] = useState<{ open: boolean; editing: Prompt | null; key: number }>({ open: false, editing: null, key: 0 });
  const queues = useQueues({ enabled: allowed && modal.open });
  const create = useCreatePrompt();
  const update = useUpdatePrompt();
  const remove = useDeletePrompt();
  const open = (editing: Prompt | null) => setModal((m) => ({ open: true, editing, key: m.key + 1 }));
  const timed = { timeout: PROMPTS_TOAST_MS };

  if (!allowed) return <EmptyState icon="info" title={t('prompts.title')} description={t('prompts.noPermission')} headingLevel={headingLevel === 1 ? 2 : 3} />;

  const save = async (values: PromptFormValues) => {
    const body = promptBody(values);
    try {
      if (modal.editing) await update.mutateAsync({ id: modal.editing.id, body });
      else await create.mutateAsync(body);
    } catch (err) {
      if (serverFieldErrors(err).length === 0) toast.toastError(err, timed);
      throw err;
    }
    toast.success(t('prompts.saved'), timed);
  };

  const destroy = async (prompt: Prompt) => {
    try {
      await remove.mutateAsync(prompt.id);
      toast.show({ kind: 'info', message: t('prompts.deleted') }, timed);
    } catch (err) {
      toast.toastError(err, timed);
    }
  };

  return (
    <>
      <PromptsView
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
      <PromptModal
        key={modal.key}
        isOpen={modal.open}
        onOpenChange={(isOpen) => setModal((m) => ({ ...m, open: isOpen }))}
        prompt={modal.editing}
        queues={queues.data ?? (queues.isError ? [] : undefined)}
        onSave={save}
      />
    </>
  );
}
