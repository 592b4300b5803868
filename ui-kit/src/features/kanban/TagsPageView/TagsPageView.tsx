import { useId, useState } from 'react';
import type { Schema } from '../../../client';
import { useT } from '../../../i18n';
import { Button } from '../../../primitives/Button/Button';
import { Chip } from '../../../primitives/Chip/Chip';
import { ConfirmationDialog } from '../../../primitives/ConfirmationDialog/ConfirmationDialog';
import { EmptyState } from '../../../primitives/EmptyState/EmptyState';
import { Icon } from '../../../primitives/Icon/Icon';
import { IconButton } from '../../../primitives/IconButton/IconButton';
import { Table, type TableColumn } from '../../../primitives/Table/Table';
import { TextField } from '../../../primitives/TextField/TextField';

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
  onLoadMore,
  onAdd,
  onEdit,
  onDelete,
  headingLevel = 2,
}: TagsPageViewProps) {
  const t = useT();
  const titleId = useId();
  const Heading = `h${headingLevel}` as const;
  const [deleting, setDeleting] = useState<TagRow | null>(null);

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
            onPress={() => setDeleting(row.original)}
          />
        </span>
      ),
    },
  ];

  return (
    <section className="atd-TagsPage" aria-labelledby={titleId}>
      <header className="atd-TagsPage-header">
        <Heading id={titleId} className="atd-TagsPage-title">
          {t('tags.title')}
        </Heading>
        <div className="atd-TagsPage-toolbar">
          <TextField className="atd-TagsPage-search" label={t('tags.search')} type="search" value={search} onChange={onSearchChange} />
          <Button onPress={onAdd}>
            <Icon name="add" /> {t('tags.add')}
          </Button>
        </div>
      </header>
      <Table<TagRow>
        aria-label={t('tags.listLabel')}
        className="atd-TagsPage-table"
        data={tags}
        columns={columns}
        getRowId={(tag) => String(tag.id)}
        isLoading={isLoading}
        hasMore={hasMore}
        onLoadMore={onLoadMore}
        emptyState={<EmptyState icon="inbox" title={t('tags.empty')} />}
      />
      <ConfirmationDialog
        title={t('tags.confirmDelete.title', { name: deleting?.name ?? '' })}
        isOpen={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        confirmLabel={t('tags.confirmDelete.confirm')}
        onConfirm={async () => {
          if (deleting) await onDelete(deleting);
        }}
      >
        <p>{t('tags.confirmDelete.body')}</p>
      </ConfirmationDialog>
    </section>
  );
}
