import { PushCandidate, recipientsOf } from './push-recipients';

const user = (id: number, extra: Partial<PushCandidate> = {}): PushCandidate => ({
  id,
  profile: 'user',
  super: false,
  allTicket: 'disabled',
  queueIds: [],
  ...extra,
});

describe('push recipients (the desktop notifications rule)', () => {
  const attendant = user(1, { queueIds: [10] });
  const colleague = user(2, { queueIds: [10] });
  const watcher = user(3, { queueIds: [10], allTicket: 'enabled' });
  const admin = user(4, { profile: 'admin' });
  const adminAll = user(5, { profile: 'supervisor', allTicket: 'enabled' });
  const outsider = user(6, { queueIds: [20], allTicket: 'enabled' });
  const all = [attendant, colleague, watcher, admin, adminAll, outsider];

  it("an attended ticket: its attendant, and those who see it with allTicket 'enabled'", () => {
    expect(recipientsOf({ id: 1, userId: 1, queueId: 10 }, all)).toEqual([1, 3, 5]);
  });

  it('a pending ticket of a queue: its queue users and the showall holders', () => {
    expect(recipientsOf({ id: 1, userId: null, queueId: 10 }, all)).toEqual([1, 2, 3, 4, 5]);
  });

  it('a pending ticket without a queue: the showall holders only', () => {
    expect(recipientsOf({ id: 1, userId: null, queueId: null }, all)).toEqual([4, 5]);
  });
});
