// Where an invoice lives in the query cache (detail, the paginated lists). The `invoice` events and a checkout's
// answer both land here. Apart from the hooks so a runtime that keeps invoices live carries only these writes.
import type { QueryClient } from '@tanstack/react-query';
import type { components } from '../../../client';
import { setDetail, writePaged, type WriteKind } from '../../../data/cache-writes';
import { atendeKeys } from '../../../data/query-keys';

type Schemas = components['schemas'];

/** The invoices' order (GET /invoices/all): newest due date first (`YYYY-MM-DD` sorts as text), then newest id. */
export function byInvoiceDue(a: Schemas['InvoiceDto'], b: Schemas['InvoiceDto']): number {
  return b.dueDate.localeCompare(a.dueDate) || b.id - a.id;
}

/**
 * An issued, repriced or paid invoice (the `invoice` event, a checkout's answer): its detail when fetched, and every
 * invoice list. An unsearched list takes it in its place (a new invoice, due last, goes to the top); a searched list
 * replaces its copy and, for a new one, is marked stale.
 */
export function writeInvoice(queryClient: QueryClient, invoice: Schemas['InvoiceDto'], kind: WriteKind = 'update'): void {
  setDetail<Schemas['InvoiceDto']>(queryClient, atendeKeys.invoices.detail(invoice.id), () => invoice);
  writePaged<Schemas['InvoicePageDto'], 'invoices'>(queryClient, atendeKeys.invoices.lists(), 'invoices', invoice, byInvoiceDue, kind);
}
