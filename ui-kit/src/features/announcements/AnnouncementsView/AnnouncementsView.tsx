import { useT } from '../../../i18n';
import { announcementsTexts } from '../announcements.texts';
import { IconButton } from '../../../primitives/IconButton/IconButton';
import { ListPage, useDeleteConfirmation, type ListPageListProps } from '../../../primitives/ListPage/ListPage';
import type { TableColumn } from '../../../primitives/Table/Table';
import type { Announcement, AnnouncementPriority } from '../announcement-rules';

export interface AnnouncementsViewProps extends ListPageListProps<Announcement> {
  /** How many announcements match (the title's count). */
  count: number;
  onEdit: (announcement: Announcement) => void;
  /** Runs when the deletion is confirmed; the confirmation stays open, pending, until it settles. */
  onDelete: (announcement: Announcement) => Promise<void>;
}

/** The priority as a chip in its colour (spec §9: 1 red 'Alta', 2 orange 'Média', 3 grey 'Baixa'). */
export function AnnouncementPriorityChip({ priority }: { priority: AnnouncementPriority }) {
  const t = useT(announcementsTexts);
  return (
    <span className="atd-AnnouncementPriority" data-priority={priority}>
      {t(`announcements.priority.${priority}`)}
    </span>
  );
}

/**
 * Spec back-office (Announcements page): a title, search, 'Adicionar', and a table of title, priority (a chip in the
 * priority's colour), attachment name, status (Ativo/Inativo) and edit and delete (confirmed, titled with the
 * announcement's title); more rows load as the table scrolls near its end. A narrow container shows cards.
 */
export function AnnouncementsView({ items, count, onEdit, onDelete, ...page }: AnnouncementsViewProps) {
  const t = useT(announcementsTexts);
  const confirmDelete = useDeleteConfirmation(onDelete, {
    title: (row) => t('announcements.confirmDelete.title', { title: row.title }),
    body: t('announcements.confirmDelete.body'),
  });

  const columns: TableColumn<Announcement>[] = [
    {
      id: 'title',
      header: t('announcements.column.title'),
      isRowHeader: true,
      width: '2fr',
      cell: ({ row }) => <span className="atd-Announcements-title">{row.original.title}</span>,
    },
    {
      id: 'priority',
      header: t('announcements.column.priority'),
      width: 120,
      cell: ({ row }) => <AnnouncementPriorityChip priority={row.original.priority} />,
    },
    {
      id: 'attachment',
      header: t('announcements.column.attachment'),
      width: '1fr',
      cell: ({ row }) =>
        row.original.mediaName ? (
          <span className="atd-Announcements-file">{row.original.mediaName}</span>
        ) : (
          <span className="atd-Announcements-file" data-missing>
            {t('announcements.noAttachment')}
          </span>
        ),
    },
    {
      id: 'status',
      header: t('announcements.column.status'),
      width: 110,
      cell: ({ row }) => (
        <span className="atd-Announcements-status" data-active={row.original.status || undefined}>
          {t(row.original.status ? 'announcements.status.active' : 'announcements.status.inactive')}
        </span>
      ),
    },
    {
      id: 'actions',
      header: t('announcements.column.actions'),
      width: 104,
      cell: ({ row }) => (
        <span className="atd-Announcements-actions">
          <IconButton icon="edit" size="sm" aria-label={t('announcements.edit', { title: row.original.title })} onPress={() => onEdit(row.original)} />
          <IconButton
            icon="delete"
            size="sm"
            variant="danger"
            aria-label={t('announcements.delete', { title: row.original.title })}
            onPress={() => confirmDelete.ask(row.original)}
          />
        </span>
      ),
    },
  ];

  return (
    <ListPage<Announcement>
      className="atd-Announcements"
      title={items ? t('announcements.titleCount', { count }) : t('announcements.title')}
      searchLabel={t('announcements.search')}
      addLabel={t('announcements.add')}
      tableLabel={t('announcements.table.label')}
      items={items}
      columns={columns}
      getRowId={(a) => String(a.id)}
      emptyTitle={t('announcements.empty.title')}
      emptyDescription={t('announcements.empty.description')}
      loadErrorTitle={t('announcements.loadError')}
      confirmation={confirmDelete.dialog}
      {...page}
    />
  );
}
