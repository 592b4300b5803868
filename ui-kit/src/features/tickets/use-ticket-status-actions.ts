import { useCallback, useMemo } from 'react';
import type { Schema } from '../../client';
import { useUpdateTicket } from './data/tickets';
import { useToast } from '../../primitives/Toast/Toast';
import { useSession } from '../../provider/context';
import type { Ticket } from './ticket-rules';

type UpdateTicket = Schema<'UpdateTicketDto'>;

export interface TicketStatusActions {
  /** pending -> open, assigned to the signed-in user. */
  accept: (ticket: Ticket) => Promise<Ticket | undefined>;
  /** open -> pending, no user. */
  returnToPending: (ticket: Ticket) => Promise<Ticket | undefined>;
  /** open or pending -> closed by the signed-in user, keeping the queue; integration and prompt cleared. */
  close: (ticket: Ticket) => Promise<Ticket | undefined>;
  /** closed -> open, assigned to the signed-in user, keeping the queue. */
  reopen: (ticket: Ticket) => Promise<Ticket | undefined>;
  /** A change is on its way. */
  isPending: boolean;
}

/** The PUT /tickets/{id} bodies of the status transitions (spec §4 and §7). */
export const statusPayloads = {
  accept: (_ticket: Pick<Ticket, 'queueId'>, userId: number): UpdateTicket => ({ status: 'open', userId }),
  returnToPending: (): UpdateTicket => ({ status: 'pending', userId: null }),
  close: (ticket: Pick<Ticket, 'queueId'>, userId: number): UpdateTicket => ({
    status: 'closed',
    userId,
    queueId: ticket.queueId ?? null,
    useIntegration: false,
    promptId: null,
    integrationId: null,
  }),
  reopen: (ticket: Pick<Ticket, 'queueId'>, userId: number): UpdateTicket => ({ status: 'open', userId, queueId: ticket.queueId ?? null }),
};

/**
 * Accept, return, close and reopen a ticket (the list item's buttons and the conversation header's). Each answers
 * the updated ticket (the cache already holds it, so lists move it at once), or undefined when the call failed:
 * the error was then shown as a toast (its code translated, spec §8).
 */
export function useTicketStatusActions(): TicketStatusActions {
  const update = useUpdateTicket();
  const toast = useToast();
  const { user } = useSession();
  const userId = user?.id;
  const { mutateAsync } = update;

  const run = useCallback(
    async (ticket: Ticket, body: UpdateTicket): Promise<Ticket | undefined> => {
      try {
        return await mutateAsync({ id: ticket.id, body });
      } catch (err) {
        toast.toastError(err);
        return undefined;
      }
    },
    [mutateAsync, toast],
  );

  return useMemo(() => {
    const me = userId ?? 0;
    return {
      accept: (ticket) => run(ticket, statusPayloads.accept(ticket, me)),
      returnToPending: (ticket) => run(ticket, statusPayloads.returnToPending()),
      close: (ticket) => run(ticket, statusPayloads.close(ticket, me)),
      reopen: (ticket) => run(ticket, statusPayloads.reopen(ticket, me)),
      isPending: update.isPending,
    } satisfies TicketStatusActions;
  }, [run, userId, update.isPending]);
}
