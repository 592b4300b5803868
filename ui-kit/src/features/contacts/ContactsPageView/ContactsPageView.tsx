import { useState } from 'react';
import type { RowSelectionState } from '@tanstack/react-table';
import { bulkTexts } from '../../../i18n/bulk';
import type { Schema } from '../../../client';
import { useT } from '../../../i18n';
import { schedulesTexts } from '../../schedules/schedules.texts';
import { Avatar } from '../../../primitives/Avatar/Avatar';
import { Button } from '../../../primitives/Button/Button';
import { ConfirmationDialog } from '../../../primitives/ConfirmationDialog/ConfirmationDialog';
import { Icon } from '../../../primitives/Icon/Icon';
import { IconButton } from '../../../primitives/IconButton/IconButton';
import { ListPage } from '../../../primitives/ListPage/ListPage';
import { Spinner } from '../../../primitives/Spinner/Spinner';
import type { TableColumn } from '../../../primitives/Table/Table';
import { truncateName } from '../../tickets/ticket-format';
import { ContactsIcon } from '../contacts-icons';

type ContactDto = Schema<'ContactDto'>;

/** Where the phone-book import stands: the API answers once, at the end (no progress on the way). */
export type ContactImportState =
  { status: 'idle' } | { status: 'running' } | { status: 'done'; result: Schema<'ImportContactsResultDto'> } | { status: 'failed'; error: string };

export interface ContactsPageViewProps {
  /** The contacts loaded so far (the API's order: by name). */
  contacts: ContactDto[];
  /** How many contacts match the search. */
  count: number;
  /** More than `count` contacts match (the API stops counting at 1,000). */
  countCapped?: boolean;
  hasMore: boolean;
  isLoading: boolean;
  /** Infinite scroll: the next page (within 100 px of the bottom). */
  onLoadMore: () => void;
  /** The search box's text (the caller debounces and lower-cases it for the API). */
  search: string;
  onSearchChange: (search: string) => void;
  /** `contacts-page:deleteContact`: the delete action shows only with it. */
  canDelete: boolean;
  /** createTicket 'habilitado': the create-ticket action shows only with it. */
  canCreateTicket: boolean;
  onAdd: () => void;
  onEdit: (contact: ContactDto) => void;
  /** After the confirmation; the dialog stays open, pending, until it settles. */
  onDelete: (contact: ContactDto) => Promise<void>;
  onCreateTicket: (contact: ContactDto) => void;
  /** 'Agendar' (the plan's useSchedules): opens the schedule modal for the contact; no action without it. */
  onSchedule?: (contact: ContactDto) => void;
  /** After the confirmation: starts the import (its state comes back in `importState`). */
  onImport: () => void;
  importState: ContactImportState;
  onDismissImport: () => void;
  onExport: () => void;
  isExporting?: boolean;
  /** The page title's heading level (1 when it is the page's main heading). */
  headingLevel?: 1 | 2 | 3;
  /**
   * Bulk actions: with either, the rows get checkboxes (the header's selects every loaded row) and a bar acts on the
   * selection. Delete many (after a confirmation; shown with `canDelete`), and a CSV of the selected contacts.
   */
  onBulkDelete?: (contacts: ContactDto[]) => Promise<void>;
  onExportSelected?: (contacts: ContactDto[]) => void;
}

/**
 * The contacts page (spec attendance §2 and §6, back-office §9): search, an infinitely scrolled table (avatar,
 * name, number, email, actions), add, edit, delete with its permission and a confirmation, the phone-book import
 * with a confirmation, its running state and the count imported, the CSV export, and 'create ticket'.
 */
