import { useT } from '../../../i18n';
import { quickMessagesTexts } from '../quick-messages.texts';
import { ListPage, useDeleteConfirmation } from '../../../primitives/ListPage/ListPage';
import { IconButton } from '../../../primitives/IconButton/IconButton';
import type { TableColumn } from '../../../primitives/Table/Table';
import { ComposerIcon } from '../../../primitives/ComposerIcon/ComposerIcon';
import { messagePreview, type QuickMessage } from '../quick-message-rules';

export interface QuickMessagesViewProps {
  /** The quick messages loaded so far (the API's order: by shortcode). */
  items: QuickMessage[];
  /** The search box text (the connected page debounces and lower-cases it). */
  search: string;
  onSearchChange: (text: string) => void;
  onAdd: () => void;
  onEdit: (quick: QuickMessage) => void;
  /** Runs when the deletion is confirmed; the confirmation stays open, pending, until it settles. */
  onDelete: (quick: QuickMessage) => Promise<void>;
  /** Whether the signed-in user may edit or delete this one (its owner, or a manager for a shared one). */
  canChange: (quick: QuickMessage) => boolean;
  /** Infinite scroll: more pages, a page loading, load the next one. */
  hasMore: boolean;
  isLoading: boolean;
  onLoadMore: () => void;
  /** Height of the table's scrolling area (infinite scroll needs one). */
  maxHeight?: number | string;
}

/**
 * Spec back-office §2: the quick-messages list. Search, add, a table of shortcode, message (cut), attachment
 * name (or 'Sem anexo'), private or shared, and edit and delete (confirmed) where the user may change it; more
 * rows load as the table scrolls near its end.
 */
export function QuickMessagesView({
  items,
  search,
  onSearchChange,
  onAdd,
  onEdit,
  onDelete,
  canChange,
  hasMore,
  isLoading,
  onLoadMore,
  maxHeight = 'min(70dvh, 40rem)',
}: QuickMessagesViewProps) {
  const t = useT(quickMessagesTexts);
  const confirmDelete = useDeleteConfirmation<QuickMessage>(onDelete, {
    title: (row) => t('quickMessages.confirmDelete.title', { shortcode: row.shortcode }),
    body: t('quickMessages.confirmDelete.body'),
  });

  const columns: TableColumn<QuickMessage>[] = [
    {
      id: 'shortcode',
      header: t('quickMessages.column.shortcode'),
      isRowHeader: true,
      width: '1fr',
      cell: ({ row }) => <span className="atd-QuickMessages-shortcode">/{row.original.shortcode}</span>,
    },
    {
      id: 'message',
      header: t('quickMessages.column.message'),
      width: '2fr',
      cell: ({ row }) => (
        <span className="atd-QuickMessages-message" title={row.original.message || undefined}>
          {messagePreview(row.original.message)}
        </span>
      ),
    },
    {
      id: 'attachment',
      header: t('quickMessages.column.attachment'),
      width: '1fr',
      cell: ({ row }) =>
        row.original.mediaName || row.original.mediaPath ? (
          <span className="atd-QuickMessages-attachment" title={row.original.mediaName ?? undefined}>
            <ComposerIcon name="attach" />
            <span className="atd-QuickMessages-attachmentName">{row.original.mediaName ?? row.original.mediaPath}</span>
          </span>
        ) : (
          <span className="atd-QuickMessages-none">{t('quickMessages.noAttachment')}</span>
        ),
    },
    {
      id: 'visibility',
      header: t('quickMessages.column.visibility'),
      width: 120,
      cell: ({ row }) => (
        <span className="atd-QuickMessages-visibility" data-shared={row.original.geral || undefined}>
          {t(row.original.geral ? 'quickMessages.shared' : 'quickMessages.private')}
        </span>
      ),
    },
    {
      id: 'actions',
      header: t('quickMessages.column.actions'),
      width: 104,
      cell: ({ row }) =>
        canChange(row.original) ? (
          <span className="atd-QuickMessages-actions">
            <IconButton
              icon="edit"
              size="sm"
              aria-label={t('quickMessages.edit', { shortcode: row.original.shortcode })}
              onPress={() => onEdit(row.original)}
            />
            <IconButton
              icon="delete"
              size="sm"
              variant="danger"
              aria-label={t('quickMessages.delete', { shortcode: row.original.shortcode })}
              onPress={() => confirmDelete.ask(row.original)}
            />
          </span>
        ) : null,
    },
  ];

  return (
    // The page around it already says where the user is: the title names the section for screen readers only. Narrow,
    // the table hides the message and visibility columns (QuickMessagesView.css) rather than turning into cards.
    <ListPage<QuickMessage>
      className="atd-QuickMessages"
      title={t('quickMessages.title')}
      titleHidden
      search={search}
      onSearchChange={onSearchChange}
      searchLabel={t('quickMessages.search')}
      addLabel={t('quickMessages.add')}
      onAdd={onAdd}
      tableLabel={t('quickMessages.table.label')}
      items={items}
      columns={columns}
      getRowId={(quick) => String(quick.id)}
      hasMore={hasMore}
      isLoading={isLoading}
      onLoadMore={onLoadMore}
      maxHeight={maxHeight}
      cardsWhenNarrow={false}
      emptyTitle={t('quickMessages.empty.title')}
      emptyDescription={t('quickMessages.empty.description')}
      confirmation={confirmDelete.dialog}
    />
  );
}
