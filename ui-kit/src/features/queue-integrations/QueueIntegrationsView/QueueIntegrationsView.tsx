import { useT } from '../../../i18n';
import { queueIntegrationsTexts } from '../queue-integrations.texts';
import { IconButton } from '../../../primitives/IconButton/IconButton';
import { ListPage, useDeleteConfirmation, type ListPageListProps } from '../../../primitives/ListPage/ListPage';
import type { TableColumn } from '../../../primitives/Table/Table';
import type { QueueIntegration } from '../queue-integration-rules';
import { IntegrationTypeBadge } from '../type-badge';

export interface QueueIntegrationsViewProps extends ListPageListProps<QueueIntegration> {
  /** How many integrations match (the title's count). */
  count: number;
  onEdit: (integration: QueueIntegration) => void;
  /** Runs when the deletion is confirmed; the confirmation stays open, pending, until it settles. */
  onDelete: (integration: QueueIntegration) => Promise<void>;
}

/**
 * Spec back-office §2 (Queue integrations page): a title with the count, search, 'Adicionar', and a table of type
 * logo, id, name and edit and delete (the confirmation is titled with the name); more rows load as the table scrolls
 * near its end. A narrow container shows each integration as a card.
 */
export function QueueIntegrationsView({ items, count, onEdit, onDelete, ...page }: QueueIntegrationsViewProps) {
  const t = useT(queueIntegrationsTexts);
  const confirmDelete = useDeleteConfirmation(onDelete, {
    title: (row) => t('queueIntegrations.confirmDelete.title', { name: row.name }),
    body: t('queueIntegrations.confirmDelete.body'),
  });

  const columns: TableColumn<QueueIntegration>[] = [
    {
      id: 'type',
      header: t('queueIntegrations.column.type'),
      width: 150,
      cell: ({ row }) => <IntegrationTypeBadge type={row.original.type} label={t(`queueIntegrations.type.${row.original.type}`)} />,
    },
    {
      id: 'id',
      header: t('queueIntegrations.column.id'),
      width: 80,
      cell: ({ row }) => <span className="atd-QueueIntegrations-id">#{row.original.id}</span>,
    },
    {
      id: 'name',
      header: t('queueIntegrations.column.name'),
      isRowHeader: true,
      width: '1fr',
      cell: ({ row }) => <span className="atd-QueueIntegrations-name">{row.original.name}</span>,
    },
    {
      id: 'actions',
      header: t('queueIntegrations.column.actions'),
      width: 104,
      cell: ({ row }) => (
        <span className="atd-QueueIntegrations-actions">
          <IconButton icon="edit" size="sm" aria-label={t('queueIntegrations.edit', { name: row.original.name })} onPress={() => onEdit(row.original)} />
          <IconButton
            icon="delete"
            size="sm"
            variant="danger"
            aria-label={t('queueIntegrations.delete', { name: row.original.name })}
            onPress={() => confirmDelete.ask(row.original)}
          />
        </span>
      ),
    },
  ];

  return (
    <ListPage<QueueIntegration>
      className="atd-QueueIntegrations"
      title={items ? t('queueIntegrations.titleCount', { count }) : t('queueIntegrations.title')}
      searchLabel={t('queueIntegrations.search')}
      addLabel={t('queueIntegrations.add')}
      tableLabel={t('queueIntegrations.table.label')}
      items={items}
      columns={columns}
      getRowId={(q) => String(q.id)}
      emptyTitle={t('queueIntegrations.empty.title')}
      emptyDescription={t('queueIntegrations.empty.description')}
      loadErrorTitle={t('queueIntegrations.loadError')}
      confirmation={confirmDelete.dialog}
      {...page}
    />
  );
}
