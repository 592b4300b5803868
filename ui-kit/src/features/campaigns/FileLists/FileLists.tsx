import { useState } from 'react';
import { pagingProps } from '../../../data/paging';
import { useCreateFileList, useDeleteFileList, useFileLists, useUpdateFileList, useUploadFileListFiles } from '../data/file-lists';
import { serverFieldErrors } from '../../../forms/server-errors';
import { errorText } from '../../../i18n/error-text';
import { useLocale, useT } from '../../../i18n';
import { fileListsTexts } from '../file-lists.texts';
import { SEARCH_DEBOUNCE_MS } from '../../../primitives/ComboBox/ComboBox';
import { EmptyState } from '../../../primitives/EmptyState/EmptyState';
import { useToast } from '../../../primitives/Toast/Toast';
import { useSession } from '../../../provider/context';
import { can } from '../../../provider/session-rules';
import { FileListModal } from '../FileListModal/FileListModal';
import { FileListsView } from '../FileListsView/FileListsView';
import { fileListBody, searchParamOf, uploadsAfterSave, type FileList, type FileListFormValues } from '../file-list-rules';
import { useDebounced } from '../../../primitives/use-debounced';

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

  const [search, setSearch] = useState('');
  const searchParam = searchParamOf(useDebounced(search, SEARCH_DEBOUNCE_MS));
  const list = useFileLists(searchParam ? { searchParam } : {}, { enabled: allowed });
  const create = useCreateFileList();
  const update = useUpdateFileList();
  const remove = useDeleteFileList();
  const upload = useUploadFileListFiles();

  const [modal, setModal] = useState<{ open: boolean; editing: FileList | null; key: number }>({ open: false, editing: null, key: 0 });
  const open = (editing: FileList | null) => setModal((m) => ({ open: true, editing, key: m.key + 1 }));
  const timed = { timeout: FILE_LISTS_TOAST_MS };

  if (!allowed)
    return <EmptyState icon="info" title={t('fileLists.title')} description={t('fileLists.noPermission')} headingLevel={headingLevel === 1 ? 2 : 3} />;

  const save = async (values: FileListFormValues) => {
    const body = fileListBody(values);
    let saved: FileList;
    try {
      saved = modal.editing ? await update.mutateAsync({ id: modal.editing.id, body }) : await create.mutateAsync(body);
    } catch (err) {
      if (serverFieldErrors(err).length === 0) toast.toastError(err, timed);
      throw err;
    }
    // Saved: a second OK of the same dialog (after a failed upload) updates this one.
    setModal((m) => ({ ...m, editing: saved }));
    const uploads = uploadsAfterSave(values, saved);
    if (uploads.length) {
      try {
        await upload.mutateAsync({ id: saved.id, uploads });
      } catch (err) {
        toast.show({ kind: 'error', message: t('fileLists.uploadFailed'), description: errorText(locale, err) }, timed);
        throw err;
      }
    }
    toast.success(t('fileLists.saved'), timed);
  };

  const destroy = async (fileList: FileList) => {
    try {
      await remove.mutateAsync(fileList.id);
      toast.success(t('fileLists.deleted'), timed);
    } catch (err) {
      toast.toastError(err, timed);
    }
  };

  return (
    <>
      <FileListsView
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
      <FileListModal
        key={modal.key}
        isOpen={modal.open}
        onOpenChange={(isOpen) => setModal((m) => ({ ...m, open: isOpen }))}
        fileList={modal.editing}
        onSave={save}
      />
    </>
  );
}
