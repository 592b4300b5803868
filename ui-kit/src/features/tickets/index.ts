// The ticket manager: tabs, lists, list items, the new-ticket and transfer modals, and the attendance rules.
export * from './ticket-rules';
export { formatTicketTime, truncateName, LIST_NAME_MAX } from './ticket-format';
export { useTicketStatusActions, statusPayloads, type TicketStatusActions } from './use-ticket-status-actions';
export { TicketListItem, type TicketListItemProps } from './TicketListItem/TicketListItem';
export { TicketListView, LOAD_MORE_THRESHOLD_PX, type TicketListViewProps } from './TicketListView/TicketListView';
export { TicketList, ticketListFilters, type TicketListProps, type TicketListFilters, type TicketStatus } from './TicketList/TicketList';
export {
  TicketsManagerView,
  NO_QUEUE,
  type TicketsManagerViewProps,
  type ManagerTab,
  type ManagerSubTab,
  type ManagerList,
  type NamedOption,
} from './TicketsManagerView/TicketsManagerView';
export { TicketsManager, type TicketsManagerProps } from './TicketsManager/TicketsManager';
export { NewTicketModal, numberRule, type NewTicketModalProps } from './NewTicketModal/NewTicketModal';
export { TransferTicketModal, transferPayload, type TransferTicketModalProps } from './TransferTicketModal/TransferTicketModal';
export {
  ticketQuery,
  useCreateTicket,
  useDeleteTicket,
  useTicket,
  useTicketByUuid,
  useTicketMarks,
  useTickets,
  useUpdateTicket,
  useUpdateTicketMark,
  type TicketListData,
} from './data/tickets';
export { putTicketMark } from './data/ticket-marks';
export { ticketsRealtime } from './data/realtime';
