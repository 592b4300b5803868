import { useT } from '../../../i18n';
import { fileListsTexts } from '../file-lists.texts';
import { IconButton } from '../../../primitives/IconButton/IconButton';
import { ListPage, useDeleteConfirmation, type ListPageListProps } from '../../../primitives/ListPage/ListPage';
import type { TableColumn } from '../../../primitives/Table/Table';
import { ComposerIcon } from '../../../primitives/ComposerIcon/ComposerIcon';
import { filesOf, type FileList } from '../file-list-rules';

export interface FileListsViewProps extends ListPageListProps<FileList> {
  /** How many lists match (the title's count). */
  count: number;
  onEdit: (list: FileList) => void;
  /** Runs when the deletion is confirmed; the confirmation stays open, pending, until it settles. */
  onDelete: (list: FileList) => Promise<void>;
}

/**
 * Spec back-office §2 (Files page): a title with the count, search, 'Adicionar', and a table of name, what the list
 * sends (its message and how many files) and edit and delete (confirmed); more rows load as the table scrolls near
 * its end. A narrow container shows each list as a card.
 */
export function FileListsView({ items, count, onEdit, onDelete, ...page }: FileListsViewProps) {
  const t = useT(fileListsTexts);
  const confirmDelete = useDeleteConfirmation(onDelete, {
    title: (row) => t('fileLists.confirmDelete.title', { name: row.name }),
    body: t('fileLists.confirmDelete.body'),
  });

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
            onPress={() => confirmDelete.ask(row.original)}
          />
        </span>
      ),
    },
  ];

  return (
    <ListPage<FileList>
      className="atd-FileLists"
      title={items ? t('fileLists.titleCount', { count }) : t('fileLists.title')}
      searchLabel={t('fileLists.search')}
      addLabel={t('fileLists.add')}
      tableLabel={t('fileLists.table.label')}
      items={items}
      columns={columns}
      getRowId={(list) => String(list.id)}
      emptyTitle={t('fileLists.empty.title')}
      emptyDescription={t('fileLists.empty.description')}
      loadErrorTitle={t('fileLists.loadError')}
      confirmation={confirmDelete.dialog}
      {...page}
    />
  );
}
