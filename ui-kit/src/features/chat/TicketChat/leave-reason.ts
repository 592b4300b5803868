/** Why the conversation asks its host to go back to the ticket list. */
export type LeaveReason = 'closed' | 'returned' | 'transferred' | 'deleted' | 'forbidden';
