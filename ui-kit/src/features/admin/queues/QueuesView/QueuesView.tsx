import { useT } from '../../../../i18n';
import { queuesTexts } from '../../../../i18n/queues';
import { Button } from '../../../../primitives/Button/Button';
import { Icon } from '../../../../primitives/Icon/Icon';
import { IconButton } from '../../../../primitives/IconButton/IconButton';
import { ListPage, useDeleteConfirmation } from '../../../../primitives/ListPage/ListPage';
import type { TableColumn } from '../../../../primitives/Table/Table';
import { swatchColor, type Queue, type QueuePermissions } from '../queue-rules';

export interface QueuesViewProps {
  /** The company's queues (GET /queue, by orderQueue then name); undefined until the first answer. */
  queues: Queue[] | undefined;
  isLoading: boolean;
  isError?: boolean;
  onReload?: () => void;
  permissions: QueuePermissions;
  onAdd: () => void;
  onEdit: (queue: Queue) => void;
  /** After the confirmation; the dialog stays open, pending, until it settles. */
  onDelete: (queue: Queue) => Promise<void>;
  /** The title's heading level (1 when the page is the document's main content). Default 2. */
  headingLevel?: 1 | 2 | 3;
}

/**
 * The queues page (spec administration §2): a table of id, name, colour swatch, order, greeting and actions (edit,
 * and delete after a confirmation naming the queue); 'Adicionar fila'. Buttons show only with queues:write. On a
 * narrow container each row becomes a card.
 */
export function QueuesView({ queues, isLoading, isError = false, onReload, permissions, onAdd, onEdit, onDelete, headingLevel = 2 }: QueuesViewProps) {
  const t = useT(queuesTexts);
  const confirmDelete = useDeleteConfirmation<Queue>(onDelete, {
    title: (row) => t('queues.confirmDelete.title', { name: row.name }),
    body: <p className="atd-Queues-confirmText">{t('queues.confirmDelete.body')}</p>,
  });

  const columns: TableColumn<Queue>[] = [
    { id: 'id', header: t('queues.column.id'), cell: ({ row }) => <span className="atd-Queues-id">{row.original.id}</span> },
    {
      id: 'name',
      header: t('queues.column.name'),
      isRowHeader: true,
      cell: ({ row }) => (
        <span className="atd-Queues-name">
          <span className="atd-Queues-swatch atd-Queues-nameSwatch" style={{ background: swatchColor(row.original.color) }} aria-hidden="true" />
          {row.original.name}
        </span>
      ),
    },
    {
      id: 'color',
      header: t('queues.column.color'),
      cell: ({ row }) => (
        <span className="atd-Queues-color">
          <span className="atd-Queues-swatch" style={{ background: swatchColor(row.original.color) }} aria-hidden="true" />
          <span className="atd-Queues-colorValue">{row.original.color.toUpperCase()}</span>
        </span>
      ),
    },
    {
      id: 'orderQueue',
      header: t('queues.column.orderQueue'),
      cell: ({ row }) => <span className="atd-Queues-order">{row.original.orderQueue ?? '–'}</span>,
    },
    {
      id: 'greeting',
      header: t('queues.column.greeting'),
      cell: ({ row }) =>
        row.original.greetingMessage ? (
          <span className="atd-Queues-greeting" title={row.original.greetingMessage}>
            {row.original.greetingMessage}
          </span>
        ) : (
          <span className="atd-Queues-greeting" data-empty="true">
            {t('queues.noGreeting')}
          </span>
        ),
    },
    ...(permissions.canWrite
      ? [
          {
            id: 'actions',
            header: t('queues.column.actions'),
            cell: ({ row }) => (
              <span className="atd-Queues-actions">
                <IconButton icon="edit" size="sm" aria-label={t('queues.edit', { name: row.original.name })} onPress={() => onEdit(row.original)} />
                <IconButton
                  icon="delete"
                  size="sm"
                  variant="danger"
                  aria-label={t('queues.delete', { name: row.original.name })}
                  onPress={() => confirmDelete.ask(row.original)}
                />
              </span>
            ),
          } satisfies TableColumn<Queue>,
        ]
      : []),
  ];

  return (
    <ListPage<Queue>
      className="atd-Queues"
      title={t('queues.title')}
      headingLevel={headingLevel}
      addLabel={t('queues.add')}
      onAdd={permissions.canWrite ? onAdd : undefined}
      tableLabel={t('queues.table.label')}
      items={queues}
      columns={columns}
      getRowId={(queue) => String(queue.id)}
      isLoading={isLoading}
      maxHeight={null}
      emptyTitle={t('queues.empty.title')}
      emptyDescription={t('queues.empty.description')}
      emptyAction={
        permissions.canWrite && (
          <Button onPress={onAdd}>
            <Icon name="add" />
            {t('queues.add')}
          </Button>
        )
      }
      isError={isError}
      loadErrorTitle={t('queues.loadError')}
      onReload={onReload}
      confirmation={confirmDelete.dialog}
    />
  );
}
