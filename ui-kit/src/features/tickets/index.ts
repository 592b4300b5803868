// The ticket manager: tabs, lists, list items, the new-ticket and transfer modals, and the attendance rules.
export * from './ticket-rules';
