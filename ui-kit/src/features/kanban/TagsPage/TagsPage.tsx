import type { Schema } from '../../../client';
import { useCreateTag, useDeleteTag, useTags, useUpdateTag } from '../data/tags';
import { useT } from '../../../i18n';
import { useCrudPage } from '../../../primitives/ListPage/useCrudPage';
import { useSession } from '../../../provider/context';
import { can } from '../../../provider/session-rules';
import { KANBAN_TOAST_MS } from '../KanbanBoard/KanbanBoard';
import { TagModal, type TagFormValues } from '../TagModal/TagModal';
import { TagsPageView, type TagRow } from '../TagsPageView/TagsPageView';

export interface TagsPageProps {
  /** The title's heading level (1 when the page is the document's main content). Default 2. */
  headingLevel?: 1 | 2 | 3;
}

/**
 * The connected tags page: GET /tags (search lower-cased and debounced 500 ms, the list back to page 1 on a new
 * search; 20 a page, infinite scroll), POST/PUT /tags from the modal (the kanban switch with tags:kanban: admins
 * and supervisors), DELETE /tags/{id} after a confirmation. The API sends no tag events: the mutations refetch the
 * lists, so a saved tag takes its place by name and a deleted one leaves.
 */
export function TagsPage({ headingLevel }: TagsPageProps) {
  const t = useT();
  const { user } = useSession();
  const create = useCreateTag();
  const update = useUpdateTag();
  const remove = useDeleteTag();
  // A field error (a taken name) shows on the field; anything else is toasted. The modal stays open.
  const crud = useCrudPage({
    create: create.mutateAsync,
    update: (tag: TagRow, body) => update.mutateAsync({ id: tag.id, body }),
    remove: (tag) => remove.mutateAsync(tag.id),
    texts: { saved: t('tags.saved'), deleted: t('tags.deleted') },
    toastTimeout: KANBAN_TOAST_MS,
  });
  const searchParam = crud.debouncedSearch.trim().toLowerCase();
  const tags = useTags(searchParam ? { searchParam } : {});
  const canEditKanban = can(user ?? undefined, 'tags:kanban');

  const tagBody = (values: TagFormValues): Schema<'CreateTagDto'> => {
    const kanban = canEditKanban ? { kanban: values.kanban ? (1 as const) : (0 as const) } : {};
    return { name: values.name, color: values.color, ...kanban };
  };

  return (
    <>
      <TagsPageView
        tags={tags.data?.items ?? []}
        search={crud.search}
        onSearchChange={crud.setSearch}
        isLoading={tags.isLoading || tags.isFetchingNextPage}
        hasMore={tags.hasNextPage}
        onLoadMore={() => void tags.fetchNextPage()}
        onAdd={() => crud.openNew()}
        onEdit={crud.openEdit}
        onDelete={crud.destroy}
        headingLevel={headingLevel}
      />
      {/* Not keyed: its form is keyed by the tag; closed, it shows no tag. */}
      <TagModal
        isOpen={crud.modal.isOpen}
        onOpenChange={crud.modal.onOpenChange}
        tag={crud.modal.isOpen ? crud.modal.editing : undefined}
        canEditKanban={canEditKanban}
        onSave={(values) => crud.save(tagBody(values))}
      />
    </>
  );
}
