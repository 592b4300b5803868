import { useState } from 'react';
import { useCreateHelp, useDeleteHelp, useHelps, useUpdateHelp } from '../data/helps';
import { serverFieldErrors } from '../../../../forms/server-errors';
import { useT } from '../../../../i18n';
import { helpsTexts } from '../helps.texts';
import { SEARCH_DEBOUNCE_MS } from '../../../../primitives/ComboBox/ComboBox';
import { useToast } from '../../../../primitives/Toast/Toast';
import { HelpModal } from '../HelpModal/HelpModal';
import { HelpsAdminView } from '../HelpsAdminView/HelpsAdminView';
import { helpBody, type Help, type HelpFormValues } from '../help-rules';
import { useDebounced } from '../../../../primitives/use-debounced';

export interface HelpsAdminProps {
  /** The title's heading level (1 when the list is the document's main content; 3 in a settings tab). Default 2. */
  headingLevel?: 1 | 2 | 3;
  /** Height of the table's scrolling area (infinite scroll needs one). */
  maxHeight?: number | string;
  /** A way back to the videos ('Ver vídeos'), for a page that switches between the grid and this list. */
  onBack?: () => void;
}

type Editor = { open: boolean; help: Help | null; key: number };

/**
 * The platform's help videos for super users (helps:manage), connected: GET /helps searched (debounced) and paged by
 * scrolling; add and edit in the modal (POST, PUT /helps/{id}), delete confirmed (DELETE /helps/{id}); the answers
 * are written into the cache, so the /helps grid shows them at once. Mounted by the /helps page's 'Gerenciar vídeos'
 * and by the settings' 'Ajuda' tab.
 */
export function HelpsAdmin({ headingLevel, maxHeight, onBack }: HelpsAdminProps) {
  const t = useT(helpsTexts);
  const toast = useToast();
  const [search, setSearch] = useState('');
  const searchParam = useDebounced(search, SEARCH_DEBOUNCE_MS).trim() || undefined;
  const list = useHelps({ searchParam });
  const [editor, setEditor] = useState<Editor>({ open: false, help: null, key: 0 });
  const create = useCreateHelp();
  const update = useUpdateHelp();
  const remove = useDeleteHelp();

  const openEditor = (help: Help | null) => setEditor((e) => ({ open: true, help, key: e.key + 1 }));

  const save = async (values: HelpFormValues) => {
    try {
      const body = helpBody(values);
      if (editor.help) await update.mutateAsync({ id: editor.help.id, body });
      else await create.mutateAsync(body);
    } catch (err) {
      // Field errors show on their fields; anything else is toasted as well as said above the form.
      if (serverFieldErrors(err).length === 0) toast.toastError(err);
      throw err;
    }
    toast.success(t('helps.saved'));
  };

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
        search={search}
        onSearchChange={setSearch}
        onAdd={() => openEditor(null)}
        onEdit={openEditor}
        onDelete={async (help) => {
          try {
            await remove.mutateAsync(help.id);
            toast.success(t('helps.deleted'));
          } catch (err) {
            toast.toastError(err);
          }
        }}
        onBack={onBack}
        headingLevel={headingLevel}
        maxHeight={maxHeight}
      />
      <HelpModal key={`help-${editor.key}`} isOpen={editor.open} onOpenChange={(open) => setEditor((e) => ({ ...e, open }))} help={editor.help} onSave={save} />
    </>
  );
}
