import { useId, useState } from 'react';
import { useT } from '../../../i18n';
import { fileListsTexts } from '../../../i18n/file-lists';
import { Button } from '../../../primitives/Button/Button';
import { ConfirmationDialog } from '../../../primitives/ConfirmationDialog/ConfirmationDialog';
import { EmptyState } from '../../../primitives/EmptyState/EmptyState';
import { LoadFailed } from '../../../primitives/EmptyState/LoadFailed';
import { Icon } from '../../../primitives/Icon/Icon';
import { IconButton } from '../../../primitives/IconButton/IconButton';
import { Table, type TableColumn } from '../../../primitives/Table/Table';
import { TextField } from '../../../primitives/TextField/TextField';
import { ComposerIcon } from '../../chat/Composer/icons';
import { filesOf, type FileList } from '../file-list-rules';

export interface FileListsViewProps {
  /** The file lists loaded so far (the API's order: by name); undefined before the first page. */
  items: FileList[] | undefined;
  /** How many lists match (the title's count). */
  count: number;
  /** The search box text (the connected page debounces and lower-cases it). */
  search: string;
  onSearchChange: (text: string) => void;
  onAdd: () => void;
  onEdit: (list: FileList) => void;
  /** Runs when the deletion is confirmed; the confirmation stays open, pending, until it settles. */
  onDelete: (list: FileList) => Promise<void>;
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

/**
 * Spec back-office §2 (Files page): a title with the count, search, 'Adicionar', and a table of name, what the list
 * sends (its message and how many files) and edit and delete (confirmed); more rows load as the table scrolls near
 * its end. A narrow container shows each list as a card.
 */
export function FileListsView({
  items,
  count,
  search,
  onSearchChange,
  onAdd,
  onEdit,
  onDelete,
  hasMore,
  isLoading,
  onLoadMore,
  isError = false,
  onReload,
  maxHeight = 'min(70dvh, 40rem)',
  headingLevel = 2,
}: FileListsViewProps) {
  const t = useT(fileListsTexts);
  const titleId = useId();
  const Heading = `h${headingLevel}` as const;
  const [deleting, setDeleting] = useState<FileList | null>(null);

  const filesText = (list: FileList) => {
    const n = filesOf(list);
    return n === 0 ? t('fileLists.files.none') : n === 1 ? t('fileLists.files.one') : t('fileLists.files', { count: n });
  };

  const columns: TableColumn<FileList>[] = [
    {
      id: 'name',
      header: t('fileLists.column.name'),
      isRowHeader: true,
      width: '1fr',
      cell: ({ row }) => <span className="atd-FileLists-name">{row.original.name}</span>,
    },
    {
      id: 'content',
      header: t('fileLists.column.content'),
      width: '2fr',
      cell: ({ row }) => (
        <span className="atd-FileLists-content">
          <span className="atd-FileLists-message" title={row.original.message}>
            {row.original.message.replace(/\s+/g, ' ')}
          </span>
          <span className="atd-FileLists-files">
            <ComposerIcon name="attach" />
            {filesText(row.original)}
          </span>
        </span>
      ),
    },
    {
      id: 'actions',
      header: t('fileLists.column.actions'),
      width: 104,
      cell: ({ row }) => (
        <span className="atd-FileLists-actions">
          <IconButton icon="edit" size="sm" aria-label={t('fileLists.edit', { name: row.original.name })} onPress={() => onEdit(row.original)} />
          <IconButton
            icon="delete"
            size="sm"
            variant="danger"
            aria-label={t('fileLists.delete', { name: row.original.name })}
            onPress={() => setDeleting(row.original)}
          />
        </span>
      ),
    },
  ];

  const failed = isError && !items;
  return (
    <section className="atd-FileLists" aria-labelledby={titleId}>
      <header className="atd-FileLists-header">
        <Heading id={titleId} className="atd-FileLists-title">
          {items ? t('fileLists.titleCount', { count }) : t('fileLists.title')}
        </Heading>
        <div className="atd-FileLists-toolbar">
          <TextField
            type="search"
            label={t('fileLists.search')}
            placeholder={t('fileLists.search')}
            value={search}
            onChange={onSearchChange}
            className="atd-FileLists-search"
          />
          <Button onPress={onAdd} className="atd-FileLists-add">
            <Icon name="add" />
            {t('fileLists.add')}
          </Button>
        </div>
      </header>
      <Table<FileList>
        aria-label={t('fileLists.table.label')}
        className="atd-FileLists-table"
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
            <LoadFailed title={t('fileLists.loadError')} onRetry={onReload} />
          ) : (
            <EmptyState icon="inbox" title={t('fileLists.empty.title')} description={t('fileLists.empty.description')} />
          )
        }
      />
      <ConfirmationDialog
        isOpen={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={t('fileLists.confirmDelete.title', { name: deleting?.name ?? '' })}
        confirmLabel={t('action.delete')}
        onConfirm={async () => {
          if (deleting) await onDelete(deleting);
        }}
      >
        {t('fileLists.confirmDelete.body')}
      </ConfirmationDialog>
    </section>
  );
}
