import { useId, useState, type MouseEvent } from 'react';
import { FileTrigger } from 'react-aria-components';
import { CONTACT_SPREADSHEET_ACCEPT } from '../data/contact-lists';
import { useLocale, useT } from '../../../i18n';
import { LANGUAGE_TAGS } from '../../../theme/AtendeRoot';
import { contactListsTexts } from '../contact-lists.texts';
import { Button } from '../../../primitives/Button/Button';
import { IconButton } from '../../../primitives/IconButton/IconButton';
import { ListPage, useDeleteConfirmation, type ListPageListProps } from '../../../primitives/ListPage/ListPage';
import type { TableColumn } from '../../../primitives/Table/Table';
import { ContactListImportStatus, type ContactListImportView } from '../ContactListImportStatus/ContactListImportStatus';
import { ContactListIcon } from '../contact-list-icons';
import { spreadsheetProblem, validityOf, type ContactListItem } from '../contact-list-rules';

export interface ContactListItemsViewProps extends ListPageListProps<ContactListItem> {
  /** The list's name (the title); undefined while it loads. */
  listName: string | undefined;
  /** How many contacts match (the title's count). */
  count: number;
  /** Back to the lists (the host navigates: /contact-lists in the console). */
  onBack: () => void;
  /** The address of the lists page, so the back button is a real link; left out: a button. */
  backHref?: string;
  onEdit: (item: ContactListItem) => void;
  /** Runs when the deletion is confirmed; the confirmation stays open, pending, until it settles. */
  onDelete: (item: ContactListItem) => Promise<void>;
  /** A spreadsheet was picked (xls or xlsx, checked by name and size here, by its bytes on the server). */
  onImport: (file: File) => void;
  /** The current or last import: its progress bar, then its summary. */
  importStatus?: ContactListImportView | null;
  onDismissImport?: () => void;
  /** Height of the table's scrolling area (infinite scroll needs one). */
  maxHeight?: number | string;
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
  onBack,
  backHref,
  onEdit,
  onDelete,
  onImport,
  importStatus,
  onDismissImport,
  maxHeight = 'min(65dvh, 40rem)',
  ...page
}: ContactListItemsViewProps) {
  const t = useT(contactListsTexts);
  const tag = LANGUAGE_TAGS[useLocale()];
  const hintId = useId();
  const confirmDelete = useDeleteConfirmation(onDelete, {
    title: (row) => t('contactListItems.confirmDelete.title', { name: row.name }),
    body: t('contactListItems.confirmDelete.body'),
  });
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
            onPress={() => confirmDelete.ask(row.original)}
          />
        </span>
      ),
    },
  ];

  return (
    <ListPage<ContactListItem>
      className="atd-ContactListItems"
      leading={
        backHref ? (
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
        )
      }
      title={
        listName === undefined
          ? t('contactListItems.title')
          : items
            ? t('contactListItems.titleCount', { name: listName, count: count.toLocaleString(tag) })
            : listName
      }
      searchLabel={t('contactListItems.search')}
      actions={
        <FileTrigger acceptedFileTypes={CONTACT_SPREADSHEET_ACCEPT} onSelect={pick}>
          <Button variant="secondary" className="atd-ContactListItems-import" isDisabled={importing} aria-describedby={hintId}>
            <ContactListIcon name="upload" />
            {t('contactListItems.import')}
          </Button>
        </FileTrigger>
      }
      addLabel={t('contactListItems.add')}
      tableLabel={t('contactListItems.table.label')}
      items={items}
      columns={columns}
      getRowId={(item) => String(item.id)}
      maxHeight={maxHeight}
      emptyTitle={t('contactListItems.empty.title')}
      emptyDescription={t('contactListItems.empty.description')}
      loadErrorTitle={t('contactListItems.loadError')}
      confirmation={confirmDelete.dialog}
      {...page}
    >
      <p id={hintId} className="atd-ContactListItems-hint">
        {t('contactListItems.import.hint')}
      </p>
      {fileError && (
        <p className="atd-ContactListItems-fileError" role="alert">
          {fileError}
        </p>
      )}
      {importStatus && <ContactListImportStatus status={importStatus} onDismiss={onDismissImport} />}
    </ListPage>
  );
}
