import { Link } from 'react-aria-components';
import { useLocale, useT } from '../../../i18n';
import { billingTexts } from '../billing.texts';
import { Button } from '../../../primitives/Button/Button';
import { EmptyState } from '../../../primitives/EmptyState/EmptyState';
import { ListPage } from '../../../primitives/ListPage/ListPage';
import type { TableColumn } from '../../../primitives/Table/Table';
import { formatBrl, formatDay, invoiceDisplayStatus, isPayable, type Invoice } from '../billing-rules';

export interface InvoicesViewProps {
  /** The invoices loaded so far (GET /invoices/all, newest due date first); undefined until the first answer. */
  invoices: Invoice[] | undefined;
  /** Infinite scroll: more pages, the next one on its way, load it (within 100 px of the bottom). */
  hasMore: boolean;
  isLoadingMore?: boolean;
  onLoadMore: () => void;
  /** The first page on its way. */
  isLoading: boolean;
  /** The list could not be loaded: the table says so and offers `onReload`. */
  isError?: boolean;
  onReload?: () => void;
  /** The search box's text (the connected page debounces it). */
  search: string;
  onSearchChange: (search: string) => void;
  /** 'PAGAR' on an open invoice: the checkout opens. */
  onPay: (invoice: Invoice) => void;
  /** The day overdue is measured against (`YYYY-MM-DD`; the connected page passes the browser's own day). */
  today: string;
  /** The title's heading level (1 when the page is the document's main content). Default 2. */
  headingLevel?: 1 | 2 | 3;
  /** Height of the table's scrolling area (infinite scroll needs one). */
  maxHeight?: number | string;
  /** The subscription page ('Assinatura'), through the host's router: a link beside the search when given. */
  subscriptionHref?: string;
}

/**
 * The invoices page, 'Faturas' (spec back-office, /financeiro): a searchable table of Id, Detalhes, Valor (BRL), Data
 * Venc. (dd/MM/yyyy in pt), Status and Ação that loads more as it scrolls. The status says 'Pago', 'Vencido' (open
 * and due before today) or 'Em Aberto'; an overdue row is tinted as well, never by colour alone. An open invoice has
 * 'PAGAR'; a paid one says 'PAGO'. On a narrow container each row becomes a card.
 */
export function InvoicesView({
  invoices,
  hasMore,
  isLoadingMore = false,
  onLoadMore,
  isLoading,
  isError = false,
  onReload,
  search,
  onSearchChange,
  onPay,
  today,
  headingLevel = 2,
  maxHeight = 'min(70dvh, 44rem)',
  subscriptionHref,
}: InvoicesViewProps) {
  const t = useT(billingTexts);
  const locale = useLocale();

  const columns: TableColumn<Invoice>[] = [
    {
      id: 'id',
      header: t('billing.column.id'),
      width: 80,
      cell: ({ row }) => <span className="atd-Invoices-id">{row.original.id}</span>,
    },
    {
      id: 'detail',
      header: t('billing.column.detail'),
      isRowHeader: true,
      cell: ({ row }) => <span className="atd-Invoices-detail">{row.original.detail}</span>,
    },
    {
      id: 'value',
      header: t('billing.column.value'),
      width: 140,
      cell: ({ row }) => <span className="atd-Invoices-value">{formatBrl(row.original.value, locale)}</span>,
    },
    {
      id: 'dueDate',
      header: t('billing.column.dueDate'),
      width: 130,
      cell: ({ row }) => <span className="atd-Invoices-due">{formatDay(row.original.dueDate, locale)}</span>,
    },
    {
      id: 'status',
      header: t('billing.column.status'),
      width: 130,
      cell: ({ row }) => {
        const status = invoiceDisplayStatus(row.original, today);
        return (
          <span className="atd-Invoices-status" data-status={status}>
            {t(`billing.status.${status}`)}
          </span>
        );
      },
    },
    {
      id: 'action',
      header: t('billing.column.action'),
      width: 130,
      cell: ({ row }) =>
        isPayable(row.original) ? (
          <span className="atd-Invoices-action">
            <Button aria-label={t('billing.pay.named', { id: row.original.id })} onPress={() => onPay(row.original)}>
              {t('billing.pay')}
            </Button>
          </span>
        ) : (
          <span className="atd-Invoices-action atd-Invoices-paidLabel">{row.original.status === 'paid' ? t('billing.paidLabel') : ''}</span>
        ),
    },
  ];

  return (
    <ListPage<Invoice>
      className="atd-Invoices"
      title={t('billing.invoices.title')}
      headingLevel={headingLevel}
      search={search}
      onSearchChange={onSearchChange}
      searchLabel={t('billing.invoices.search')}
      searchPlaceholder={t('billing.invoices.searchPlaceholder')}
      actions={
        subscriptionHref && (
          <Link href={subscriptionHref} className="atd-Button atd-Invoices-subscription" data-variant="secondary">
            {t('billing.subscription.title')}
          </Link>
        )
      }
      tableLabel={t('billing.invoices.table.label')}
      items={invoices}
      columns={columns}
      getRowId={(invoice) => String(invoice.id)}
      hasMore={hasMore}
      onLoadMore={onLoadMore}
      isLoading={isLoading || isLoadingMore}
      maxHeight={maxHeight}
      emptyTitle={t('billing.empty.title')}
      emptyDescription={t('billing.empty.description')}
      noResults={
        <EmptyState
          icon="inbox"
          title={t('billing.noResults.title', { search: search.trim() })}
          action={
            <Button variant="secondary" onPress={() => onSearchChange('')}>
              {t('billing.noResults.clear')}
            </Button>
          }
        />
      }
      isError={isError}
      loadErrorTitle={t('billing.loadError')}
      onReload={onReload}
    />
  );
}
