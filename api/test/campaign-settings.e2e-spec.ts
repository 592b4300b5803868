import { CampaignSettings } from '../src/campaign/campaign-settings/campaign-settings.entity';
import { CampaignSettingsService } from '../src/campaign/campaign-settings/campaign-settings.service';
import { GREATER_INTERVAL_OPTIONS, LONGER_INTERVAL_AFTER_OPTIONS, MESSAGE_INTERVAL_OPTIONS } from '../src/campaign/campaign-settings/campaign-intervals';
import { createTestApp, TestApp } from './harness';
import { createTenant } from './factories';

const fieldsOf = (body: { fields?: { field: string; messages: string[] }[] }) => Object.fromEntries((body.fields ?? []).map((f) => [f.field, f.messages]));
const DEFAULTS = { messageInterval: 20, longerIntervalAfter: 20, greaterInterval: 60, variables: [] };

describe('campaign settings', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  type Tenant = Awaited<ReturnType<typeof createTenant>>;
  const admin = (a: Tenant) => a.auth(a.adminToken);
  const save = (a: Tenant, settings: unknown) => t.http().post('/campaign-settings').set(admin(a)).send({ settings });

  it('answers the defaults before any save, and the spec option lists are the allowed values', async () => {
    const a = await createTenant(t);
    expect((await t.http().get('/campaign-settings').set(admin(a)).expect(200)).body).toEqual(DEFAULTS);
    expect(await t.app.get(CampaignSettingsService).forCompany(a.company.id)).toEqual(DEFAULTS);
    expect(MESSAGE_INTERVAL_OPTIONS).toEqual([0, 5, 10, 15, 20, 30, 40, 60]);
    expect(LONGER_INTERVAL_AFTER_OPTIONS).toEqual([0, 1, 5, 10, 15, 20, 30, 40, 60, 80, 100, 120]);
    expect(GREATER_INTERVAL_OPTIONS).toEqual([0, 1, 5, 10, 15, 20, 30, 40, 60, 80, 100, 120, 240, 300]);
  });

  it('saves only the fields sent, answers the whole object, and keeps one row per company', async () => {
    const a = await createTenant(t);
    let res = await save(a, { messageInterval: 5 }).expect(200);
    expect(res.body).toEqual({ ...DEFAULTS, messageInterval: 5 });
    res = await save(a, {
      longerIntervalAfter: 0,
      greaterInterval: 300,
      variables: [
        { key: ' cupom ', value: 'VERAO10' },
        { key: 'Loja_2', value: '' },
      ],
    }).expect(200);
    const expected = {
      messageInterval: 5,
      longerIntervalAfter: 0,
      greaterInterval: 300,
      variables: [
        { key: 'cupom', value: 'VERAO10' },
        { key: 'Loja_2', value: '' },
      ],
    };
    expect(res.body).toEqual(expected);
    expect((await t.http().get('/campaign-settings').set(admin(a)).expect(200)).body).toEqual(expected);
    res = await save(a, { variables: [] }).expect(200);
    expect(res.body).toEqual({ ...expected, variables: [] });
    res = await save(a, {}).expect(200);
    expect(res.body).toEqual({ ...expected, variables: [] });
    expect(await t.app.get(CampaignSettingsService).forCompany(a.company.id)).toEqual({ ...expected, variables: [] });
    expect(await t.orm.em.fork().count(CampaignSettings, { companyId: a.company.id }, { filters: false })).toBe(1);
  });

  it.each([
    ['messageInterval', [1, 25, 61, -5, '20', null, 2.5], [0, 60]],
    ['longerIntervalAfter', [2, 121, 240, '5', null], [1, 120]],
    ['greaterInterval', [2, 25, 301, 600, '60', null], [1, 240, 300]],
  ] as const)('refuses a %s outside its options, naming the field', async (field, bad, good) => {
    const a = await createTenant(t);
    for (const value of bad) {
      const res = await save(a, { [field]: value }).expect(400);
      expect(res.body.error).toBe('ERR_VALIDATION');
      expect(Object.keys(fieldsOf(res.body))).toEqual([`settings.${field}`]);
    }
    for (const value of good) expect((await save(a, { [field]: value }).expect(200)).body[field]).toBe(value);
  });

  it('validates variables: unique keys, 1-30 letters, digits or _, value up to 1000, and the body shape', async () => {
    const a = await createTenant(t);
    await save(a, { variables: [{ key: 'nome', value: 'Ana' }] }).expect(200);
    let res = await save(a, {
      messageInterval: 10,
      variables: [
        { key: 'a', value: '1' },
        { key: 'b', value: '2' },
        { key: 'a', value: '3' },
      ],
    }).expect(400);
    expect(fieldsOf(res.body)).toEqual({ 'settings.variables.2.key': ['Chave repetida'] });
    res = await save(a, {
      variables: [
        { key: '', value: 'x' },
        { key: 'com espaço', value: 'x' },
        { key: 'k'.repeat(31), value: 'x' },
        { key: 'ok', value: 'v'.repeat(1001) },
        { key: 'sem_valor' },
      ],
    }).expect(400);
    expect(Object.keys(fieldsOf(res.body)).sort()).toEqual([
      'settings.variables.0.key',
      'settings.variables.1.key',
      'settings.variables.2.key',
      'settings.variables.3.value',
      'settings.variables.4.value',
    ]);
    expect(fieldsOf(res.body)['settings.variables.0.key']).toContain('Obrigatório');
    res = await save(a, { variables: 'nome=Ana' }).expect(400);
    expect(Object.keys(fieldsOf(res.body))).toEqual(['settings.variables']);
    res = await t.http().post('/campaign-settings').set(admin(a)).send({ messageInterval: 5 }).expect(400);
    expect(Object.keys(fieldsOf(res.body))).toEqual(['settings']);
    // Nothing of the refused saves was kept.
    expect((await t.http().get('/campaign-settings').set(admin(a)).expect(200)).body).toEqual({ ...DEFAULTS, variables: [{ key: 'nome', value: 'Ana' }] });
    expect((await save(a, { variables: [{ key: 'k'.repeat(30), value: 'v'.repeat(1000) }] }).expect(200)).body.variables).toHaveLength(1);
  });

  it('keeps companies apart', async () => {
    const a = await createTenant(t);
    const b = await createTenant(t);
    await save(a, { messageInterval: 60, variables: [{ key: 'loja', value: 'A' }] }).expect(200);
    expect((await t.http().get('/campaign-settings').set(admin(b)).expect(200)).body).toEqual(DEFAULTS);
    await save(b, { greaterInterval: 5 }).expect(200);
    expect((await t.http().get('/campaign-settings').set(admin(a)).expect(200)).body).toEqual({
      ...DEFAULTS,
      messageInterval: 60,
      variables: [{ key: 'loja', value: 'A' }],
    });
    expect(await t.app.get(CampaignSettingsService).forCompany(b.company.id)).toEqual({ ...DEFAULTS, greaterInterval: 5 });
  });

  it('is for admins (attendants get 403) of plans with campaigns (ERR_PLAN_FEATURE_DISABLED otherwise)', async () => {
    const a = await createTenant(t);
    for (const call of [
      t.http().get('/campaign-settings'),
      t
        .http()
        .post('/campaign-settings')
        .send({ settings: { messageInterval: 5 } }),
    ]) {
      expect((await call.set(a.auth(a.userToken)).expect(403)).body.error).toBe('ERR_NO_PERMISSION');
    }
    const off = await createTenant(t, { useCampaigns: false });
    for (const call of [
      t.http().get('/campaign-settings'),
      t
        .http()
        .post('/campaign-settings')
        .send({ settings: { messageInterval: 5 } }),
    ]) {
      expect((await call.set(off.auth(off.adminToken)).expect(403)).body.error).toBe('ERR_PLAN_FEATURE_DISABLED');
    }
    expect((await t.http().get('/campaign-settings').set(admin(a)).expect(200)).body).toEqual(DEFAULTS);
  });
});
