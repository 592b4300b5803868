import { useState } from 'react';
import type { Schema } from '../../../client';
import { useCreateTag, useDeleteTag, useTags, useUpdateTag } from '../data/tags';
import { serverFieldErrors } from '../../../forms/server-errors';
import { useT } from '../../../i18n';
import { SEARCH_DEBOUNCE_MS } from '../../../primitives/ComboBox/ComboBox';
import { useToast } from '../../../primitives/Toast/Toast';
import { useSession } from '../../../provider/context';
import { can } from '../../../provider/session-rules';
import { KANBAN_TOAST_MS } from '../KanbanBoard/KanbanBoard';
import { TagModal, type TagFormValues } from '../TagModal/TagModal';
import { TagsPageView, type TagRow } from './TagsPageView';
import { useDebounced } from '../../../primitives/use-debounced';

export interface TagsPageProps {
  /** The title's heading level (1 when the page is the document's main content). Default 2. */
  headingLevel?: 1 | 2 | 3;
}

type Editor = { tag: TagRow | null } | null;

/**
 * The connected tags page: GET /tags (search lower-cased and debounced 500 ms, the list back to page 1 on a new
 * search; 20 a page, infinite scroll), POST/PUT /tags from the modal (the kanban switch with tags:kanban: admins
 * and supervisors), DELETE /tags/{id} after a confirmation. The API sends no tag events: the mutations refetch the
 * lists, so a saved tag takes its place by name and a deleted one leaves.
 */
export function TagsPage({ headingLevel }: TagsPageProps) {
  const t = useT();
  const toast = useToast();
  const { user } = useSession();
  const [search, setSearch] = useState('');
  const searchParam = useDebounced(search.trim().toLowerCase(), SEARCH_DEBOUNCE_MS);
  const tags = useTags(searchParam ? { searchParam } : {});
  const create = useCreateTag();
  const update = useUpdateTag();
  const remove = useDeleteTag();
  const [editor, setEditor] = useState<Editor>(null);
  const canEditKanban = can(user ?? undefined, 'tags:kanban');

  const save = async (values: TagFormValues) => {
    const kanban = canEditKanban ? { kanban: values.kanban ? (1 as const) : (0 as const) } : {};
    const body: Schema<'CreateTagDto'> = { name: values.name, color: values.color, ...kanban };
    try {
      if (editor?.tag) await update.mutateAsync({ id: editor.tag.id, body });
      else await create.mutateAsync(body);
    } catch (err) {
      // A field error (a taken name) shows on the field; anything else is toasted. The modal stays open.
      if (!serverFieldErrors(err).length) toast.toastError(err, { timeout: KANBAN_TOAST_MS });
      throw err;
    }
    toast.success(t('tags.saved'), { timeout: KANBAN_TOAST_MS });
  };

  const destroy = async (tag: TagRow) => {
    try {
      await remove.mutateAsync(tag.id);
      toast.success(t('tags.deleted'), { timeout: KANBAN_TOAST_MS });
    } catch (err) {
      toast.toastError(err, { timeout: KANBAN_TOAST_MS });
    }
  };

  return (
    <>
      <TagsPageView
        tags={tags.data?.items ?? []}
        search={search}
        onSearchChange={setSearch}
        isLoading={tags.isLoading || tags.isFetchingNextPage}
        hasMore={tags.hasNextPage}
        onLoadMore={() => void tags.fetchNextPage()}
        onAdd={() => setEditor({ tag: null })}
        onEdit={(tag) => setEditor({ tag })}
        onDelete={destroy}
        headingLevel={headingLevel}
      />
      <TagModal isOpen={editor !== null} onOpenChange={(open) => !open && setEditor(null)} tag={editor?.tag} canEditKanban={canEditKanban} onSave={save} />
    </>
  );
}
