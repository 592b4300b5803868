import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { fn } from 'storybook/test';
import { buildLanes, moveSteps, type KanbanTag, type KanbanTicket, type LaneId } from '../kanban-rules';
import { KanbanBoardView } from './KanbanBoardView';

const AT = '2026-01-01T00:00:00.000Z';
const lead: KanbanTag = { id: 1, name: 'Lead', color: '#7C4DFF' };
const proposal: KanbanTag = { id: 2, name: 'Proposta enviada', color: '#F9A825' };
const won: KanbanTag = { id: 3, name: 'Ganho', color: '#2E7D32' };
const tags = [lead, proposal, won];

const ticket = (id: number, name: string, number: string, lastMessage: string | null, laneTags: KanbanTag[] = []): KanbanTicket => ({
  id,
  uuid: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
  companyId: 3,
  status: 'open',
  contactId: id,
  contact: { id, companyId: 3, name, number, email: '', isGroup: false, extraInfo: [], createdAt: AT, updatedAt: AT },
  isGroup: false,
  unreadMessages: 0,
  lastMessage,
  chatbot: false,
  useIntegration: false,
  tags: laneTags,
  createdAt: AT,
  updatedAt: AT,
});

const tickets = [
  ticket(101, 'Maria Souza', '5511999990001', 'Bom dia, quero um orçamento'),
  ticket(102, 'João Lima', '5511999990002', null),
  ticket(103, 'Ana Paula Ferreira de Albuquerque', '5521988887777', 'Pode me mandar o catálogo completo com os preços atualizados?', [lead]),
  ticket(104, 'Carlos', '5531977776666', 'Ok, aguardo', [proposal]),
  ticket(105, 'Beatriz', '5541966665555', 'Fechado! Pode emitir a nota.', [won]),
];

/** The board with moves applied locally (the connected KanbanBoard calls the API instead). */
function LocalBoard({ onOpenTicket }: { onOpenTicket: (uuid: string) => void }) {
  const [list, setList] = useState(tickets);
  const move = (moved: KanbanTicket, to: LaneId) => {
    const steps = moveSteps(moved, to, tags);
    if (!steps) return;
    const kept = steps.remove ? moved.tags.filter((t) => !tags.some((k) => k.id === t.id)) : moved.tags;
    const added = tags.find((t) => t.id === steps.addTagId);
    setList((all) => all.map((t) => (t.id === moved.id ? { ...t, tags: added ? [...kept, added] : kept } : t)));
  };
  return <KanbanBoardView lanes={buildLanes(list, tags)} onMove={move} onOpenTicket={onOpenTicket} />;
}

const meta = {
  title: 'Kanban/KanbanBoard',
  component: KanbanBoardView,
  args: { lanes: buildLanes(tickets, tags), onMove: fn(), onOpenTicket: fn() },
  decorators: [
    (Story) => (
      <div style={{ height: 560 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof KanbanBoardView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** 'Em aberto' plus a lane per kanban tag; drag a card by its handle (or Enter on it, Tab to a lane, Enter), or use its menu. */
export const Board: Story = { render: (args) => <LocalBoard onOpenTicket={args.onOpenTicket} /> };
/** A move under way: the card is marked busy in its new lane. */
export const Moving: Story = { args: { lanes: buildLanes(tickets, tags, new Map([[101, 'tag-3']])), movingTicketIds: new Set([101]) } };
/** No kanban tags yet: only 'Em aberto'. */
export const OnlyOpenLane: Story = { args: { lanes: buildLanes(tickets.slice(0, 2), []) } };
export const EmptyLanes: Story = { args: { lanes: buildLanes([], tags) } };
export const Loading: Story = { args: { lanes: undefined } };
