import { useState } from 'react';
import { pagingProps } from '../../../data/paging';
import { saveBlob, useContactListExample, useContactLists, useCreateContactList, useDeleteContactList, useUpdateContactList } from '../data/contact-lists';
import { serverFieldErrors } from '../../../forms/server-errors';
import { useT } from '../../../i18n';
import { contactListsTexts } from '../contact-lists.texts';
import { SEARCH_DEBOUNCE_MS } from '../../../primitives/ComboBox/ComboBox';
import { useToast } from '../../../primitives/Toast/Toast';
import { ContactListModal } from '../ContactListModal/ContactListModal';
import { ContactListsView } from '../ContactListsView/ContactListsView';
import { contactSearchParam, type ContactList, type ContactListFormValues } from '../contact-list-rules';
import { useDebounced } from '../../../primitives/use-debounced';

/** Spec back-office §2: toasts in these areas close after 3 seconds. */
export const CONTACT_LISTS_TOAST_MS = 3000;

export interface ContactListsProps {
  /** Opens a list's contacts page; the host navigates (the console: /contact-lists/{id}/contacts). */
  onOpenContacts: (list: ContactList) => void;
  /** The address of a list's contacts page, so its name is a real link; left out: the name is plain text. */
  hrefForContacts?: (list: ContactList) => string;
  /** Height of the table's scrolling area (infinite scroll needs one). */
  maxHeight?: number | string;
  /** The title's heading level (1 when the page is the document's main content). Default 2. */
  headingLevel?: 1 | 2 | 3;
}

/**
 * The contact lists page (spec back-office §2, §4, §5, §7), connected: GET /contact-lists searched (debounced 500 ms,
 * lower-cased, from page 1) and paged by scrolling, kept live by the ContactList events; add and rename in the modal
 * (POST, PUT), delete confirmed (DELETE), the example spreadsheet downloaded. Needs campaigns:manage and the plan's
 * useCampaigns; the host decides where a list's contacts open.
 */
export function ContactLists({ onOpenContacts, hrefForContacts, maxHeight, headingLevel }: ContactListsProps) {
  const t = useT(contactListsTexts);
  const toast = useToast();
  const [search, setSearch] = useState('');
  const searchParam = contactSearchParam(useDebounced(search, SEARCH_DEBOUNCE_MS));
  const list = useContactLists(searchParam ? { searchParam } : {});
  const create = useCreateContactList();
  const update = useUpdateContactList();
  const remove = useDeleteContactList();
  const example = useContactListExample();
  const [modal, setModal] = useState<{ open: boolean; editing: ContactList | null; key: number }>({ open: false, editing: null, key: 0 });
  const open = (editing: ContactList | null) => setModal((m) => ({ open: true, editing, key: m.key + 1 }));
  const timed = { timeout: CONTACT_LISTS_TOAST_MS };

  const save = async (values: ContactListFormValues) => {
    try {
      const saved = modal.editing ? await update.mutateAsync({ id: modal.editing.id, body: values }) : await create.mutateAsync(values);
      setModal((m) => ({ ...m, editing: saved }));
      toast.success(t('contactLists.saved'), timed);
    } catch (err) {
      if (serverFieldErrors(err).length === 0) toast.toastError(err, timed);
      throw err;
    }
  };

  const destroy = async (contactList: ContactList) => {
    try {
      await remove.mutateAsync(contactList.id);
      toast.success(t('contactLists.deleted'), timed);
    } catch (err) {
      toast.toastError(err, timed);
    }
  };

  const download = async () => {
    try {
      saveBlob(await example.mutateAsync(), 'contatos-exemplo.xlsx');
    } catch {
      toast.show({ kind: 'error', message: t('contactLists.example.failed') }, timed);
    }
  };

  return (
    <>
      <ContactListsView
        items={list.data?.items}
        count={list.data?.count ?? 0}
        search={search}
        onSearchChange={setSearch}
        onAdd={() => open(null)}
        onEdit={open}
        onDelete={destroy}
        onDownloadExample={() => void download()}
        onOpenContacts={onOpenContacts}
        hrefForContacts={hrefForContacts}
        {...pagingProps(list)}
        maxHeight={maxHeight}
        headingLevel={headingLevel}
      />
      <ContactListModal
        key={modal.key}
        isOpen={modal.open}
        onOpenChange={(isOpen) => setModal((m) => ({ ...m, open: isOpen }))}
        contactList={modal.editing}
        onSave={save}
      />
    </>
  );
}
