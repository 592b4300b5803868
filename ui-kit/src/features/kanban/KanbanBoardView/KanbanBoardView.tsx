import { useId, useRef } from 'react';
import { Button as AriaButton, GridList, GridListItem, useDragAndDrop, type DropItem } from 'react-aria-components';
import { useT } from '../../../i18n';
import { Button } from '../../../primitives/Button/Button';
import { Chip } from '../../../primitives/Chip/Chip';
import { EmptyState } from '../../../primitives/EmptyState/EmptyState';
import { IconButton } from '../../../primitives/IconButton/IconButton';
import { Menu, MenuItem, MenuTrigger } from '../../../primitives/Menu/Menu';
import { Spinner } from '../../../primitives/Spinner/Spinner';
import { OPEN_LANE, type KanbanTicket, type Lane, type LaneId } from '../kanban-rules';

/** The drag data of a card: the ticket and the lane it leaves. */
export const KANBAN_DRAG_TYPE = 'application/x-atende-kanban-ticket';
type DragPayload = { ticketId: number; from: LaneId };

export interface KanbanBoardViewProps {
  /** The lanes ('Em aberto' first); undefined while loading. */
  lanes: Lane[] | undefined;
  /** A card dropped on, or sent by its menu to, another lane. The board focuses the card in its new lane after. */
  onMove: (ticket: KanbanTicket, to: LaneId) => void | Promise<void>;
  /** 'Ver Ticket': the host opens /tickets/{uuid} (or its own ticket screen). */
  onOpenTicket: (uuid: string) => void;
  /** Tickets whose move is under way: their cards are marked busy. */
  movingTicketIds?: ReadonlySet<number>;
  className?: string;
}

/**
 * The kanban board (back-office §2): a lane per column, cards with ticket number, contact, number, last message and
 * 'Ver Ticket'. A card moves by pointer or keyboard drag and drop (react-aria: focus the card's handle, Enter, Tab
 * to a lane, Enter), or by its 'Mover para…' menu.
 */
export function KanbanBoardView({ lanes, onMove, onOpenTicket, movingTicketIds, className }: KanbanBoardViewProps) {
  const t = useT();
  const boardRef = useRef<HTMLDivElement>(null);
  if (!lanes) {
    return (
      <div className={className ? `atd-Kanban ${className}` : 'atd-Kanban'} data-loading="true">
        <Spinner showLabel />
      </div>
    );
  }

  const ticketsById = new Map(lanes.flatMap((lane) => lane.tickets.map((ticket) => [ticket.id, ticket] as const)));
  const laneTitle = (lane: Lane) => lane.tag?.name ?? t('kanban.openLane');
  const move = async (ticket: KanbanTicket, to: LaneId) => {
    await onMove(ticket, to);
    // The card was re-rendered in its new lane: keyboard focus follows it there.
    requestAnimationFrame(() => {
      const card = boardRef.current?.querySelector<HTMLElement>(`[data-lane="${to}"] [data-ticket-id="${ticket.id}"]`);
      card?.focus();
    });
  };

  return (
    <div ref={boardRef} className={className ? `atd-Kanban ${className}` : 'atd-Kanban'}>
      {lanes.map((lane) => (
        <KanbanLane
          key={lane.id}
          lane={lane}
          title={laneTitle(lane)}
          targets={lanes.filter((other) => other.id !== lane.id).map((other) => ({ id: other.id, title: laneTitle(other) }))}
          onMove={move}
          onOpenTicket={onOpenTicket}
          movingTicketIds={movingTicketIds}
          findTicket={(id) => ticketsById.get(id)}
        />
      ))}
    </div>
  );
}

interface KanbanLaneProps {
  lane: Lane;
  title: string;
  targets: { id: LaneId; title: string }[];
  onMove: (ticket: KanbanTicket, to: LaneId) => Promise<void>;
  onOpenTicket: (uuid: string) => void;
  movingTicketIds?: ReadonlySet<number>;
  /** A dropped card's ticket (the drop carries its id; it comes from another lane). */
  findTicket: (id: number) => KanbanTicket | undefined;
}

async function readPayloads(items: DropItem[]): Promise<DragPayload[]> {
  const payloads: DragPayload[] = [];
  for (const item of items) {
    if (item.kind !== 'text' || !item.types.has(KANBAN_DRAG_TYPE)) continue;
    try {
      const payload = JSON.parse(await item.getText(KANBAN_DRAG_TYPE)) as DragPayload;
      if (typeof payload.ticketId === 'number' && typeof payload.from === 'string') payloads.push(payload);
    } catch {
      // Not a card of this board.
    }
  }
  return payloads;
}

