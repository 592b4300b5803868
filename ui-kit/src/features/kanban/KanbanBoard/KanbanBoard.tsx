import { useState } from 'react';
import { useAddTicketTag, useKanbanTickets, useRemoveKanbanTags } from '../data/kanban';
import { useMe } from '../../../provider/session-queries';
import { useKanbanTags } from '../data/tags';
import { useT } from '../../../i18n';
import { EmptyState } from '../../../primitives/EmptyState/EmptyState';
import { useToast } from '../../../primitives/Toast/Toast';
import { useSession } from '../../../provider/context';
import { buildLanes, moveSteps, type KanbanTicket, type LaneId } from '../kanban-rules';
import { KanbanBoardView } from '../KanbanBoardView/KanbanBoardView';

/** Back-office §1: toasts in these areas close after 3 seconds. */
export const KANBAN_TOAST_MS = 3000;

export interface KanbanBoardProps {
  /** 'Ver Ticket': the host shows the ticket (the console goes to /tickets/{uuid}). */
  onOpenTicket: (uuid: string) => void;
  className?: string;
}

/**
 * The connected kanban board (back-office §2, §4, §6): GET /tags/kanban for the lanes and GET /ticket/kanban for
 * the tickets of the user's own queues; a move calls DELETE /ticket-tags/{ticketId} ('Ticket Tag Removido!') and,
 * for a tag lane, PUT /ticket-tags/{ticketId}/{tagId} ('Ticket Tag Adicionado com Sucesso!'). Live: another user's
 * move reaches the board through the ticket events. Shown only when the company's plan has useKanban.
 */
export function KanbanBoard({ onOpenTicket, className }: KanbanBoardProps) {
  const t = useT();
  const toast = useToast();
  const { user } = useSession();
  const me = useMe();
  const features = me.data?.features ?? user?.features;
  const enabled = Boolean(features?.useKanban);
  // Spec §6: the tickets of the user's own queues (a user without queues leaves the choice to the API).
  const queueIds = user?.queues.length ? user.queues.map((q) => q.id) : undefined;
  const tags = useKanbanTags({ enabled });
  const tickets = useKanbanTickets({ queueIds }, { enabled });
  const remove = useRemoveKanbanTags();
  const add = useAddTicketTag();
  const [moving, setMoving] = useState<ReadonlyMap<number, LaneId>>(new Map());

  if (features && !enabled) {
    return (
      <EmptyState icon="info" title={t('kanban.unavailable')} className={className ? `atd-KanbanBoard-message ${className}` : 'atd-KanbanBoard-message'} />
    );
  }
  if (tags.isError || tickets.isError) {
    return <EmptyState icon="info" title={t('kanban.loadError')} className={className ? `atd-KanbanBoard-message ${className}` : 'atd-KanbanBoard-message'} />;
  }

  const kanbanTags = tags.data ?? [];
  const lanes = tags.data && tickets.data ? buildLanes(tickets.data, kanbanTags, moving) : undefined;

  const move = async (ticket: KanbanTicket, to: LaneId) => {
    const steps = moveSteps(ticket, to, kanbanTags);
    if (!steps) return;
    setMoving((m) => new Map(m).set(ticket.id, to));
    try {
      if (steps.remove) {
        await remove.mutateAsync(ticket.id);
        toast.success(t('kanban.tagRemoved'), { timeout: KANBAN_TOAST_MS });
      }
      if (steps.addTagId !== null) {
        await add.mutateAsync({ ticketId: ticket.id, tagId: steps.addTagId });
        toast.success(t('kanban.tagAdded'), { timeout: KANBAN_TOAST_MS });
      }
    } catch (err) {
      toast.toastError(err, { timeout: KANBAN_TOAST_MS });
    } finally {
      setMoving((m) => {
        const next = new Map(m);
        next.delete(ticket.id);
        return next;
      });
    }
  };

  return <KanbanBoardView lanes={lanes} onMove={move} onOpenTicket={onOpenTicket} movingTicketIds={new Set(moving.keys())} className={className} />;
}
