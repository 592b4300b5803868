import type { Schema } from '../../client';

export type KanbanTicket = Schema<'TicketDto'>;
export type KanbanTag = Pick<Schema<'TagDto'>, 'id' | 'name' | 'color'>;

/** The lane of the tickets without a kanban tag ('Em aberto'). */
export const OPEN_LANE = 'open';
/** A lane's id: OPEN_LANE, or `tag-{id}` for a kanban tag's lane. */
export type LaneId = string;
export const tagLane = (tagId: number): LaneId => `tag-${tagId}`;

export interface Lane {
  id: LaneId;
  /** The tag behind the lane (none for 'Em aberto'). */
  tag: KanbanTag | null;
  tickets: KanbanTicket[];
}

/** The ids of the kanban tags a ticket carries (its lanes), in the board's lane order. */
export function kanbanTagIdsOf(ticket: Pick<KanbanTicket, 'tags'>, kanbanTags: readonly KanbanTag[]): number[] {
  return kanbanTags.filter((tag) => ticket.tags.some((t) => t.id === tag.id)).map((tag) => tag.id);
}

/**
 * Back-office §2: one lane 'Em aberto' plus one lane per kanban tag (in the API's order). A ticket sits in the lane
 * of each kanban tag it carries, or in 'Em aberto' when it carries none (its other tags are not lanes). `moving`
 * places a ticket whose move is under way in its destination lane already.
 */
export function buildLanes(tickets: readonly KanbanTicket[], kanbanTags: readonly KanbanTag[], moving: ReadonlyMap<number, LaneId> = new Map()): Lane[] {
  const lanes: Lane[] = [{ id: OPEN_LANE, tag: null, tickets: [] }, ...kanbanTags.map((tag) => ({ id: tagLane(tag.id), tag, tickets: [] as KanbanTicket[] }))];
  const byId = new Map(lanes.map((lane) => [lane.id, lane]));
  for (const ticket of tickets) {
    const pending = moving.get(ticket.id);
    const ids = pending !== undefined ? [pending] : kanbanTagIdsOf(ticket, kanbanTags).map(tagLane);
    for (const id of ids.length ? ids : [OPEN_LANE]) byId.get(id)?.tickets.push(ticket);
  }
  return lanes;
}

/** The calls of a move (back-office §4 Kanban): remove the old kanban tag links, then add the new lane's tag. */
export interface MoveSteps {
  /** DELETE /ticket-tags/{ticketId}: the ticket carries a kanban tag to leave. */
  remove: boolean;
  /** PUT /ticket-tags/{ticketId}/{tagId}: the new lane's tag (null for 'Em aberto', which only removes). */
  addTagId: number | null;
}

/** What moving `ticket` to lane `to` calls; null when the ticket is already there alone (nothing to do). */
export function moveSteps(ticket: Pick<KanbanTicket, 'tags'>, to: LaneId, kanbanTags: readonly KanbanTag[]): MoveSteps | null {
  const carried = kanbanTagIdsOf(ticket, kanbanTags);
  if (to === OPEN_LANE) return carried.length ? { remove: true, addTagId: null } : null;
  const target = kanbanTags.find((tag) => tagLane(tag.id) === to);
  if (!target) return null;
  if (carried.length === 1 && carried[0] === target.id) return null;
  return { remove: carried.length > 0, addTagId: target.id };
}
