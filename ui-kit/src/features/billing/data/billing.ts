// The company's billing (spec back-office, 'Financeiro' and 'Assinatura'): invoices (GET /invoices/all, GET
// /invoices/{id}), the Pix checkout (POST /subscription), the sandbox gateway's simulated payment, and the `payment`
// event that says a charge was paid. The `invoice` event keeps the lists live through the realtime cache (writeInvoice).
import { useInfiniteQuery, useQuery, type InfiniteData, type UseInfiniteQueryResult, type UseQueryResult } from '@tanstack/react-query';
import type { components, ServerChannels } from '../../../client';
import { unwrap } from '../../../provider/api-error';
import { useApiClient, useSocketEvent } from '../../../provider/context';
import { useApiMutation } from '../../../data/mutations';
import type { PagedList, QueryOptions } from '../../../data/queries';
import { atendeKeys, type SearchFilters } from '../../../data/query-keys';

type Schemas = components['schemas'];
export type InvoiceDto = Schemas['InvoiceDto'];
export type PixCheckoutDto = Schemas['PixCheckoutDto'];
export type CheckoutBody = Schemas['CheckoutDto'];
export type PaymentEvent = ServerChannels['payment'];
type InvoicePage = Schemas['InvoicePageDto'];

function flattenInvoices(data: InfiniteData<InvoicePage>): PagedList<InvoiceDto> {
  const seen = new Set<number>();
  const items = data.pages.flatMap((page) => page.invoices).filter((i) => !seen.has(i.id) && Boolean(seen.add(i.id)));
  return { items, count: data.pages[0]?.count ?? 0, hasMore: data.pages[data.pages.length - 1]?.hasMore ?? false };
}

/**
 * GET /invoices/all: the company's invoices, newest due date first, 20 a page (`fetchNextPage()` loads more);
 * `searchParam` matches the detail, or the id when it is a number. Live through the `invoice` events. Needs billing:manage.
 */
export function useInvoices(filters: SearchFilters = {}, options: QueryOptions = {}): UseInfiniteQueryResult<PagedList<InvoiceDto>> {
  const client = useApiClient();
  return useInfiniteQuery({
    queryKey: atendeKeys.invoices.list(filters),
    initialPageParam: 1,
    getNextPageParam: (last: InvoicePage, _all: unknown, pageNumber: number) => (last.hasMore ? pageNumber + 1 : undefined),
    queryFn: ({ pageParam, signal }) => unwrap(client.GET('/invoices/all', { params: { query: { ...filters, pageNumber: pageParam } }, signal })),
    select: flattenInvoices,
    ...options,
  });
}

/** GET /invoices/{id}. Live. */
export function useInvoice(id: number, options: QueryOptions = {}): UseQueryResult<InvoiceDto> {
  const client = useApiClient();
  return useQuery({
    queryKey: atendeKeys.invoices.detail(id),
    queryFn: ({ signal }) => unwrap(client.GET('/invoices/{id}', { params: { path: { id } }, signal })),
    ...options,
  });
}

/**
 * POST /subscription: a Pix charge for an open invoice, with the payer's name and address and the plan chosen (no card
 * data, no price: the server prices it). A pending charge with time left is answered again. Errors: ERR_VALIDATION
 * (fields), ERR_INVOICE_NOT_OPEN, ERR_PAYMENT_GATEWAY_NOT_CONFIGURED (503), ERR_PAYMENT_GATEWAY_FAILED (502).
 */
export function useCheckout() {
  return useApiMutation((client, body: CheckoutBody) => client.POST('/subscription', { body }));
}

/** POST /subscription/sandbox/{txid}/pay: the sandbox gateway pays a pending charge, as a bank would (503 off the sandbox). */
export function useSandboxPay() {
  return useApiMutation((client, txid: string) => client.POST('/subscription/sandbox/{txid}/pay', { params: { path: { txid } } }));
}

/**
 * Listens to `company-{id}-payment` (a Pix charge paid, `{ action: 'CONCLUIDA', invoice, company }`) while mounted and
 * runs `handler` (the checkout's renewal toast). The server sends the paid invoice and the company on their own
 * channels first; the provider's realtime cache takes those (the lists, and the session's company with its new due
 * date). The handler may change on every render.
 */
export function usePaymentEvent(handler: (event: PaymentEvent) => void): void {
  useSocketEvent('payment', (event) => {
    if (event?.action !== 'CONCLUIDA') return;
    handler(event);
  });
}
