import { useT } from '../../../../i18n';
import { helpsTexts } from '../helps.texts';
import { Button } from '../../../../primitives/Button/Button';
import { EmptyState } from '../../../../primitives/EmptyState/EmptyState';
import { Icon } from '../../../../primitives/Icon/Icon';
import { IconButton } from '../../../../primitives/IconButton/IconButton';
import { ListPage, useDeleteConfirmation } from '../../../../primitives/ListPage/ListPage';
import type { TableColumn } from '../../../../primitives/Table/Table';
import { type Help } from '../help-rules';
import { VideoThumbnail } from '../VideoThumbnail';

export interface HelpsAdminViewProps {
  /** The help videos loaded so far (GET /helps, by title); undefined until the first answer. */
  helps: Help[] | undefined;
  /** Infinite scroll: more pages, the next one on its way, load it. */
  hasMore: boolean;
  isLoadingMore?: boolean;
  onLoadMore: () => void;
  isLoading: boolean;
  isError?: boolean;
  onReload?: () => void;
  /** The search box's text (the connected list debounces it). */
  search: string;
  onSearchChange: (search: string) => void;
  onAdd: () => void;
  onEdit: (help: Help) => void;
  /** After the confirmation; the dialog stays open, pending, until it settles. */
  onDelete: (help: Help) => Promise<void>;
  /** A way back to the videos (the /helps page's 'Ver vídeos'); left out in the settings' tab. */
  onBack?: () => void;
  /** The title's heading level (1 when the list is the document's main content). Default 2. */
  headingLevel?: 1 | 2 | 3;
  /** Height of the table's scrolling area (infinite scroll needs one). */
  maxHeight?: number | string;
}

/**
 * The super users' list of help videos: search, a table of thumbnail, title, description and actions (edit, and
 * delete after a confirmation naming the video) that loads more as it scrolls; 'Adicionar vídeo'. On a narrow
 * container each row becomes a card.
 */
export function HelpsAdminView({
  helps,
  hasMore,
  isLoadingMore = false,
  onLoadMore,
  isLoading,
  isError = false,
  onReload,
  search,
  onSearchChange,
  onAdd,
  onEdit,
  onDelete,
  onBack,
  headingLevel = 2,
  maxHeight = 'min(70dvh, 44rem)',
}: HelpsAdminViewProps) {
  const t = useT(helpsTexts);
  const confirmDelete = useDeleteConfirmation<Help>(onDelete, {
    title: (row) => t('helps.confirmDelete.title', { title: row.title }),
    body: <p className="atd-HelpsAdmin-confirmText">{t('helps.confirmDelete.body')}</p>,
  });

  const columns: TableColumn<Help>[] = [
    {
      id: 'video',
      header: t('helps.column.video'),
      width: 128,
      cell: ({ row }) => (
        <span className="atd-HelpsAdmin-thumb">
          <span className="atd-HelpsAdmin-still">
            <VideoThumbnail key={row.original.video} video={row.original.video} />
          </span>
          <span className="atd-HelpsAdmin-videoId">{row.original.video}</span>
        </span>
      ),
    },
    {
      id: 'title',
      header: t('helps.column.title'),
      isRowHeader: true,
      cell: ({ row }) => <span className="atd-HelpsAdmin-title">{row.original.title}</span>,
    },
    {
      id: 'description',
      header: t('helps.column.description'),
      cell: ({ row }) =>
        row.original.description ? (
          <span className="atd-HelpsAdmin-description" title={row.original.description}>
            {row.original.description}
          </span>
        ) : (
          <span className="atd-HelpsAdmin-description" data-empty="true">
            {t('helps.noDescription')}
          </span>
        ),
    },
    {
      id: 'actions',
      header: t('helps.column.actions'),
      width: 96,
      cell: ({ row }) => (
        <span className="atd-HelpsAdmin-actions">
          <IconButton icon="edit" size="sm" aria-label={t('helps.edit', { title: row.original.title })} onPress={() => onEdit(row.original)} />
          <IconButton
            icon="delete"
            size="sm"
            variant="danger"
            aria-label={t('helps.delete', { title: row.original.title })}
            onPress={() => confirmDelete.ask(row.original)}
          />
        </span>
      ),
    },
  ];

  return (
    <ListPage<Help>
      className="atd-HelpsAdmin"
      title={t('helps.admin.title')}
      headingLevel={headingLevel}
      subtitle={<p className="atd-HelpsAdmin-hint">{t('helps.admin.hint')}</p>}
      search={search}
      onSearchChange={onSearchChange}
      searchLabel={t('helps.search')}
      searchPlaceholder={t('helps.searchPlaceholder')}
      actions={
        onBack && (
          <Button variant="secondary" onPress={onBack}>
            {t('helps.backToVideos')}
          </Button>
        )
      }
      addLabel={t('helps.add')}
      onAdd={onAdd}
      tableLabel={t('helps.admin.table.label')}
      items={helps}
      columns={columns}
      getRowId={(help) => String(help.id)}
      hasMore={hasMore}
      onLoadMore={onLoadMore}
      isLoading={isLoading || isLoadingMore}
      maxHeight={maxHeight}
      emptyTitle={t('helps.empty.title')}
      emptyAction={
        <Button onPress={onAdd}>
          <Icon name="add" />
          {t('helps.add')}
        </Button>
      }
      noResults={<EmptyState icon="search" title={t('helps.noResults.title')} description={t('helps.noResults.description')} />}
      isError={isError}
      loadErrorTitle={t('helps.loadError')}
      onReload={onReload}
      confirmation={confirmDelete.dialog}
    />
  );
}
