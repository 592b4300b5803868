import { describe, expect, it } from 'vitest';
import { ticketDto } from '../../test/data-fixtures';
import { OPEN_LANE, buildLanes, moveSteps, tagLane } from './kanban-rules';

const lead = { id: 1, name: 'Lead', color: '#ff0000' };
const won = { id: 2, name: 'Ganho', color: '#00aa00' };
const vip = { id: 9, name: 'VIP', color: '#0000ff' };
const tagsOf = (...tags: { id: number; name: string; color: string }[]) => tags;

describe('buildLanes', () => {
  it("puts 'Em aberto' first, then a lane per kanban tag in the API's order", () => {
    const lanes = buildLanes([], [lead, won]);
    expect(lanes.map((l) => l.id)).toEqual([OPEN_LANE, tagLane(1), tagLane(2)]);
    expect(lanes[0].tag).toBeNull();
    expect(lanes[1].tag).toEqual(lead);
  });

  it("places a ticket in each kanban tag's lane it carries, else in 'Em aberto' (other tags are not lanes)", () => {
    const plain = ticketDto({ id: 1, tags: [] });
    const onlyVip = ticketDto({ id: 2, tags: tagsOf(vip) });
    const inLead = ticketDto({ id: 3, tags: tagsOf(vip, lead) });
    const inBoth = ticketDto({ id: 4, tags: tagsOf(won, lead) });
    const [open, leadLane, wonLane] = buildLanes([plain, onlyVip, inLead, inBoth], [lead, won]);
    expect(open.tickets.map((t) => t.id)).toEqual([1, 2]);
    expect(leadLane.tickets.map((t) => t.id)).toEqual([3, 4]);
    expect(wonLane.tickets.map((t) => t.id)).toEqual([4]);
  });

  it('shows a ticket whose move is under way in its destination lane only', () => {
    const ticket = ticketDto({ id: 3, tags: tagsOf(lead) });
    const [open, leadLane, wonLane] = buildLanes([ticket], [lead, won], new Map([[3, tagLane(2)]]));
    expect([open.tickets.length, leadLane.tickets.length, wonLane.tickets.map((t) => t.id)]).toEqual([0, 0, [3]]);
  });
});

describe('moveSteps', () => {
  it('from a tag lane to another: removes the old kanban tag, then adds the new lane’s tag', () => {
    expect(moveSteps({ tags: tagsOf(lead, vip) }, tagLane(2), [lead, won])).toEqual({ remove: true, addTagId: 2 });
  });

  it("from 'Em aberto' to a tag lane: nothing to remove, only the add", () => {
    expect(moveSteps({ tags: tagsOf(vip) }, tagLane(1), [lead, won])).toEqual({ remove: false, addTagId: 1 });
  });

  it("to 'Em aberto': only removes", () => {
    expect(moveSteps({ tags: tagsOf(won) }, OPEN_LANE, [lead, won])).toEqual({ remove: true, addTagId: null });
  });

  it('to the lane it is already in alone, or to an unknown lane: nothing', () => {
    expect(moveSteps({ tags: [] }, OPEN_LANE, [lead, won])).toBeNull();
    expect(moveSteps({ tags: tagsOf(lead) }, tagLane(1), [lead, won])).toBeNull();
    expect(moveSteps({ tags: tagsOf(lead) }, tagLane(77), [lead, won])).toBeNull();
  });

  it('a ticket in two lanes moved to one of them keeps only that one', () => {
    expect(moveSteps({ tags: tagsOf(lead, won) }, tagLane(1), [lead, won])).toEqual({ remove: true, addTagId: 1 });
  });
});
