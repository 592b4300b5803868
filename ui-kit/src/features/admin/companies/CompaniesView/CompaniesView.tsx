import { useState } from 'react';
import { useLocale, useT } from '../../../../i18n';
import { companiesTexts } from '../companies.texts';
import { Badge } from '../../../../primitives/Badge/Badge';
import { Button } from '../../../../primitives/Button/Button';
import { ConfirmationDialog } from '../../../../primitives/ConfirmationDialog/ConfirmationDialog';
import { EmptyState } from '../../../../primitives/EmptyState/EmptyState';
import { IconButton } from '../../../../primitives/IconButton/IconButton';
import { ListPage, useDeleteConfirmation } from '../../../../primitives/ListPage/ListPage';
import type { TableColumn } from '../../../../primitives/Table/Table';
import { Select } from '../../../../primitives/Select/Select';
import { Switch } from '../../../../primitives/Switch/Switch';
import type { RowSelectionState } from '@tanstack/react-table';
import { localToday } from '../../holidays/holiday-dates';
import { dueDays, dueTone, formatDueDate, formatTimestamp, nextDueDate, type Company } from '../company-rules';

/** A plan to choose in the bulk 'Alterar plano'. */
export interface CompanyPlanChoice {
  id: number;
  name: string;
}

export interface CompaniesViewProps {
  /** The companies loaded so far (GET /companies, by name); undefined until the first answer. */
  companies: Company[] | undefined;
  /** Infinite scroll: more pages, the next one on its way, load it (within 100 px of the bottom). */
  hasMore: boolean;
  isLoadingMore?: boolean;
  onLoadMore: () => void;
  isLoading: boolean;
  isError?: boolean;
  onReload?: () => void;
  /** The search box's text (the connected panel debounces it). */
  search: string;
  onSearchChange: (search: string) => void;
  /** The signed-in user's company: marked, and not deletable (the API refuses it). */
  currentCompanyId?: number;
  /** Today as `YYYY-MM-DD` (the browser's day by default): the due-date colours count from it. */
  today?: string;
  onAdd: () => void;
  onEdit: (company: Company) => void;
  /** After the confirmation; the dialog stays open, pending, until it settles. */
  onDelete: (company: Company) => Promise<void>;
  /** '+ Vencimento', after a confirmation stating the current and the new due date (the button waits while it runs). */
  onExtendDueDate: (company: Company) => Promise<void>;
  /** Bulk actions on the selected rows (shown when given): the plans to choose from, and the two actions. */
  plans?: CompanyPlanChoice[];
  onBulkChangePlan?: (companies: Company[], planId: number) => Promise<void>;
  /** After a confirmation naming how many companies get one more period. */
  onBulkExtendDueDate?: (companies: Company[]) => Promise<void>;
  /** The platform's public sign-up (shown as a switch when given; undefined while loading). */
  signupOpen?: boolean;
  onSignupOpenChange?: (open: boolean) => void;
  /** 'Acessar como', after its confirmation: the caller shows the company's users. */
  onImpersonate: (company: Company) => void;
  /** users:impersonate: shows 'Acessar como' (default true). */
  canImpersonate?: boolean;
  headingLevel?: 2 | 3 | 4;
  /** Height of the table's scrolling area (infinite scroll needs one). */
  maxHeight?: number | string;
}

/**
 * The companies (spec administration §2 'Companies tab', §4, super users): search, a table of name (and e-mail),
 * plan, status, recurrence, due date and creation date, loaded as it scrolls. Each row is tinted by its due date
 * (`dueTone`: yellow 5 days ahead, orange from 3 days overdue to 4 ahead, red exactly 4 days overdue), and the due
 * date also says it in words: 'Vencida' once it passed, the days left when it is within 5 days. Actions: edit,
 * '+ Vencimento', 'Acessar como' (after a confirmation) and delete (after a confirmation).
 */
