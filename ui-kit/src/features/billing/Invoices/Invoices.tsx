import { useState } from 'react';
import type { Schema } from '../../../client';
import { useInvoices } from '../data/billing';
import { useT } from '../../../i18n';
import { billingTexts } from '../billing.texts';
import { SEARCH_DEBOUNCE_MS } from '../../../primitives/ComboBox/ComboBox';
import { EmptyState } from '../../../primitives/EmptyState/EmptyState';
import { useSession } from '../../../provider/context';
import { Checkout } from '../Checkout/Checkout';
import { InvoicesView } from '../InvoicesView/InvoicesView';
import { canManageBilling, localToday, type Invoice } from '../billing-rules';
import { useDebounced } from '../../../primitives/use-debounced';

export interface InvoicesProps {
  /** The title's heading level (1 when the page is the document's main content). Default 2. */
  headingLevel?: 1 | 2 | 3;
  /** The subscription page ('Assinatura'), through the host's router: linked from the header when given. */
  subscriptionHref?: string;
  /** Height of the table's scrolling area (infinite scroll needs one). */
  maxHeight?: number | string;
  /** An invoice was paid (the `payment` event): the company with its new due date. The console goes home 4 s later. */
  onPaid?: (company: Schema<'CompanyDto'>) => void;
  /** The day overdue is measured against (`YYYY-MM-DD`); default the browser's own day. */
  today?: string;
}

type Paying = { invoice: Invoice | null; open: boolean };

/**
 * The invoices page ('Faturas', /financeiro), connected: GET /invoices/all searched (debounced 500 ms) and paged by
 * scrolling, live through the `invoice` events; 'PAGAR' opens the checkout (see Checkout), which stays mounted for the
 * invoice after it closes so its payment is still heard. Needs billing:manage: without it, it says so and calls nothing.
 */
export function Invoices({ headingLevel, maxHeight, onPaid, today: todayProp, subscriptionHref }: InvoicesProps) {
  const t = useT(billingTexts);
  const { user } = useSession();
  const allowed = canManageBilling(user);
  const [today] = useState(() => todayProp ?? localToday());
  const [search, setSearch] = useState('');
  const searchParam = useDebounced(search, SEARCH_DEBOUNCE_MS).trim() || undefined;
  const list = useInvoices(searchParam ? { searchParam } : {}, { enabled: allowed });
  const [paying, setPaying] = useState<Paying>({ invoice: null, open: false });

  if (!allowed)
    return <EmptyState icon="info" title={t('billing.invoices.title')} description={t('billing.noPermission')} headingLevel={headingLevel === 1 ? 2 : 3} />;

  return (
    <>
      <InvoicesView
        invoices={list.data?.items}
        hasMore={Boolean(list.hasNextPage)}
        isLoadingMore={list.isFetchingNextPage}
        onLoadMore={() => void list.fetchNextPage()}
        isLoading={list.isPending}
        isError={list.isError}
        onReload={() => void list.refetch()}
        search={search}
        onSearchChange={setSearch}
        onPay={(invoice) => setPaying({ invoice, open: true })}
        today={today}
        headingLevel={headingLevel}
        maxHeight={maxHeight}
        subscriptionHref={subscriptionHref}
      />
      <Checkout
        key={paying.invoice?.id ?? 'none'}
        invoice={paying.invoice}
        isOpen={paying.open}
        onOpenChange={(open) => setPaying((p) => ({ ...p, open }))}
        onPaid={onPaid}
      />
    </>
  );
}