export function ContactsPageView(props: ContactsPageViewProps) {
  const { contacts, count, countCapped, hasMore, isLoading, onLoadMore, search, onSearchChange, canDelete, canCreateTicket } = props;
  const { onAdd, onEdit, onDelete, onCreateTicket, onImport, importState, onDismissImport, onExport, isExporting = false, headingLevel = 2 } = props;
  const { onSchedule, onBulkDelete, onExportSelected } = props;
  const ts = useT(schedulesTexts);
  const tb = useT(bulkTexts);
  const selectable = Boolean(onExportSelected || (onBulkDelete && canDelete));
  const [selection, setSelection] = useState<RowSelectionState>({});
  // What is still listed of the selection (a deleted contact leaves it).
  const selected = contacts.filter((c) => selection[String(c.id)]);
  const [confirmBulkDelete, setConfirmBulkDelete] = useState(false);
  const t = useT();
  const [deleting, setDeleting] = useState<ContactDto | null>(null);
  const [confirmImport, setConfirmImport] = useState(false);

  const columns: TableColumn<ContactDto>[] = [
    {
      id: 'name',
      header: t('contacts.column.name'),
      isRowHeader: true,
      enableSorting: false,
      cell: ({ row }) => (
        <span className="atd-ContactsPage-name">
          <Avatar name={row.original.name} src={row.original.profilePicUrl ?? row.original.urlPicture} size="sm" />
          <span className="atd-ContactsPage-nameText">
            <span title={row.original.name}>{truncateName(row.original.name)}</span>
            {/* Shown only on a narrow page, where the number and e-mail columns are hidden. */}
            <span className="atd-ContactsPage-nameDetail">{row.original.number}</span>
            {row.original.email && <span className="atd-ContactsPage-nameDetail">{row.original.email}</span>}
          </span>
        </span>
      ),
    },
    // The API orders by name: no sorting here.
    { id: 'number', header: t('contacts.column.number'), enableSorting: false, cell: ({ row }) => row.original.number },
    { id: 'email', header: t('contacts.column.email'), enableSorting: false, cell: ({ row }) => row.original.email ?? '' },
    {
      id: 'actions',
      header: t('contacts.column.actions'),
      enableSorting: false,
      cell: ({ row }) => {
        const contact = row.original;
        return (
          <span className="atd-ContactsPage-actions">
            {canCreateTicket && (
              <IconButton size="sm" aria-label={t('contacts.openTicket', { name: contact.name })} onPress={() => onCreateTicket(contact)}>
                <ContactsIcon name="chat" />
              </IconButton>
            )}
            {onSchedule && (
              <IconButton size="sm" aria-label={ts('schedules.action.scheduleFor', { contact: contact.name })} onPress={() => onSchedule(contact)}>
                <ContactsIcon name="schedule" />
              </IconButton>
            )}
            <IconButton size="sm" icon="edit" aria-label={t('contacts.edit', { name: contact.name })} onPress={() => onEdit(contact)} />
            {canDelete && (
              <IconButton
                size="sm"
                variant="danger"
                icon="delete"
                aria-label={t('contacts.delete', { name: contact.name })}
                onPress={() => setDeleting(contact)}
              />
            )}
          </span>
        );
      },
    },
  ];

  // The row, bulk and import confirmations, rendered once after the table.
  const dialogs = (
    <>
      <ConfirmationDialog
        title={t('contacts.deleteTitle', { name: deleting?.name ?? '' })}
        isOpen={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        confirmLabel={t('action.delete')}
        onConfirm={async () => {
          if (deleting) await onDelete(deleting);
        }}
      >
        <p>{t('contacts.deleteMessage')}</p>
      </ConfirmationDialog>
      <ConfirmationDialog
        title={tb('bulk.contacts.deleteTitle', { count: selected.length })}
        isOpen={confirmBulkDelete}
        onOpenChange={setConfirmBulkDelete}
        confirmLabel={t('action.delete')}
        onConfirm={async () => {
          if (onBulkDelete) await onBulkDelete(selected);
          setSelection({});
        }}
      >
        <p>{tb('bulk.contacts.deleteMessage')}</p>
      </ConfirmationDialog>
      <ConfirmationDialog
        title={t('contacts.importTitle')}
        isOpen={confirmImport}
        onOpenChange={setConfirmImport}
        variant="primary"
        confirmLabel={t('contacts.importConfirm')}
        onConfirm={onImport}
      >
        <p>{t('contacts.importMessage')}</p>
      </ConfirmationDialog>
    </>
  );

  return (
    // The count sits beside the title (the subtitle slot, laid out in a row by ContactsPage.css), outside the heading so
    // the heading stays 'Contatos'. The table fills the page's height (maxHeight null) and hides the number and e-mail
    // columns when narrow instead of turning into cards.
    <ListPage<ContactDto>
      className="atd-ContactsPage"
      title={t('contacts.title')}
      headingLevel={headingLevel}
      subtitle={
        !isLoading || contacts.length > 0 ? (
          <span className="atd-ContactsPage-count">
            {countCapped ? t('contacts.countMany', { count }) : count === 1 ? t('contacts.countOne') : t('contacts.count', { count })}
          </span>
        ) : null
      }
      search={search}
      onSearchChange={onSearchChange}
      searchLabel={t('contacts.search')}
      searchPlaceholder={t('contacts.searchPlaceholder')}
      actions={
        <>
          <Button variant="secondary" onPress={() => setConfirmImport(true)} isDisabled={importState.status === 'running'}>
            <ContactsIcon name="importContacts" /> <span className="atd-ContactsPage-buttonText">{t('contacts.import')}</span>
          </Button>
          <Button variant="secondary" onPress={onExport} isPending={isExporting}>
            <ContactsIcon name="download" /> <span className="atd-ContactsPage-buttonText">{isExporting ? t('contacts.exporting') : t('contacts.export')}</span>
          </Button>
        </>
      }
      addLabel={t('contacts.add')}
      onAdd={onAdd}
      tableLabel={t('contacts.table')}
      selection={selectable ? { rowSelection: selection, onRowSelectionChange: setSelection } : undefined}
      items={contacts}
      columns={columns}
      getRowId={(c) => String(c.id)}
      isLoading={isLoading}
      hasMore={hasMore}
      onLoadMore={onLoadMore}
      maxHeight={null}
      cardsWhenNarrow={false}
      emptyTitle={t('contacts.empty')}
      emptyDescription={search ? undefined : t('contacts.emptyHint')}
      confirmation={dialogs}
    >
      <ImportStatus state={importState} onDismiss={onDismissImport} />
      {selectable && (
        <div className="atd-BulkBar" role="toolbar" aria-label={tb('bulk.toolbar')} data-empty={selected.length === 0 || undefined}>
          <span className="atd-BulkBar-count" aria-live="polite" aria-atomic="true">
            {selected.length === 0 ? '' : selected.length === 1 ? tb('bulk.selectedOne') : tb('bulk.selected', { count: selected.length })}
          </span>
          {selected.length > 0 && (
            <>
              {onExportSelected && (
                <Button variant="secondary" onPress={() => onExportSelected(selected)}>
                  <ContactsIcon name="download" /> {tb('bulk.contacts.export')}
                </Button>
              )}
              {onBulkDelete && canDelete && (
                <Button variant="danger" onPress={() => setConfirmBulkDelete(true)}>
                  <Icon name="delete" /> {tb('bulk.contacts.delete')}
                </Button>
              )}
              <Button variant="secondary" onPress={() => setSelection({})}>
                {tb('bulk.clear')}
              </Button>
            </>
          )}
        </div>
      )}
    </ListPage>
  );
}

/** The import's running state, then its result: 'N contatos importados' (and what was already there or skipped). */
function ImportStatus({ state, onDismiss }: { state: ContactImportState; onDismiss: () => void }) {
  const t = useT();
  // A live region that is always there, so the change from running to done is announced.
  return (
    <div className="atd-ContactsPage-import" role="status" data-state={state.status}>
      {state.status === 'running' && <Spinner size="sm" label={t('contacts.importRunning')} showLabel />}
      {state.status === 'done' && (
        <>
          <Icon name="check" className="atd-ContactsPage-importIcon" />
          <span>
            <strong>
              {state.result.created === 0
                ? t('contacts.importNone')
                : state.result.created === 1
                  ? t('contacts.importOne')
                  : t('contacts.importMany', { count: state.result.created })}
            </strong>{' '}
            {t('contacts.importDetails', { existing: state.result.existing, skipped: state.result.skipped })}
          </span>
        </>
      )}
      {state.status === 'failed' && <span className="atd-ContactsPage-importError">{t('contacts.importFailed', { error: state.error })}</span>}
      {(state.status === 'done' || state.status === 'failed') && (
        <IconButton size="sm" icon="close" aria-label={t('contacts.importDismiss')} onPress={onDismiss} className="atd-ContactsPage-importClose" />
      )}
    </div>
  );
}
