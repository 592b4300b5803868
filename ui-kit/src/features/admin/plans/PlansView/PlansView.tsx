import { useLocale, useT } from '../../../../i18n';
import { plansTexts } from '../plans.texts';
import { ListPage, useDeleteConfirmation } from '../../../../primitives/ListPage/ListPage';
import { IconButton } from '../../../../primitives/IconButton/IconButton';
import type { TableColumn } from '../../../../primitives/Table/Table';
import { PLAN_FEATURES, formatPrice, type Plan } from '../plan-rules';

export interface PlansViewProps {
  /** GET /plans/all; undefined until the first answer. */
  plans: Plan[] | undefined;
  isLoading: boolean;
  isError?: boolean;
  onReload?: () => void;
  onAdd: () => void;
  onEdit: (plan: Plan) => void;
  /** After the confirmation; the dialog stays open, pending, until it settles. */
  onDelete: (plan: Plan) => Promise<void>;
  headingLevel?: 2 | 3 | 4;
}

/** The plans (spec administration §2 'Plans tab', super users): name, the three limits, the price and the features. */
export function PlansView({ plans, isLoading, isError = false, onReload, onAdd, onEdit, onDelete, headingLevel = 3 }: PlansViewProps) {
  const t = useT(plansTexts);
  const locale = useLocale();
  const confirmDelete = useDeleteConfirmation<Plan>(onDelete, {
    title: (row) => t('plans.confirmDelete.title', { name: row.name }),
    body: <p>{t('plans.confirmDelete.body')}</p>,
  });

  const columns: TableColumn<Plan>[] = [
    { id: 'name', header: t('plans.column.name'), isRowHeader: true, cell: ({ row }) => <span className="atd-Plans-name">{row.original.name}</span> },
    { id: 'users', header: t('plans.column.users'), cell: ({ row }) => <span className="atd-Plans-number">{row.original.users}</span> },
    { id: 'connections', header: t('plans.column.connections'), cell: ({ row }) => <span className="atd-Plans-number">{row.original.connections}</span> },
    { id: 'queues', header: t('plans.column.queues'), cell: ({ row }) => <span className="atd-Plans-number">{row.original.queues}</span> },
    { id: 'value', header: t('plans.column.value'), cell: ({ row }) => <span className="atd-Plans-price">{formatPrice(row.original.value, locale)}</span> },
    {
      id: 'features',
      header: t('plans.column.features'),
      cell: ({ row }) => {
        const on = PLAN_FEATURES.filter((f) => row.original[f]);
        return on.length ? (
          <ul className="atd-Plans-features">
            {on.map((f) => (
              <li key={f} className="atd-Plans-feature">
                {t(`plans.feature.${f}`)}
              </li>
            ))}
          </ul>
        ) : (
          <span className="atd-Plans-none">{t('plans.noFeatures')}</span>
        );
      },
    },
    {
      id: 'actions',
      header: t('plans.column.actions'),
      cell: ({ row }) => (
        <span className="atd-Plans-actions">
          <IconButton icon="edit" size="sm" aria-label={t('plans.edit', { name: row.original.name })} onPress={() => onEdit(row.original)} />
          <IconButton
            icon="delete"
            size="sm"
            variant="danger"
            aria-label={t('plans.delete', { name: row.original.name })}
            onPress={() => confirmDelete.ask(row.original)}
          />
        </span>
      ),
    },
  ];

  // The whole short list, no paging: the page scrolls (no scrolling area), and the seven columns stay a table when narrow.
  return (
    <ListPage<Plan>
      className="atd-Plans"
      title={t('plans.title')}
      headingLevel={headingLevel}
      addLabel={t('plans.add')}
      onAdd={onAdd}
      tableLabel={t('plans.table.label')}
      items={plans}
      columns={columns}
      getRowId={(plan) => String(plan.id)}
      isLoading={isLoading}
      isError={isError}
      onReload={onReload}
      maxHeight={null}
      cardsWhenNarrow={false}
      emptyTitle={t('plans.empty.title')}
      emptyDescription={t('plans.empty.description')}
      loadErrorTitle={t('plans.loadError')}
      confirmation={confirmDelete.dialog}
    />
  );
}
