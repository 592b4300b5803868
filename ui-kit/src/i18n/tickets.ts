/**
 * Texts of the ticket manager (tabs, lists, list items, new-ticket and transfer modals) and ticket notifications (features/tickets).
 * Merged into the pt/en/es tables by pt.ts, en.ts and es.ts. pt is the source; en and es must have the same keys.
 */
export const ticketsPt = {
  'tickets.placeholder': '',
};

export type TicketsMessages = Record<keyof typeof ticketsPt, string>;

export const ticketsEn: TicketsMessages = {
  'tickets.placeholder': '',
};

export const ticketsEs: TicketsMessages = {
  'tickets.placeholder': '',
};
