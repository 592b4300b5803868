import { useApiMutation } from '../../../data/mutations';
import { multipartBody } from '../../../data/multipart';
import { useCreateQuickMessage, useDeleteQuickMessage, useQuickMessages, useUpdateQuickMessage } from '../data/quick-messages';
import { atendeKeys } from '../../../data/query-keys';
import { errorText } from '../../../i18n/error-text';
import { useLocale, useT } from '../../../i18n';
import { quickMessagesTexts } from '../quick-messages.texts';
import { useCrudPage } from '../../../primitives/ListPage/useCrudPage';
import { useToast } from '../../../primitives/Toast/Toast';
import { useSession } from '../../../provider/context';
import { QuickMessageModal } from '../QuickMessageModal/QuickMessageModal';
import { QuickMessagesView } from '../QuickMessagesView/QuickMessagesView';
import {
  canChangeQuickMessage,
  canShareQuickMessages,
  quickMessageBody,
  searchParamOf,
  type QuickMessage,
  type QuickMessageFormValues,
} from '../quick-message-rules';

/** Spec back-office §2: toasts in these areas close after 3 seconds. */
export const QUICK_MESSAGES_TOAST_MS = 3000;

export interface QuickMessagesProps {
  /** Height of the table's scrolling area (infinite scroll needs one). */
  maxHeight?: number | string;
}

/** POST /quick-messages/{id}/media-upload (multipart `file`): the attachment, replacing the previous one. */
export function useUploadQuickMessageMedia() {
  return useApiMutation(
    (client, { id, file }: { id: number; file: File }) =>
      client.POST('/quick-messages/{id}/media-upload', { params: { path: { id } }, body: multipartBody({ file, typeArch: 'quickMessage' }) }),
    { invalidate: () => [atendeKeys.quickMessages.all()] },
  );
}

/** DELETE /quick-messages/{id}/media-upload: the attachment is removed. */
export function useDeleteQuickMessageMedia() {
  return useApiMutation((client, id: number) => client.DELETE('/quick-messages/{id}/media-upload', { params: { path: { id } } }), {
    invalidate: () => [atendeKeys.quickMessages.all()],
  });
}

/**
 * The quick-messages page (spec back-office §2, §4-§7), connected: GET /quick-messages searched (debounced,
 * lower-cased, from page 1) and paged by scrolling; add and edit in the modal (POST or PUT, then the attachment
 * uploaded or removed); delete confirmed. The API emits no quick-message events: every change refetches
 * `atendeKeys.quickMessages.all()`, which holds this list and the composer's `/` suggestions (GET /quick-messages/list).
 */
export function QuickMessages({ maxHeight }: QuickMessagesProps) {
  const t = useT(quickMessagesTexts);
  const locale = useLocale();
  const toast = useToast();
  const { user } = useSession();
  const me = user ?? undefined;
  const canShare = canShareQuickMessages(me);

  const create = useCreateQuickMessage();
  const update = useUpdateQuickMessage();
  const remove = useDeleteQuickMessage();
  const upload = useUploadQuickMessageMedia();
  const removeMedia = useDeleteQuickMessageMedia();
  const crud = useCrudPage({
    create: create.mutateAsync,
    update: (quick: QuickMessage, body) => update.mutateAsync({ id: quick.id, body }),
    remove: (quick) => remove.mutateAsync(quick.id),
    texts: { saved: t('quickMessages.saved'), deleted: t('quickMessages.deleted') },
    toastTimeout: QUICK_MESSAGES_TOAST_MS,
    // Saved: a second save of the same modal (after a failed upload) updates this one.
    keepSaved: true,
  });
  const searchParam = searchParamOf(crud.debouncedSearch);
  const list = useQuickMessages(searchParam ? { searchParam } : {});

  const save = (values: QuickMessageFormValues) =>
    crud.save(quickMessageBody(values, canShare), async (saved) => {
      try {
        if (values.file) await upload.mutateAsync({ id: saved.id, file: values.file });
        else if (values.removeAttachment && saved.mediaPath) await removeMedia.mutateAsync(saved.id);
      } catch (err) {
        toast.show({ kind: 'error', message: t('quickMessages.attachmentFailed'), description: errorText(locale, err) }, { timeout: QUICK_MESSAGES_TOAST_MS });
        throw err;
      }
    });

  return (
    <>
      <QuickMessagesView
        items={list.data?.items ?? []}
        search={crud.search}
        onSearchChange={crud.setSearch}
        onAdd={() => crud.openNew()}
        onEdit={crud.openEdit}
        onDelete={crud.destroy}
        canChange={(quick) => canChangeQuickMessage(me, quick)}
        hasMore={Boolean(list.hasNextPage)}
        isLoading={list.isPending || list.isFetchingNextPage}
        onLoadMore={() => void list.fetchNextPage()}
        maxHeight={maxHeight}
      />
      <QuickMessageModal
        key={crud.modal.key}
        isOpen={crud.modal.isOpen}
        onOpenChange={crud.modal.onOpenChange}
        quickMessage={crud.modal.editing}
        canShare={canShare}
        onSave={save}
      />
    </>
  );
}
