import { useId, useState, type MouseEvent } from 'react';
import { FileTrigger } from 'react-aria-components';
import { CONTACT_SPREADSHEET_ACCEPT } from '../../../data/contact-lists';
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
import { ContactListImportStatus, type ContactListImportView } from '../ContactListImportStatus/ContactListImportStatus';
import { ContactListIcon } from '../contact-list-icons';
import { spreadsheetProblem, validityOf, type ContactListItem } from '../contact-list-rules';

export interface ContactListItemsViewProps {
  /** The list's name (the title); undefined while it loads. */
  listName: string | undefined;
  /** The contacts loaded so far (the API's order: by name); undefined before the first page. */
  items: ContactListItem[] | undefined;
  /** How many contacts match (the title's count). */
  count: number;
  /** The search box text (the connected page debounces and lower-cases it). */
  search: string;
  onSearchChange: (text: string) => void;
  /** Back to the lists (the host navigates: /contact-lists in the console). */
  onBack: () => void;
  /** The address of the lists page, so the back button is a real link; left out: a button. */
  backHref?: string;
  onAdd: () => void;
  onEdit: (item: ContactListItem) => void;
  /** Runs when the deletion is confirmed; the confirmation stays open, pending, until it settles. */
  onDelete: (item: ContactListItem) => Promise<void>;
  /** A spreadsheet was picked (xls or xlsx, checked by name and size here, by its bytes on the server). */
  onImport: (file: File) => void;
  /** The current or last import: its progress bar, then its summary. */
  importStatus?: ContactListImportView | null;
  onDismissImport?: () => void;
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

const VALIDITY_LABEL = {
  valid: 'contactListItems.valid.true',
  invalid: 'contactListItems.valid.false',
  unchecked: 'contactListItems.valid.null',
} as const;

const plainClick = (event: MouseEvent) => event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/**
 * Spec back-office §2 (Contact list items page): the list's name as title, a back button to the lists, search,
 * 'Importar' (xls or xlsx; a progress bar follows the import, then a summary with the invalid lines), 'Adicionar', and
 * a table of the WhatsApp state (has it, has not, not checked yet), name, number, e-mail, edit and delete.
 */
export function ContactListItemsView({
  listName,
  items,
  count,
  search,
  onSearchChange,
  onBack,
  backHref,
  onAdd,
  onEdit,
  onDelete,
  onImport,
  importStatus,
  onDismissImport,
  hasMore,
  isLoading,
  onLoadMore,
  isError = false,
  onReload,
  maxHeight = 'min(65dvh, 40rem)',
  headingLevel = 2,
}: ContactListItemsViewProps) {
  const t = useT(contactListsTexts);
  const tag = LANGUAGE_TAGS[useLocale()];
  const titleId = useId();
  const hintId = useId();
  const Heading = `h${headingLevel}` as const;
  const [deleting, setDeleting] = useState<ContactListItem | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const importing = importStatus?.stage === 'uploading' || importStatus?.stage === 'running';

  const pick = (files: FileList | null) => {
    const chosen = files?.[0];
    if (!chosen) return;
    const problem = spreadsheetProblem(chosen);
    setFileError(problem ? t(problem) : null);
    if (!problem) onImport(chosen);
  };

  const columns: TableColumn<ContactListItem>[] = [
    {
      id: 'valid',
      header: t('contactListItems.column.valid'),
      width: 96,
      cell: ({ row }) => {
        const validity = validityOf(row.original);
        return (
          <span className="atd-ContactListItems-valid" data-validity={validity}>
            <ContactListIcon name={validity} label={t(VALIDITY_LABEL[validity])} />
          </span>
        );
      },
    },
    {
      id: 'name',
      header: t('contactListItems.column.name'),
      isRowHeader: true,
      width: '2fr',
      cell: ({ row }) => <span className="atd-ContactListItems-name">{row.original.name}</span>,
    },
    {
      id: 'number',
      header: t('contactListItems.column.number'),
      width: '1.5fr',
      cell: ({ row }) => <span className="atd-ContactListItems-number">{row.original.number}</span>,
    },
    {
      id: 'email',
      header: t('contactListItems.column.email'),
      width: '2fr',
      cell: ({ row }) => <span className="atd-ContactListItems-email">{row.original.email ?? ''}</span>,
    },
    {
      id: 'actions',
      header: t('contactListItems.column.actions'),
      width: 96,
      cell: ({ row }) => (
        <span className="atd-ContactListItems-actions">
          <IconButton icon="edit" size="sm" aria-label={t('contactListItems.edit', { name: row.original.name })} onPress={() => onEdit(row.original)} />
          <IconButton
            icon="delete"
            size="sm"
            variant="danger"
            aria-label={t('contactListItems.delete', { name: row.original.name })}
            onPress={() => setDeleting(row.original)}
          />
        </span>
      ),
    },
  ];

  const failed = isError && !items;
  return (
    <section className="atd-ContactListItems" aria-labelledby={titleId}>
      <header className="atd-ContactListItems-header">
        <div className="atd-ContactListItems-heading">
          {backHref ? (
            <a
              className="atd-ContactListItems-back"
              href={backHref}
              aria-label={t('contactListItems.back')}
              title={t('contactListItems.back')}
              onClick={(event) => {
                if (!plainClick(event)) return;
                event.preventDefault();
                onBack();
              }}
            >
              <ContactListIcon name="back" />
            </a>
          ) : (
            <IconButton aria-label={t('contactListItems.back')} onPress={onBack} className="atd-ContactListItems-back">
              <ContactListIcon name="back" />
            </IconButton>
          )}
          <Heading id={titleId} className="atd-ContactListItems-title">
            {listName === undefined
              ? t('contactListItems.title')
              : items
                ? t('contactListItems.titleCount', { name: listName, count: count.toLocaleString(tag) })
                : listName}
          </Heading>
        </div>
        <div className="atd-ContactListItems-toolbar">
          <TextField
            type="search"
            label={t('contactListItems.search')}
            placeholder={t('contactListItems.search')}
            value={search}
            onChange={onSearchChange}
            className="atd-ContactListItems-search"
          />
          <FileTrigger acceptedFileTypes={CONTACT_SPREADSHEET_ACCEPT} onSelect={pick}>
            <Button variant="secondary" className="atd-ContactListItems-import" isDisabled={importing} aria-describedby={hintId}>
              <ContactListIcon name="upload" />
              {t('contactListItems.import')}
            </Button>
          </FileTrigger>
          <Button onPress={onAdd} className="atd-ContactListItems-add">
            <Icon name="add" />
            {t('contactListItems.add')}
          </Button>
        </div>
      </header>
      <p id={hintId} className="atd-ContactListItems-hint">
        {t('contactListItems.import.hint')}
      </p>
      {fileError && (
        <p className="atd-ContactListItems-fileError" role="alert">
          {fileError}
        </p>
      )}
      {importStatus && <ContactListImportStatus status={importStatus} onDismiss={onDismissImport} />}
      <Table<ContactListItem>
        aria-label={t('contactListItems.table.label')}
        className="atd-ContactListItems-table"
        cardsWhenNarrow
        data={items ?? []}
        columns={columns}
        getRowId={(item) => String(item.id)}
        hasMore={hasMore}
        isLoading={isLoading && !failed}
        onLoadMore={onLoadMore}
        maxHeight={maxHeight}
        emptyState={
          failed ? (
            <LoadFailed title={t('contactListItems.loadError')} onRetry={onReload} />
          ) : (
            <EmptyState icon="inbox" title={t('contactListItems.empty.title')} description={t('contactListItems.empty.description')} />
          )
        }
      />
      <ConfirmationDialog
        isOpen={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={t('contactListItems.confirmDelete.title', { name: deleting?.name ?? '' })}
        confirmLabel={t('action.delete')}
        onConfirm={async () => {
          if (deleting) await onDelete(deleting);
        }}
      >
        {t('contactListItems.confirmDelete.body')}
      </ConfirmationDialog>
    </section>
  );
}
