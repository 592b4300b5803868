import type { MouseEvent } from 'react';
import { useLocale, useT } from '../../../i18n';
import { LANGUAGE_TAGS } from '../../../theme/AtendeRoot';
import { contactListsTexts } from '../contact-lists.texts';
import { Button } from '../../../primitives/Button/Button';
import { IconButton } from '../../../primitives/IconButton/IconButton';
import { ListPage, useDeleteConfirmation, type ListPageListProps } from '../../../primitives/ListPage/ListPage';
import type { TableColumn } from '../../../primitives/Table/Table';
import { ContactListIcon } from '../contact-list-icons';
import type { ContactList } from '../contact-list-rules';

export interface ContactListsViewProps extends ListPageListProps<ContactList> {
  /** How many lists match (the title's count). */
  count: number;
  onEdit: (list: ContactList) => void;
  /** Runs when the deletion is confirmed; the confirmation stays open, pending, until it settles. */
  onDelete: (list: ContactList) => Promise<void>;
  /** Downloads the example spreadsheet (GET /contact-lists/example-spreadsheet). */
  onDownloadExample: () => void;
  /** Opens a list's contacts page (the host navigates: /contact-lists/{id}/contacts in the console). */
  onOpenContacts: (list: ContactList) => void;
  /** The address of a list's contacts page, so its name is a real link (new tab, copy link); left out: a button. */
  hrefForContacts?: (list: ContactList) => string;
}

/** A plain click follows the host's navigation; a modified one (new tab, window) is left to the browser. */
const plainClick = (event: MouseEvent) => event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/**
 * Spec back-office §2 (Contact lists page): a title with the count, search, 'Adicionar', and a table of name, contacts
 * count and actions (download the example spreadsheet, open the list's contacts, edit, delete after a confirmation);
 * more rows load as the table scrolls near its end. A narrow container shows each list as a card.
 */
export function ContactListsView({ items, count, onEdit, onDelete, onDownloadExample, onOpenContacts, hrefForContacts, ...page }: ContactListsViewProps) {
  const t = useT(contactListsTexts);
  const tag = LANGUAGE_TAGS[useLocale()];
  const confirmDelete = useDeleteConfirmation(onDelete, {
    title: (row) => t('contactLists.confirmDelete.title', { name: row.name }),
    body: t('contactLists.confirmDelete.body'),
  });

  const countText = (n: number) =>
    n === 0
      ? t('contactLists.contactsCount.none')
      : n === 1
        ? t('contactLists.contactsCount.one')
        : t('contactLists.contactsCount', { count: n.toLocaleString(tag) });

  const columns: TableColumn<ContactList>[] = [
    {
      id: 'name',
      header: t('contactLists.column.name'),
      isRowHeader: true,
      width: '2fr',
      cell: ({ row }) =>
        hrefForContacts ? (
          <a
            className="atd-ContactLists-name"
            href={hrefForContacts(row.original)}
            onClick={(event) => {
              if (!plainClick(event)) return;
              event.preventDefault();
              onOpenContacts(row.original);
            }}
          >
            {row.original.name}
          </a>
        ) : (
          <span className="atd-ContactLists-name">{row.original.name}</span>
        ),
    },
    {
      id: 'contacts',
      header: t('contactLists.column.contacts'),
      width: '1fr',
      cell: ({ row }) => (
        <span className="atd-ContactLists-count">
          <ContactListIcon name="contacts" />
          {countText(row.original.contactsCount)}
        </span>
      ),
    },
    {
      id: 'actions',
      header: t('contactLists.column.actions'),
      width: 176,
      cell: ({ row }) => (
        <span className="atd-ContactLists-actions">
          <IconButton size="sm" aria-label={t('contactLists.example')} onPress={onDownloadExample}>
            <ContactListIcon name="download" />
          </IconButton>
          <IconButton size="sm" aria-label={t('contactLists.open', { name: row.original.name })} onPress={() => onOpenContacts(row.original)}>
            <ContactListIcon name="contacts" />
          </IconButton>
          <IconButton icon="edit" size="sm" aria-label={t('contactLists.edit', { name: row.original.name })} onPress={() => onEdit(row.original)} />
          <IconButton
            icon="delete"
            size="sm"
            variant="danger"
            aria-label={t('contactLists.delete', { name: row.original.name })}
            onPress={() => confirmDelete.ask(row.original)}
          />
        </span>
      ),
    },
  ];

  return (
    <ListPage<ContactList>
      className="atd-ContactLists"
      title={items ? t('contactLists.titleCount', { count: count.toLocaleString(tag) }) : t('contactLists.title')}
      searchLabel={t('contactLists.search')}
      actions={
        <Button variant="secondary" onPress={onDownloadExample} className="atd-ContactLists-example">
          <ContactListIcon name="download" />
          {t('contactLists.example')}
        </Button>
      }
      addLabel={t('contactLists.add')}
      tableLabel={t('contactLists.table.label')}
      items={items}
      columns={columns}
      getRowId={(list) => String(list.id)}
      emptyTitle={t('contactLists.empty.title')}
      emptyDescription={t('contactLists.empty.description')}
      loadErrorTitle={t('contactLists.loadError')}
      confirmation={confirmDelete.dialog}
      {...page}
    />
  );
}
