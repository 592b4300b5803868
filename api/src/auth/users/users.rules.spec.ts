import type { Permission } from '../../common/access/permissions';
import { bulkQueueIds, changedFields, endsSessions, refusedOnCreate, refusedOnUpdate, sameIds, UserFields } from './users.rules';

const may =
  (...granted: Permission[]) =>
  (p: Permission) =>
    granted.includes(p);
const admin = may('users:write', 'user-modal:editProfile', 'user-modal:editQueues');
const supervisor = may('user-modal:editQueues');
const plain = may();

const user: UserFields = {
  name: 'Ana',
  email: 'ana@x.io',
  allTicket: 'disabled',
  profile: 'user',
  whatsappId: null,
  createTicket: 'habilitado',
  viewAllMessageTicket: 'desabilitado',
  automaticDistribution: 'desabilitado',
  queueIds: [1, 2],
  super: false,
};

describe('users.rules', () => {
  describe('refusedOnCreate', () => {
    it('lets a plain creator set only the defaults of the profile-like fields, and no queues', () => {
      expect(refusedOnCreate({ profile: 'user', whatsappId: null, createTicket: 'habilitado', queueIds: [] }, plain)).toEqual([]);
      expect(
        refusedOnCreate(
          {
            profile: 'admin',
            whatsappId: 3,
            createTicket: 'desabilitado',
            viewAllMessageTicket: 'habilitado',
            automaticDistribution: 'habilitado',
            queueIds: [1],
          },
          plain,
        ),
      ).toEqual(['profile', 'whatsappId', 'createTicket', 'viewAllMessageTicket', 'automaticDistribution', 'queueIds']);
    });

    it('never grants super, even to an admin; an admin sets everything else', () => {
      expect(refusedOnCreate({ super: true, profile: 'admin', queueIds: [1] }, admin)).toEqual(['super']);
      expect(refusedOnCreate({ profile: 'supervisor', whatsappId: 3, queueIds: [1] }, admin)).toEqual([]);
      expect(refusedOnCreate({ queueIds: [1], profile: 'admin' }, supervisor)).toEqual(['profile']);
    });
  });

  describe('changedFields', () => {
    it('counts a field sent unchanged, and an empty password, as no change; queues in any order are the same', () => {
      const same = changedFields(user, { name: 'Ana', email: 'ana@x.io', password: '', profile: 'user', whatsappId: null, queueIds: [2, 1] });
      expect(Object.values(same).some(Boolean)).toBe(false);
      expect(changedFields({ ...user, whatsappId: undefined }, { whatsappId: null }).whatsappId).toBe(false);
    });

    it('names each field that differs', () => {
      const changed = changedFields(user, { name: 'Bia', password: 'segredo1', queueIds: [1], whatsappId: 3, super: true });
      expect(Object.entries(changed).flatMap(([k, v]) => (v ? [k] : []))).toEqual(['name', 'password', 'whatsappId', 'queueIds', 'super']);
    });
  });

  describe('refusedOnUpdate', () => {
    const all = changedFields(user, {
      name: 'X',
      email: 'x@x.io',
      password: 'segredo1',
      allTicket: 'enabled',
      profile: 'admin',
      whatsappId: 3,
      createTicket: 'desabilitado',
      viewAllMessageTicket: 'habilitado',
      automaticDistribution: 'habilitado',
      externalId: 'crm-1',
      queueIds: [3],
      super: true,
    });

    it('lets a plain user change their own name, e-mail, password and allTicket only', () => {
      expect(refusedOnUpdate(all, true, plain)).toEqual([
        'profile',
        'whatsappId',
        'createTicket',
        'viewAllMessageTicket',
        'automaticDistribution',
        'externalId',
        'queueIds',
        'super',
      ]);
      expect(refusedOnUpdate(all, false, plain)).toEqual(Object.keys(all));
    });

    it("lets a supervisor change queues, not profiles or others' names", () => {
      expect(refusedOnUpdate(changedFields(user, { queueIds: [3] }), false, supervisor)).toEqual([]);
      expect(refusedOnUpdate(changedFields(user, { profile: 'admin' }), true, supervisor)).toEqual(['profile']);
      expect(refusedOnUpdate(changedFields(user, { name: 'Renamed' }), false, supervisor)).toEqual(['name']);
    });

    it('lets an admin change everything but super', () => {
      expect(refusedOnUpdate(all, false, admin)).toEqual(['super']);
    });
  });

  it("ends a user's sessions on a new password or profile only", () => {
    expect(endsSessions({ password: true, profile: false })).toBe(true);
    expect(endsSessions({ password: false, profile: true })).toBe(true);
    expect(endsSessions({ password: false, profile: false })).toBe(false);
  });

  it('adds queues once each, or removes the given ones', () => {
    expect(bulkQueueIds('addQueues', [1, 2], [2, 3])).toEqual([1, 2, 3]);
    expect(bulkQueueIds('removeQueues', [1, 2, 3], [2, 9])).toEqual([1, 3]);
    expect(bulkQueueIds('removeQueues', [], [1])).toEqual([]);
    expect(sameIds([3, 1], [1, 3])).toBe(true);
    expect(sameIds([1, 1], [1])).toBe(false);
  });
});
