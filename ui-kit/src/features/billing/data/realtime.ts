import type { RealtimeModule } from '../../../data/realtime';
import { writeInvoice } from './invoice-cache';

/** What the `invoice` channel's events do to the invoices' queries. */
export const billingRealtime: RealtimeModule = {
  invoice: (event, { queryClient }) => writeInvoice(queryClient, event.invoice, event.action),
};
