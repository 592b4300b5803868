import { pagingProps } from '../../../data/paging';
import { saveBlob, useContactListExample, useContactLists, useCreateContactList, useDeleteContactList, useUpdateContactList } from '../data/contact-lists';
import { useT } from '../../../i18n';
import { contactListsTexts } from '../contact-lists.texts';
import { useCrudPage } from '../../../primitives/ListPage/useCrudPage';
import { useToast } from '../../../primitives/Toast/Toast';
import { ContactListModal } from '../ContactListModal/ContactListModal';
import { ContactListsView } from '../ContactListsView/ContactListsView';
import { contactSearchParam, type ContactList } from '../contact-list-rules';

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
  const create = useCreateContactList();
  const update = useUpdateContactList();
  const remove = useDeleteContactList();
  const example = useContactListExample();
  const crud = useCrudPage({
    create: create.mutateAsync,
    update: (contactList: ContactList, body) => update.mutateAsync({ id: contactList.id, body }),
    remove: (contactList) => remove.mutateAsync(contactList.id),
    texts: { saved: t('contactLists.saved'), deleted: t('contactLists.deleted') },
    toastTimeout: CONTACT_LISTS_TOAST_MS,
    keepSaved: true,
  });
  const searchParam = contactSearchParam(crud.debouncedSearch);
  const list = useContactLists(searchParam ? { searchParam } : {});

  const download = async () => {
    try {
      saveBlob(await example.mutateAsync(), 'contatos-exemplo.xlsx');
    } catch {
      toast.show({ kind: 'error', message: t('contactLists.example.failed') }, { timeout: CONTACT_LISTS_TOAST_MS });
    }
  };

  return (
    <>
      <ContactListsView
        items={list.data?.items}
        count={list.data?.count ?? 0}
        search={crud.search}
        onSearchChange={crud.setSearch}
        onAdd={() => crud.openNew()}
        onEdit={crud.openEdit}
        onDelete={crud.destroy}
        onDownloadExample={() => void download()}
        onOpenContacts={onOpenContacts}
        hrefForContacts={hrefForContacts}
        {...pagingProps(list)}
        maxHeight={maxHeight}
        headingLevel={headingLevel}
      />
      <ContactListModal
        key={crud.modal.key}
        isOpen={crud.modal.isOpen}
        onOpenChange={crud.modal.onOpenChange}
        contactList={crud.modal.editing}
        onSave={(values) => crud.save(values)}
      />
    </>
  );
}
