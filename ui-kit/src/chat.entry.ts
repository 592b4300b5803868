// @atende/ui-kit/chat: one ticket's conversation (TicketChat: header, history, composer, contact drawer) and its parts.
export * from './features/chat';
