import { useState } from 'react';
import { pagingProps } from '../../../data/paging';
import {
  useContactList,
  useContactListImports,
  useContactListItems,
  useCreateContactListItem,
  useDeleteContactListItem,
  useImportContactList,
  useUpdateContactListItem,
  type ContactListImportState,
} from '../data/contact-lists';
import { errorText, useLocale, useT } from '../../../i18n';
import { contactListsTexts } from '../contact-lists.texts';
import { EmptyState } from '../../../primitives/EmptyState/EmptyState';
import { useCrudPage } from '../../../primitives/ListPage/useCrudPage';
import { CONTACT_LISTS_TOAST_MS } from '../ContactLists/ContactLists';
import type { ContactListImportView } from '../ContactListImportStatus/ContactListImportStatus';
import { ContactListItemModal } from '../ContactListItemModal/ContactListItemModal';
import { ContactListItemsView } from '../ContactListItemsView/ContactListItemsView';
import { contactListItemBody, contactSearchParam, type ContactListItem } from '../contact-list-rules';

export interface ContactListItemsProps {
  /** The list whose contacts are shown (the console reads it from /contact-lists/:contactListId/contacts). */
  contactListId: number;
  /** Back to the lists; the host navigates (the console: /contact-lists). */
  onBack: () => void;
  /** The address of the lists page, so the back button is a real link. */
  backHref?: string;
  /** Height of the table's scrolling area (infinite scroll needs one). */
  maxHeight?: number | string;
  /** The title's heading level (1 when the page is the document's main content). Default 2. */
  headingLevel?: 1 | 2 | 3;
}

/** The import being followed: its file, and its id once the upload answered (or why the upload failed). */
type Tracked = { fileName: string; importId?: string; uploadError?: string };

/** What the status panel shows for the tracked import and the events seen. */
export function importView(tracked: Tracked | null, imports: Record<string, ContactListImportState>): ContactListImportView | null {
  if (!tracked) return null;
  const { fileName } = tracked;
  if (tracked.uploadError) return { stage: 'failed', fileName, message: tracked.uploadError };
  if (!tracked.importId) return { stage: 'uploading', fileName };
  const state = imports[tracked.importId];
  if (!state) return { stage: 'running', fileName, total: 0, processed: 0 };
  if (state.status === 'failed') return { stage: 'failed', fileName, message: state.message ?? '' };
  if (state.status === 'done') return { stage: 'done', fileName, ...state };
  return { stage: 'running', fileName, total: state.total, processed: state.processed };
}

/**
 * A list's contacts page (spec back-office §2, §4, §5, §7), connected: GET /contact-list-items of the list searched
 * (debounced, lower-cased) and paged by scrolling, kept live by the ContactListItem events (a 'reload' reads it again);
 * add and edit in the modal, delete confirmed; 'Importar' uploads a spreadsheet (POST /contact-lists/{id}/upload) and
 * follows its contactListImport events with a progress bar and then a summary of the invalid lines.
 */
export function ContactListItems({ contactListId, onBack, backHref, maxHeight, headingLevel }: ContactListItemsProps) {
  const t = useT(contactListsTexts);
  const locale = useLocale();
  const create = useCreateContactListItem();
  const update = useUpdateContactListItem();
  const remove = useDeleteContactListItem();
  const crud = useCrudPage({
    create: (body: ReturnType<typeof contactListItemBody>) => create.mutateAsync({ ...body, contactListId }),
    update: (item: ContactListItem, body) => update.mutateAsync({ id: item.id, body }),
    remove: (item) => remove.mutateAsync(item.id),
    texts: { saved: t('contactListItems.saved'), deleted: t('contactListItems.deleted') },
    toastTimeout: CONTACT_LISTS_TOAST_MS,
    keepSaved: true,
  });
  const searchParam = contactSearchParam(crud.debouncedSearch);
  const contactList = useContactList(contactListId);
  const list = useContactListItems(contactListId, searchParam ? { searchParam } : {});
  const upload = useImportContactList();
  const imports = useContactListImports(contactListId);
  const [tracked, setTracked] = useState<Tracked | null>(null);

  if (contactList.isError && !contactList.data) {
    return (
      <EmptyState
        icon="info"
        title={t('contactListItems.notFound')}
        description={errorText(locale, contactList.error)}
        headingLevel={headingLevel === 1 ? 2 : 3}
      />
    );
  }

  const startImport = async (file: File) => {
    setTracked({ fileName: file.name });
    try {
      const { importId } = await upload.mutateAsync({ id: contactListId, file });
      setTracked({ fileName: file.name, importId });
    } catch (err) {
      setTracked({ fileName: file.name, uploadError: errorText(locale, err) });
    }
  };

  return (
    <>
      <ContactListItemsView
        listName={contactList.data?.name}
        items={list.data?.items}
        count={list.data?.count ?? 0}
        search={crud.search}
        onSearchChange={crud.setSearch}
        onBack={onBack}
        backHref={backHref}
        onAdd={() => crud.openNew()}
        onEdit={crud.openEdit}
        onDelete={crud.destroy}
        onImport={(file) => void startImport(file)}
        importStatus={importView(tracked, imports)}
        onDismissImport={() => setTracked(null)}
        {...pagingProps(list)}
        maxHeight={maxHeight}
        headingLevel={headingLevel}
      />
      <ContactListItemModal
        key={crud.modal.key}
        isOpen={crud.modal.isOpen}
        onOpenChange={crud.modal.onOpenChange}
        item={crud.modal.editing}
        onSave={(values) => crud.save(contactListItemBody(values))}
      />
    </>
  );
}
