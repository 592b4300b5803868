import type { Schema } from '../../../client';
import { useAllTags } from '../../kanban/data/tags';
import { useSyncTicketTags } from '../data/ticket-tags';
import { useToast } from '../../../primitives/Toast/Toast';
import { TicketTagsView } from '../TicketTagsView/TicketTagsView';

export interface TicketTagsProps {
  ticket: Pick<Schema<'TicketDto'>, 'id' | 'tags'>;
}

/**
 * The open ticket's tags, connected: every tag of the company (GET /tags/list) to choose from, POST /tags/sync on each
 * change. The ticket's new copy goes into the lists at once (the row's chips, the search tab's tag filter) and reaches
 * the other attendants through the ticket event; a refusal is toasted.
 */
export function TicketTags({ ticket }: TicketTagsProps) {
  const toast = useToast();
  const tags = useAllTags({ staleTime: 60_000 });
  const sync = useSyncTicketTags();
  const change = (tagIds: number[]) => {
    sync.mutate({ ticketId: ticket.id, tagIds }, { onError: (error) => toast.toastError(error) });
  };
  return <TicketTagsView applied={ticket.tags} options={tags.data ?? []} onChange={change} isPending={sync.isPending} />;
}
