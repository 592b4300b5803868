import { useCreateHelp, useDeleteHelp, useHelps, useUpdateHelp } from '../data/helps';
import { useT } from '../../../../i18n';
import { helpsTexts } from '../helps.texts';
import { useCrudPage } from '../../../../primitives/ListPage/useCrudPage';
import { HelpModal } from '../HelpModal/HelpModal';
import { HelpsAdminView } from '../HelpsAdminView/HelpsAdminView';
import { helpBody, type Help } from '../help-rules';

export interface HelpsAdminProps {
  /** The title's heading level (1 when the list is the document's main content; 3 in a settings tab). Default 2. */
  headingLevel?: 1 | 2 | 3;
  /** Height of the table's scrolling area (infinite scroll needs one). */
  maxHeight?: number | string;
  /** A way back to the videos ('Ver vídeos'), for a page that switches between the grid and this list. */
  onBack?: () => void;
}

/**
 * The platform's help videos for super users (helps:manage), connected: GET /helps searched (debounced) and paged by
 * scrolling; add and edit in the modal (POST, PUT /helps/{id}), delete confirmed (DELETE /helps/{id}); the answers
 * are written into the cache, so the /helps grid shows them at once. Mounted by the /helps page's 'Gerenciar vídeos'
 * and by the settings' 'Ajuda' tab.
 */
export function HelpsAdmin({ headingLevel, maxHeight, onBack }: HelpsAdminProps) {
  const t = useT(helpsTexts);
  const create = useCreateHelp();
  const update = useUpdateHelp();
  const remove = useDeleteHelp();
  // Field errors show on their fields; anything else is toasted as well as said above the form.
  const crud = useCrudPage({
    create: create.mutateAsync,
    update: (help: Help, body) => update.mutateAsync({ id: help.id, body }),
    remove: (help) => remove.mutateAsync(help.id),
    texts: { saved: t('helps.saved'), deleted: t('helps.deleted') },
  });
  const searchParam = crud.debouncedSearch.trim() || undefined;
  const list = useHelps({ searchParam });

  return (
    <>
      <HelpsAdminView
        helps={list.data?.items}
        hasMore={Boolean(list.hasNextPage)}
        isLoadingMore={list.isFetchingNextPage}
        onLoadMore={() => void list.fetchNextPage()}
        isLoading={list.isPending}
        isError={list.isError}
        onReload={() => void list.refetch()}
        search={crud.search}
        onSearchChange={crud.setSearch}
        onAdd={() => crud.openNew()}
        onEdit={crud.openEdit}
        onDelete={crud.destroy}
        onBack={onBack}
        headingLevel={headingLevel}
        maxHeight={maxHeight}
      />
      <HelpModal
        key={`help-${crud.modal.key}`}
        isOpen={crud.modal.isOpen}
        onOpenChange={crud.modal.onOpenChange}
        help={crud.modal.editing}
        onSave={(values) => crud.save(helpBody(values))}
      />
    </>
  );
}
