import { pagingProps } from '../../../data/paging';
import { useCreateFileList, useDeleteFileList, useFileLists, useUpdateFileList, useUploadFileListFiles } from '../data/file-lists';
import { errorText } from '../../../i18n/error-text';
import { useLocale, useT } from '../../../i18n';
import { fileListsTexts } from '../file-lists.texts';
import { EmptyState } from '../../../primitives/EmptyState/EmptyState';
import { useCrudPage } from '../../../primitives/ListPage/useCrudPage';
import { useToast } from '../../../primitives/Toast/Toast';
import { useSession } from '../../../provider/context';
import { can } from '../../../provider/session-rules';
import { FileListModal } from '../FileListModal/FileListModal';
import { FileListsView } from '../FileListsView/FileListsView';
import { fileListBody, searchParamOf, uploadsAfterSave, type FileList, type FileListFormValues } from '../file-list-rules';

/** Spec back-office §2: toasts in these areas close after 3 seconds. */
export const FILE_LISTS_TOAST_MS = 3000;

export interface FileListsProps {
  /** Height of the table's scrolling area (infinite scroll needs one). */
  maxHeight?: number | string;
  /** The title's heading level (1 when the page is the document's main content). Default 2. */
  headingLevel?: 1 | 2 | 3;
}

/**
 * The files page (spec back-office §2, §4-§7), connected: GET /files searched (debounced, lower-cased, from page 1)
 * and paged by scrolling, live from `company-{id}-file`; add and edit in the dialog (POST or PUT /files, then the
 * picked files through POST /files/uploadList/{id}, each to its option); delete confirmed. Needs campaigns:manage.
 */
export function FileLists({ maxHeight, headingLevel }: FileListsProps) {
  const t = useT(fileListsTexts);
  const locale = useLocale();
  const toast = useToast();
  const { user } = useSession();
  const allowed = can(user ?? undefined, 'campaigns:manage');

  const create = useCreateFileList();
  const update = useUpdateFileList();
  const remove = useDeleteFileList();
  const upload = useUploadFileListFiles();
  const crud = useCrudPage({
    create: create.mutateAsync,
    update: (fileList: FileList, body) => update.mutateAsync({ id: fileList.id, body }),
    remove: (fileList) => remove.mutateAsync(fileList.id),
    texts: { saved: t('fileLists.saved'), deleted: t('fileLists.deleted') },
    toastTimeout: FILE_LISTS_TOAST_MS,
    // Saved: a second OK of the same dialog (after a failed upload) updates this one.
    keepSaved: true,
  });
  const searchParam = searchParamOf(crud.debouncedSearch);
  const list = useFileLists(searchParam ? { searchParam } : {}, { enabled: allowed });

  if (!allowed)
    return <EmptyState icon="info" title={t('fileLists.title')} description={t('fileLists.noPermission')} headingLevel={headingLevel === 1 ? 2 : 3} />;

  const save = (values: FileListFormValues) =>
    crud.save(fileListBody(values), async (saved) => {
      const uploads = uploadsAfterSave(values, saved);
      if (!uploads.length) return;
      try {
        await upload.mutateAsync({ id: saved.id, uploads });
      } catch (err) {
        toast.show({ kind: 'error', message: t('fileLists.uploadFailed'), description: errorText(locale, err) }, { timeout: FILE_LISTS_TOAST_MS });
        throw err;
      }
    });

  return (
    <>
      <FileListsView
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
      <FileListModal key={crud.modal.key} isOpen={crud.modal.isOpen} onOpenChange={crud.modal.onOpenChange} fileList={crud.modal.editing} onSave={save} />
    </>
  );
}
