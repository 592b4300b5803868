import type { Schema } from '../../../client';
import { useT } from '../../../i18n';
import { Chip } from '../../../primitives/Chip/Chip';
import { IconButton } from '../../../primitives/IconButton/IconButton';
import { ListPage, useDeleteConfirmation } from '../../../primitives/ListPage/ListPage';
import type { TableColumn } from '../../../primitives/Table/Table';

export type TagRow = Schema<'TagDto'>;

export interface TagsPageViewProps {
  /** The loaded tags (pages flattened, in the API's order). */
  tags: TagRow[];
  /** The search box's text (as typed). */
  search: string;
  onSearchChange: (search: string) => void;
  isLoading?: boolean;
  hasMore?: boolean;
  /** Infinite scroll: the next page (within 100 px of the table's bottom). */
  onLoadMore?: () => void;
  onAdd: () => void;
  onEdit: (tag: TagRow) => void;
  /** After the confirmation; the dialog stays pending until it settles. */
  onDelete: (tag: TagRow) => Promise<void> | void;
  /** The title's heading level (1 when the page is the document's main content). Default 2. */
  headingLevel?: 1 | 2 | 3;
}

/** The tags page (back-office §2): search, add, a table of name (a chip in the tag's colour), tickets count and actions. */
export function TagsPageView({
  tags,
  search,
  onSearchChange,
  isLoading = false,
  hasMore = false,
  onLoadMore = () => undefined,
  onAdd,
  onEdit,
  onDelete,
  headingLevel = 2,
}: TagsPageViewProps) {
  const t = useT();
  const confirm = useDeleteConfirmation<TagRow>(async (tag) => void (await onDelete(tag)), {
    title: (tag) => t('tags.confirmDelete.title', { name: tag.name }),
    body: <p>{t('tags.confirmDelete.body')}</p>,
  });

  const columns: TableColumn<TagRow>[] = [
    {
      id: 'name',
      header: t('tags.column.name'),
      isRowHeader: true,
      cell: ({ row }) => <Chip color={row.original.color}>{row.original.name}</Chip>,
    },
    { id: 'ticketsCount', header: t('tags.column.tickets'), width: 120, cell: ({ row }) => row.original.ticketsCount },
    {
      id: 'actions',
      header: t('tags.column.actions'),
      width: 120,
      cell: ({ row }) => (
        <span className="atd-TagsPage-actions">
          <IconButton size="sm" icon="edit" aria-label={t('tags.edit', { name: row.original.name })} onPress={() => onEdit(row.original)} />
          <IconButton
            size="sm"
            variant="danger"
            icon="delete"
            aria-label={t('tags.delete', { name: row.original.name })}
            onPress={() => confirm.ask(row.original)}
          />
        </span>
      ),
    },
  ];

  return (
    <ListPage<TagRow>
      className="atd-TagsPage"
      title={t('tags.title')}
      headingLevel={headingLevel}
      search={search}
      onSearchChange={onSearchChange}
      searchLabel={t('tags.search')}
      addLabel={t('tags.add')}
      onAdd={onAdd}
      tableLabel={t('tags.listLabel')}
      items={tags}
      columns={columns}
      getRowId={(tag) => String(tag.id)}
      hasMore={hasMore}
      isLoading={isLoading}
      onLoadMore={onLoadMore}
      emptyTitle={t('tags.empty')}
      confirmation={confirm.dialog}
    />
  );
}
