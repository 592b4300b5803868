import { describe, expect, it } from 'vitest';
import { sessionUser } from '../../../test/provider-fakes';
import { sampleUsers } from './story-data';
import {
  NO_CONNECTION,
  changedPasswordRule,
  externalIdRule,
  formValuesOf,
  isPlanFull,
  newPasswordRule,
  planUsageOf,
  sortedQueues,
  userBody,
  userEmailRule,
  userNameRule,
  userPermissions,
  type UserPermissions,
} from './user-rules';

const ADMIN: UserPermissions = userPermissions({
  permissions: ['users:read', 'users:write', 'user-modal:editProfile', 'user-modal:editQueues'],
});
const SUPERVISOR: UserPermissions = userPermissions({ permissions: ['users:read', 'user-modal:editQueues'] });

describe('user rules', () => {
  it('reads the permissions of spec §6: users:write adds and deletes, editProfile and editQueues gate their fields', () => {
    expect(ADMIN).toEqual({ canAdd: true, canDelete: true, canEdit: true, canEditAccount: true, canEditProfile: true, canEditQueues: true });
    expect(SUPERVISOR).toEqual({ canAdd: false, canDelete: false, canEdit: true, canEditAccount: false, canEditProfile: false, canEditQueues: true });
    expect(userPermissions({ permissions: ['users:read'] })).toEqual({
      canAdd: false,
      canDelete: false,
      canEdit: false,
      canEditAccount: false,
      canEditProfile: false,
      canEditQueues: false,
    });
    expect(userPermissions(undefined).canEdit).toBe(false);
  });

  it('validates spec §5: name 2-50, password 5-50 (optional on edit), a valid e-mail', () => {
    expect(userNameRule('')).toBe('validation.requiredShort');
    expect(userNameRule('   ')).toBe('validation.requiredShort');
    expect(userNameRule(' A ')).toBe('validation.tooShort');
    expect(userNameRule('x'.repeat(51))).toBe('validation.tooLong');
    expect(userNameRule('Jo')).toBe(true);
    expect(newPasswordRule('')).toBe('validation.requiredShort');
    expect(newPasswordRule('1234')).toBe('validation.tooShort');
    expect(newPasswordRule('x'.repeat(51))).toBe('validation.tooLong');
    expect(newPasswordRule('12345')).toBe(true);
    expect(changedPasswordRule('')).toBe(true);
    expect(changedPasswordRule('1234')).toBe('validation.tooShort');
    expect(userEmailRule('')).toBe('validation.requiredShort');
    expect(userEmailRule('maria@')).toBe('validation.invalidEmail');
    expect(userEmailRule('maria@empresa.com.br')).toBe(true);
  });

  it("starts a new user on the API's defaults, and an edit on the user's values", () => {
    expect(formValuesOf()).toEqual({
      name: '',
      email: '',
      password: '',
      profile: 'user',
      queueIds: [],
      whatsappId: NO_CONNECTION,
      createTicket: 'habilitado',
      viewAllMessageTicket: 'desabilitado',
      automaticDistribution: 'desabilitado',
      externalId: '',
    });
    expect(formValuesOf(sampleUsers[0])).toEqual({
      name: 'Ana Administradora',
      email: 'ana@empresa.com.br',
      password: '',
      profile: 'admin',
      queueIds: ['1', '2'],
      whatsappId: '1',
      createTicket: 'habilitado',
      viewAllMessageTicket: 'habilitado',
      automaticDistribution: 'desabilitado',
      externalId: '',
    });
    expect(formValuesOf({ ...sampleUsers[0], externalId: 'crm-4711' }).externalId).toBe('crm-4711');
  });

  it('sends only what the signed-in user may set: ids as numbers, no connection as null, an empty password left out on edit', () => {
    const values = { ...formValuesOf(sampleUsers[2]), name: ' Carla  ', password: '' };
    expect(userBody(values, 'update', ADMIN)).toEqual({
      name: 'Carla',
      email: 'carla@empresa.com.br',
      profile: 'user',
      whatsappId: 2,
      createTicket: 'habilitado',
      viewAllMessageTicket: 'desabilitado',
      automaticDistribution: 'desabilitado',
      externalId: null,
      queueIds: [1, 2, 3],
    });
    expect(userBody({ ...values, whatsappId: NO_CONNECTION, password: 'nova123' }, 'update', ADMIN)).toMatchObject({ whatsappId: null, password: 'nova123' });
    // The external id: trimmed, empty as null; only with user-modal:editProfile.
    expect(userBody({ ...values, externalId: ' crm-4711 ' }, 'update', ADMIN)).toMatchObject({ externalId: 'crm-4711' });
    expect(userBody({ ...values, externalId: '   ' }, 'update', ADMIN)).toMatchObject({ externalId: null });
    expect(userBody({ ...values, externalId: 'crm-4711' }, 'update', SUPERVISOR)).not.toHaveProperty('externalId');
    expect(externalIdRule('x'.repeat(256))).toBe('validation.tooLong');
    expect(externalIdRule('')).toBe(true);
    // A supervisor changes queues only; on their own user, also their name, e-mail and password.
    expect(userBody(values, 'update', SUPERVISOR)).toEqual({ queueIds: [1, 2, 3] });
    expect(userBody({ ...values, password: 'nova123' }, 'update', SUPERVISOR, true)).toEqual({
      name: 'Carla',
      email: 'carla@empresa.com.br',
      password: 'nova123',
      queueIds: [1, 2, 3],
    });
    expect(userBody({ ...formValuesOf(), name: 'Novo', email: 'novo@x.com', password: '12345' }, 'create', ADMIN)).toEqual({
      name: 'Novo',
      email: 'novo@x.com',
      password: '12345',
      profile: 'user',
      whatsappId: null,
      createTicket: 'habilitado',
      viewAllMessageTicket: 'desabilitado',
      automaticDistribution: 'desabilitado',
      externalId: null,
      queueIds: [],
    });
  });

  it("sorts a user's queues in the company's order, by name when it is unknown", () => {
    const queues = [
      { id: 3, name: 'Financeiro' },
      { id: 1, name: 'Suporte' },
      { id: 2, name: 'Vendas' },
    ];
    expect(sortedQueues(queues).map((q) => q.name)).toEqual(['Financeiro', 'Suporte', 'Vendas']);
    expect(sortedQueues(queues, [{ id: 1 }, { id: 2 }, { id: 3 }]).map((q) => q.name)).toEqual(['Suporte', 'Vendas', 'Financeiro']);
  });

  it("reads the plan's user limit from the session; full once the company's users reach it", () => {
    const plan = { id: 1, name: 'Básico', users: 3 } as NonNullable<ReturnType<typeof sessionUser>['company']>['plan'];
    const me = sessionUser({ company: { id: 3, name: 'Empresa', plan } as ReturnType<typeof sessionUser>['company'] });
    expect(planUsageOf(me, 2)).toEqual({ plan: 'Básico', limit: 3, used: 2 });
    expect(isPlanFull(planUsageOf(me, 2))).toBe(false);
    expect(isPlanFull(planUsageOf(me, 3))).toBe(true);
    expect(isPlanFull(planUsageOf(me))).toBe(false);
    expect(planUsageOf(sessionUser(), 5)).toBeNull();
  });
});