function KanbanLane({ lane, title, targets, onMove, onOpenTicket, movingTicketIds, findTicket }: KanbanLaneProps) {
  const t = useT();
  const headingId = useId();
  const drop = async (items: DropItem[]) => {
    for (const payload of await readPayloads(items)) {
      if (payload.from === lane.id) continue;
      const ticket = findTicket(payload.ticketId);
      if (ticket) await onMove(ticket, lane.id);
    }
  };
  const { dragAndDropHooks } = useDragAndDrop<KanbanTicket>({
    getItems: (keys) =>
      [...keys].map((key) => ({
        [KANBAN_DRAG_TYPE]: JSON.stringify({ ticketId: Number(key), from: lane.id } satisfies DragPayload),
        'text/plain': t('kanban.ticketNumber', { id: String(key) }),
      })),
    getAllowedDropOperations: () => ['move'],
    acceptedDragTypes: [KANBAN_DRAG_TYPE],
    getDropOperation: () => 'move',
    // The whole lane is the one drop target: the lane decides the tag, the order is the API's.
    onRootDrop: ({ items }) => void drop(items),
  });

  return (
    <section className="atd-KanbanLane" data-lane={lane.id} data-open={lane.id === OPEN_LANE || undefined} aria-labelledby={headingId}>
      <header className="atd-KanbanLane-header">
        <h2 id={headingId} className="atd-KanbanLane-title">
          {lane.tag ? <Chip color={lane.tag.color}>{title}</Chip> : <span className="atd-KanbanLane-openTitle">{title}</span>}
        </h2>
        <span className="atd-KanbanLane-count">{lane.tickets.length}</span>
      </header>
      <GridList
        aria-label={t('kanban.lane', { name: title, count: lane.tickets.length })}
        className="atd-KanbanLane-cards"
        dragAndDropHooks={dragAndDropHooks}
        renderEmptyState={() => <EmptyState icon="inbox" title={t('kanban.emptyLane')} className="atd-KanbanLane-empty" />}
      >
        {/* Mapped children, not `items`: a GridList caches an item's render by its object, and a card also depends
            on the move state and the lane names. */}
        {lane.tickets.map((ticket) => (
          <KanbanCard
            key={ticket.id}
            ticket={ticket}
            laneId={lane.id}
            targets={targets}
            busy={movingTicketIds?.has(ticket.id) ?? false}
            onMove={(to) => void onMove(ticket, to)}
            onOpenTicket={onOpenTicket}
          />
        ))}
      </GridList>
    </section>
  );
}

interface KanbanCardProps {
  ticket: KanbanTicket;
  laneId: LaneId;
  targets: { id: LaneId; title: string }[];
  busy: boolean;
  onMove: (to: LaneId) => void;
  onOpenTicket: (uuid: string) => void;
}

function KanbanCard({ ticket, laneId, targets, busy, onMove, onOpenTicket }: KanbanCardProps) {
  const t = useT();
  const number = t('kanban.ticketNumber', { id: ticket.id });
  return (
    <GridListItem
      id={ticket.id}
      textValue={`${number} ${ticket.contact.name}`}
      className="atd-KanbanCard"
      data-ticket-id={ticket.id}
      data-lane={laneId}
      data-busy={busy || undefined}
    >
      <div className="atd-KanbanCard-head">
        <AriaButton slot="drag" className="atd-KanbanCard-handle" aria-label={t('kanban.dragHandle', { id: ticket.id })}>
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            <path
              fill="currentColor"
              d="M9 5a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0zm0 7a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0zm0 7a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0zm9-14a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0zm0 7a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0zm0 7a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0z"
            />
          </svg>
        </AriaButton>
        <span className="atd-KanbanCard-number">{number}</span>
        <MenuTrigger>
          <IconButton icon="more" size="sm" aria-label={t('kanban.moveToLabel', { id: ticket.id })} isDisabled={busy} />
          <Menu aria-label={t('kanban.moveTo')} onAction={(key) => onMove(String(key))} items={targets}>
            {(target) => <MenuItem id={target.id}>{target.title}</MenuItem>}
          </Menu>
        </MenuTrigger>
      </div>
      <p className="atd-KanbanCard-name">{ticket.contact.name}</p>
      <p className="atd-KanbanCard-phone">{ticket.contact.number}</p>
      <p className="atd-KanbanCard-last" data-empty={ticket.lastMessage ? undefined : true}>
        {ticket.lastMessage || t('kanban.noLastMessage')}
      </p>
      <Button variant="secondary" className="atd-KanbanCard-open" onPress={() => onOpenTicket(ticket.uuid)}>
        {t('kanban.viewTicket')}
      </Button>
    </GridListItem>
  );
}
