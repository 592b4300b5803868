// @atende/ui-kit/tickets: the ticket manager and its lists, the new-ticket and transfer modals, the ticket data hooks.
export * from './features/tickets';