export function CompaniesView({
  companies,
  hasMore,
  isLoadingMore = false,
  onLoadMore,
  isLoading,
  isError = false,
  onReload,
  search,
  onSearchChange,
  currentCompanyId,
  today = localToday(),
  onAdd,
  onEdit,
  onDelete,
  onExtendDueDate,
  onImpersonate,
  plans,
  onBulkChangePlan,
  onBulkExtendDueDate,
  signupOpen,
  onSignupOpenChange,
  canImpersonate = true,
  headingLevel = 3,
  maxHeight = 'min(70dvh, 44rem)',
}: CompaniesViewProps) {
  const t = useT(companiesTexts);
  const locale = useLocale();
  const confirmDelete = useDeleteConfirmation<Company>(onDelete, {
    title: (row) => t('companies.confirmDelete.title', { name: row.name }),
    body: <p className="atd-Companies-confirmText">{t('companies.confirmDelete.body')}</p>,
  });
  const [impersonating, setImpersonating] = useState<Company | null>(null);
  const [extending, setExtending] = useState<ReadonlySet<number>>(new Set());
  const [confirmExtend, setConfirmExtend] = useState<Company | null>(null);
  const [selection, setSelection] = useState<RowSelectionState>({});
  const [bulkDialog, setBulkDialog] = useState<'plan' | 'extend' | null>(null);
  const [bulkPlanId, setBulkPlanId] = useState<number | null>(null);
  const bulkEnabled = Boolean(onBulkChangePlan || onBulkExtendDueDate);
  const selected = (companies ?? []).filter((c) => selection[String(c.id)]);

  const extend = async (company: Company) => {
    setExtending((ids) => new Set(ids).add(company.id));
    try {
      await onExtendDueDate(company);
    } finally {
      setExtending((ids) => {
        const next = new Set(ids);
        next.delete(company.id);
        return next;
      });
    }
  };

  const columns: TableColumn<Company>[] = [
    {
      id: 'name',
      header: t('companies.column.name'),
      isRowHeader: true,
      width: '1.6fr',
      cell: ({ row }) => (
        <span className="atd-Companies-name">
          <span className="atd-Companies-nameLine">
            <span className="atd-Companies-nameValue">{row.original.name}</span>
            {row.original.id === currentCompanyId && (
              <>
                {' '}
                <span className="atd-Companies-yours">{t('companies.yours')}</span>
              </>
            )}
          </span>{' '}
          {row.original.email && <span className="atd-Companies-email">{row.original.email}</span>}
        </span>
      ),
    },
    { id: 'plan', header: t('companies.column.plan'), width: '0.8fr', cell: ({ row }) => <span className="atd-Companies-plan">{row.original.plan.name}</span> },
    {
      id: 'status',
      header: t('companies.column.status'),
      width: 100,
      cell: ({ row }) => (
        <span className="atd-Companies-status">
          <Badge variant={row.original.status ? 'success' : 'neutral'}>
            {t(row.original.status ? 'companies.status.active' : 'companies.status.inactive')}
          </Badge>
        </span>
      ),
    },
    {
      id: 'recurrence',
      header: t('companies.column.recurrence'),
      width: 120,
      cell: ({ row }) => <span className="atd-Companies-recurrence">{t(`companies.recurrence.${row.original.recurrence}`)}</span>,
    },
    {
      id: 'dueDate',
      header: t('companies.column.dueDate'),
      width: 150,
      cell: ({ row }) => <DueDate dueDate={row.original.dueDate} today={today} />,
    },
    {
      id: 'createdAt',
      header: t('companies.column.createdAt'),
      width: 100,
      cell: ({ row }) => <span className="atd-Companies-created">{formatTimestamp(row.original.createdAt, locale)}</span>,
    },
    {
      id: 'actions',
      header: t('companies.column.actions'),
      width: 330,
      cell: ({ row }) => {
        const company = row.original;
        return (
          <span className="atd-Companies-actions">
            <IconButton icon="edit" size="sm" aria-label={t('companies.edit', { name: company.name })} onPress={() => onEdit(company)} />
            <Button
              variant="secondary"
              className="atd-Companies-action"
              aria-label={t('companies.extend.label', { name: company.name })}
              isPending={extending.has(company.id)}
              onPress={() => setConfirmExtend(company)}
            >
              {t('companies.extend')}
            </Button>
            {canImpersonate && (
              <Button
                variant="secondary"
                className="atd-Companies-action"
                aria-label={t('companies.impersonate.label', { name: company.name })}
                onPress={() => setImpersonating(company)}
              >
                {t('companies.impersonate')}
              </Button>
            )}
            {company.id !== currentCompanyId && (
              <IconButton
                icon="delete"
                size="sm"
                variant="danger"
                aria-label={t('companies.delete', { name: company.name })}
                onPress={() => confirmDelete.ask(company)}
              />
            )}
          </span>
        );
      },
    },
  ];

  return (
    <ListPage<Company>
      className="atd-Companies"
      title={t('companies.title')}
      headingLevel={headingLevel}
      beforeSearch={
        onSignupOpenChange && (
          <Switch className="atd-Companies-signup" isSelected={signupOpen ?? false} isDisabled={signupOpen === undefined} onChange={onSignupOpenChange}>
            {t('companies.signupOpen')}
          </Switch>
        )
      }
      search={search}
      onSearchChange={onSearchChange}
      searchLabel={t('companies.search')}
      searchPlaceholder={t('companies.searchPlaceholder')}
      addLabel={t('companies.add')}
      onAdd={onAdd}
      tableLabel={t('companies.table.label')}
      items={companies}
      columns={columns}
      getRowId={(company) => String(company.id)}
      selection={bulkEnabled ? { rowSelection: selection, onRowSelectionChange: setSelection } : undefined}
      hasMore={hasMore}
      onLoadMore={onLoadMore}
      isLoading={isLoading || isLoadingMore}
      maxHeight={maxHeight}
      emptyTitle={t('companies.empty.title')}
      emptyDescription={t('companies.empty.description')}
      noResults={
        <EmptyState
          icon="search"
          title={t('companies.noResults.title', { search: search.trim() })}
          action={
            <Button variant="secondary" onPress={() => onSearchChange('')}>
              {t('companies.noResults.clear')}
            </Button>
          }
        />
      }
      isError={isError}
      loadErrorTitle={t('companies.loadError')}
      onReload={onReload}
      confirmation={
        <>
          {confirmDelete.dialog}
          <ConfirmationDialog
            isOpen={confirmExtend !== null}
            onOpenChange={(open) => !open && setConfirmExtend(null)}
            title={t('companies.confirmExtend.title', { name: confirmExtend?.name ?? '' })}
            confirmLabel={t('companies.confirmExtend.confirm')}
            variant="primary"
            onConfirm={() => {
              if (confirmExtend) void extend(confirmExtend);
            }}
          >
            {confirmExtend && (
              <p className="atd-Companies-confirmText">
                {confirmExtend.dueDate
                  ? t('companies.confirmExtend.body', {
                      current: formatDueDate(confirmExtend.dueDate, locale),
                      next: formatDueDate(nextDueDate(confirmExtend.dueDate, confirmExtend.recurrence, today), locale),
                      recurrence: t(`companies.recurrence.${confirmExtend.recurrence}`),
                    })
                  : t('companies.confirmExtend.bodyNone', {
                      next: formatDueDate(nextDueDate(confirmExtend.dueDate, confirmExtend.recurrence, today), locale),
                      recurrence: t(`companies.recurrence.${confirmExtend.recurrence}`),
                    })}
              </p>
            )}
          </ConfirmationDialog>
          <ConfirmationDialog
            isOpen={bulkDialog === 'extend'}
            onOpenChange={(open) => !open && setBulkDialog(null)}
            title={t('companies.bulk.confirmExtend.title', { count: selected.length })}
            confirmLabel={t('companies.confirmExtend.confirm')}
            variant="primary"
            onConfirm={async () => {
              await onBulkExtendDueDate?.(selected);
              setSelection({});
            }}
          >
            <p className="atd-Companies-confirmText">{t('companies.bulk.confirmExtend.body', { count: selected.length })}</p>
            <ul className="atd-Companies-bulkList">
              {selected.map((c) => (
                <li key={c.id}>
                  {c.name}: {c.dueDate ? formatDueDate(c.dueDate, locale) : t('companies.noDueDate')} →{' '}
                  {formatDueDate(nextDueDate(c.dueDate, c.recurrence, today), locale)}
                </li>
              ))}
            </ul>
          </ConfirmationDialog>
          <ConfirmationDialog
            isOpen={bulkDialog === 'plan'}
            onOpenChange={(open) => !open && setBulkDialog(null)}
            title={t('companies.bulk.changePlan.title', { count: selected.length })}
            confirmLabel={t('companies.bulk.changePlan.confirm')}
            variant="primary"
            onConfirm={async () => {
              if (bulkPlanId == null) return;
              await onBulkChangePlan?.(selected, bulkPlanId);
              setSelection({});
            }}
          >
            <Select
              label={t('companies.column.plan')}
              items={(plans ?? []).map((p) => ({ id: p.id, label: p.name }))}
              selectedKey={bulkPlanId}
              onSelectionChange={(key) => setBulkPlanId(key == null ? null : Number(key))}
              isRequired
            />
          </ConfirmationDialog>
          <ConfirmationDialog
            isOpen={impersonating !== null}
            onOpenChange={(open) => !open && setImpersonating(null)}
            title={t('companies.confirmImpersonate.title', { name: impersonating?.name ?? '' })}
            confirmLabel={t('companies.confirmImpersonate.confirm')}
            variant="primary"
            onConfirm={() => {
              if (impersonating) onImpersonate(impersonating);
            }}
          >
            <p className="atd-Companies-confirmText">{t('companies.confirmImpersonate.body')}</p>
          </ConfirmationDialog>
        </>
      }
    >
      {bulkEnabled && selected.length > 0 && (
        <div className="atd-Companies-bulk" role="toolbar" aria-label={t('companies.bulk.label')}>
          <span className="atd-Companies-bulkCount" aria-live="polite">
            {t('companies.bulk.selected', { count: selected.length })}
          </span>
          {onBulkChangePlan && (
            <Button
              variant="secondary"
              onPress={() => {
                setBulkPlanId(plans?.[0]?.id ?? null);
                setBulkDialog('plan');
              }}
            >
              {t('companies.bulk.changePlan')}
            </Button>
          )}
          {onBulkExtendDueDate && (
            <Button variant="secondary" onPress={() => setBulkDialog('extend')}>
              {t('companies.extend')}
            </Button>
          )}
          <Button variant="secondary" onPress={() => setSelection({})}>
            {t('companies.bulk.clear')}
          </Button>
        </div>
      )}
    </ListPage>
  );
}

/** The due date, its tint marker (read by the row's CSS) and, in words, whether it passed or how soon it comes. */
function DueDate({ dueDate, today }: { dueDate: string | null | undefined; today: string }) {
  const t = useT(companiesTexts);
  const locale = useLocale();
  const days = dueDays(dueDate, today);
  if (days === null) return <span className="atd-Companies-due atd-Companies-muted">{t('companies.noDueDate')}</span>;
  return (
    <span className="atd-Companies-due" data-due-tone={dueTone(dueDate, today) ?? undefined}>
      <span className="atd-Companies-dueDate">{formatDueDate(dueDate, locale)}</span>
      {days < 0 ? (
        <span className="atd-Companies-dueNote">
          <Badge variant="danger" className="atd-Companies-overdue">
            {t('companies.due.overdue')}
          </Badge>{' '}
          <span className="atd-Companies-muted">{t('companies.due.overdueDays', { count: -days })}</span>
        </span>
      ) : days <= 5 ? (
        <span className="atd-Companies-dueNote atd-Companies-muted">{days === 0 ? t('companies.due.today') : t('companies.due.inDays', { count: days })}</span>
      ) : null}
    </span>
  );
}
