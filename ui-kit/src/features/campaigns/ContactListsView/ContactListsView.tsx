import { useId, useState, type MouseEvent } from 'react';
import { useLocale, useT } from '../../../i18n';
import { LANGUAGE_TAGS } from '../../../theme/AtendeRoot';
import { contactListsTexts } from '../../../i18n/contact-lists';
import { Button } from '../../../primitives/Button/Button';
import { ConfirmationDialog } from '../../../primitives/ConfirmationDialog/ConfirmationDialog';
import { EmptyState } from '../../../primitives/EmptyState/EmptyState';
import { LoadFailed } from '../../../primitives/EmptyState/LoadFailed';
import { Icon } from '../../../primitives/Icon/Icon';
import { IconButton } from '../../../primitives/IconButton/IconButton';
import { Table, type TableColumn } from '../../../primitives/Table/Table';
import { TextField } from '../../../primitives/TextField/TextField';
import { ContactListIcon } from '../contact-list-icons';
import type { ContactList } from '../contact-list-rules';

export interface ContactListsViewProps {
  /** The lists loaded so far (the API's order: by name); undefined before the first page. */
  items: ContactList[] | undefined;
  /** How many lists match (the title's count). */
  count: number;
  /** The search box text (the connected page debounces and lower-cases it). */
  search: string;
  onSearchChange: (text: string) => void;
  onAdd: () => void;
  onEdit: (list: ContactList) => void;
  /** Runs when the deletion is confirmed; the confirmation stays open, pending, until it settles. */
  onDelete: (list: ContactList) => Promise<void>;
  /** Downloads the example spreadsheet (GET /contact-lists/example-spreadsheet). */
  onDownloadExample: () => void;
  /** Opens a list's contacts page (the host navigates: /contact-lists/{id}/contacts in the console). */
  onOpenContacts: (list: ContactList) => void;
  /** The address of a list's contacts page, so its name is a real link (new tab, copy link); left out: a button. */
  hrefForContacts?: (list: ContactList) => string;
  /** Infinite scroll: more pages, a page loading, load the next one. */
  hasMore: boolean;
  isLoading: boolean;
  onLoadMore: () => void;
  /** The first page failed: a retry instead of the rows. */
  isError?: boolean;
  onReload?: () => void;
  /** Height of the table's scrolling area (infinite scroll needs one). */
  maxHeight?: number | string;
  /** The title's heading level (1 when the page is the document's main content). Default 2. */
  headingLevel?: 1 | 2 | 3;
}

/** A plain click follows the host's navigation; a modified one (new tab, window) is left to the browser. */
const plainClick = (event: MouseEvent) => event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/**
 * Spec back-office §2 (Contact lists page): a title with the count, search, 'Adicionar', and a table of name, contacts
 * count and actions (download the example spreadsheet, open the list's contacts, edit, delete after a confirmation);
 * more rows load as the table scrolls near its end. A narrow container shows each list as a card.
 */
export function ContactListsView({
  items,
  count,
  search,
  onSearchChange,
  onAdd,
  onEdit,
  onDelete,
  onDownloadExample,
  onOpenContacts,
  hrefForContacts,
  hasMore,
  isLoading,
  onLoadMore,
  isError = false,
  onReload,
  maxHeight = 'min(70dvh, 40rem)',
  headingLevel = 2,
}: ContactListsViewProps) {
  const t = useT(contactListsTexts);
  const tag = LANGUAGE_TAGS[useLocale()];
  const titleId = useId();
  const Heading = `h${headingLevel}` as const;
  const [deleting, setDeleting] = useState<ContactList | null>(null);

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
            onPress={() => setDeleting(row.original)}
          />
        </span>
      ),
    },
  ];

  const failed = isError && !items;
  return (
    <section className="atd-ContactLists" aria-labelledby={titleId}>
      <header className="atd-ContactLists-header">
        <Heading id={titleId} className="atd-ContactLists-title">
          {items ? t('contactLists.titleCount', { count: count.toLocaleString(tag) }) : t('contactLists.title')}
        </Heading>
        <div className="atd-ContactLists-toolbar">
          <TextField
            type="search"
            label={t('contactLists.search')}
            placeholder={t('contactLists.search')}
            value={search}
            onChange={onSearchChange}
            className="atd-ContactLists-search"
          />
          <Button variant="secondary" onPress={onDownloadExample} className="atd-ContactLists-example">
            <ContactListIcon name="download" />
            {t('contactLists.example')}
          </Button>
          <Button onPress={onAdd} className="atd-ContactLists-add">
            <Icon name="add" />
            {t('contactLists.add')}
          </Button>
        </div>
      </header>
      <Table<ContactList>
        aria-label={t('contactLists.table.label')}
        className="atd-ContactLists-table"
        cardsWhenNarrow
        data={items ?? []}
        columns={columns}
        getRowId={(list) => String(list.id)}
        hasMore={hasMore}
        isLoading={isLoading && !failed}
        onLoadMore={onLoadMore}
        maxHeight={maxHeight}
        emptyState={
          failed ? (
            <LoadFailed title={t('contactLists.loadError')} onRetry={onReload} />
          ) : (
            <EmptyState icon="inbox" title={t('contactLists.empty.title')} description={t('contactLists.empty.description')} />
          )
        }
      />
      <ConfirmationDialog
        isOpen={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={t('contactLists.confirmDelete.title', { name: deleting?.name ?? '' })}
        confirmLabel={t('action.delete')}
        onConfirm={async () => {
          if (deleting) await onDelete(deleting);
        }}
      >
        {t('contactLists.confirmDelete.body')}
      </ConfirmationDialog>
    </section>
  );
}
