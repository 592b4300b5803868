import type { CompanyId } from '../src/common/tenancy/company-id';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Company } from '../src/tenant/companies/company.entity';
import { Setting } from '../src/tenant/settings/setting.entity';
import { User } from '../src/auth/users/user.entity';
import { addMonths, todayIn } from '../src/tenant/companies/companies.rules';
import { connectSocket, createTestApp, nextEvent, TestApp } from './harness';
import { createCompany, createPlan, createTenant, createUser, login } from './factories';

describe('tenant: companies', () => {
  let t: TestApp;
  let platformId: CompanyId;
  let superToken: string;
  const as = (token: string) => ({ Authorization: `Bearer ${token}` });
  let n = 0;
  const unique = (s: string) => `${s} ${process.pid}-${++n}`;

  beforeAll(async () => {
    t = await createTestApp();
    const platform = await createCompany(t.orm);
    platformId = platform.id;
    const superUser = await createUser(t.orm, { companyId: platform.id, profile: 'admin', super: true });
    superToken = (await login(t, superUser.email)).token;
  });
  afterAll(() => t.close());

  const fetchCompany = (id: CompanyId) => t.orm.em.fork().findOne(Company, { id });

  it('creates a company with its admin user, who can then log in', async () => {
    const plan = await createPlan(t.orm);
    const name = unique('Acme');
    const res = await t
      .http()
      .post('/companies')
      .set(as(superToken))
      .send({
        name,
        email: ' Owner@Acme.TEST ',
        phone: '5511988887777',
        planId: plan.id,
        dueDate: '2027-01-10',
        recurrence: 'TRIMESTRAL',
        campaignsEnabled: true,
        password: 'abcde',
      })
      .expect(201);
    expect(res.body).toMatchObject({
      id: expect.any(Number),
      name,
      email: 'owner@acme.test',
      phone: '5511988887777',
      status: true,
      dueDate: '2027-01-10',
      recurrence: 'TRIMESTRAL',
      campaignsEnabled: true,
      planId: plan.id,
      plan: { id: plan.id, name: plan.name },
      trialExpiration: null,
    });
    expect(res.body.schedules).toHaveLength(7);
    const session = await login(t, 'owner@acme.test', 'abcde');
    expect(session.body.user).toMatchObject({ profile: 'admin', companyId: res.body.id, super: false });
    // campaignsEnabled is mirrored in the setting of that name
    expect(session.body.user.company.settings).toEqual(expect.arrayContaining([{ key: 'campaignsEnabled', value: 'true' }]));
  });

  it('creates a company without a user when no password is sent', async () => {
    const plan = await createPlan(t.orm);
    const res = await t
      .http()
      .post('/companies')
      .set(as(superToken))
      .send({ name: unique('NoUser'), planId: plan.id })
      .expect(201);
    expect(res.body).toMatchObject({ email: null, dueDate: null, recurrence: 'MENSAL', campaignsEnabled: false, status: true });
    expect(await t.orm.em.fork().count(User, { companyId: res.body.id }, { filters: false })).toBe(0);
  });

  it('validates company fields with the spec messages', async () => {
    const res = await t
      .http()
      .post('/companies')
      .set(as(superToken))
      .send({ name: 'A', email: 'nope', recurrence: 'SEMANAL', dueDate: '2026-02-30', status: 'yes', password: '123' })
      .expect(400);
    expect(res.body.error).toBe('ERR_VALIDATION');
    const byField = Object.fromEntries(res.body.fields.map((f: { field: string; messages: string[] }) => [f.field, f.messages]));
    expect(Object.keys(byField).sort()).toEqual(['dueDate', 'email', 'name', 'password', 'planId', 'recurrence', 'status']);
    expect(byField.name).toEqual(['Too Short!']);
    expect(byField.email).toEqual(['Invalid email']);
    expect(byField.password).toEqual(['Too Short!']);
    expect(byField.planId).toContain('Required');

    const missingPlan = await t
      .http()
      .post('/companies')
      .set(as(superToken))
      .send({ name: unique('Ghost plan'), planId: 999999 })
      .expect(404);
    expect(missingPlan.body).toMatchObject({ error: 'ERR_NO_PLAN_FOUND', fields: [{ field: 'planId', messages: ['Plan not found'] }] });

    const plan = await createPlan(t.orm);
    const noEmail = await t
      .http()
      .post('/companies')
      .set(as(superToken))
      .send({ name: unique('No email'), planId: plan.id, password: 'abcde' })
      .expect(400);
    expect(noEmail.body.fields[0].field).toBe('email');
    await t.http().get('/companies/abc').set(as(superToken)).expect(400);
  });

  it('answers 409 for a taken company name (any case) or admin e-mail', async () => {
    const existing = await createCompany(t.orm);
    const plan = await createPlan(t.orm);
    const dup = await t.http().post('/companies').set(as(superToken)).send({ name: existing.name.toUpperCase(), planId: plan.id }).expect(409);
    expect(dup.body.error).toBe('ERR_COMPANY_NAME_EXISTS');
    const other = await createCompany(t.orm);
    const rename = await t.http().put(`/companies/${other.id}`).set(as(superToken)).send({ name: existing.name }).expect(409);
    expect(rename.body.error).toBe('ERR_COMPANY_NAME_EXISTS');

    const { admin } = await createTenant(t);
    const name = unique('Taken email');
    const email = await t
      .http()
      .post('/companies')
      .set(as(superToken))
      .send({ name, email: admin.email.toUpperCase(), planId: plan.id, password: 'abcde' })
      .expect(409);
    expect(email.body.error).toBe('ERR_EMAIL_ALREADY_REGISTERED');
    // one transaction: the company was not left behind
    expect(await t.orm.em.fork().count(Company, { name })).toBe(0);
  });

  it('lists companies by page with a search, and all of them', async () => {
    const tag = `Zeta${process.pid}x`;
    for (let i = 0; i < 22; i++) await createCompany(t.orm, { name: `${tag} ${String(i).padStart(2, '0')}` });
    const first = await t.http().get('/companies').query({ searchParam: tag.toLowerCase() }).set(as(superToken)).expect(200);
    expect(first.body.count).toBe(22);
    expect(first.body.hasMore).toBe(true);
    expect(first.body.companies).toHaveLength(20);
    expect(first.body.companies[0]).toMatchObject({ name: `${tag} 00`, plan: { id: expect.any(Number) } });
    const second = await t.http().get('/companies').query({ searchParam: tag, pageNumber: 2 }).set(as(superToken)).expect(200);
    expect(second.body).toMatchObject({ count: 22, hasMore: false });
    expect(second.body.companies.map((c: { name: string }) => c.name)).toEqual([`${tag} 20`, `${tag} 21`]);
    const wildcard = await t.http().get('/companies').query({ searchParam: '%' }).set(as(superToken)).expect(200);
    expect(wildcard.body.count).toBe(0);
    await t.http().get('/companies').query({ pageNumber: 0 }).set(as(superToken)).expect(400);

    const all = await t.http().get('/companies/list').set(as(superToken)).expect(200);
    expect(all.body.filter((c: { name: string }) => c.name.startsWith(tag))).toHaveLength(22);
    expect(all.body.map((c: { id: number }) => c.id)).toContain(platformId);
  });

  it('updates only the fields sent, mirrors campaignsEnabled and tells the company', async () => {
    const { company, adminToken } = await createTenant(t);
    const plan = await createPlan(t.orm, { name: unique('Bronze') });
    const socket = await connectSocket(t.url, adminToken);
    try {
      const event = nextEvent(socket, `company-${company.id}-company`);
      const res = await t
        .http()
        .put(`/companies/${company.id}`)
        .set(as(superToken))
        .send({ planId: plan.id, recurrence: 'ANUAL', campaignsEnabled: true, phone: '', dueDate: null })
        .expect(200);
      expect(res.body).toMatchObject({
        id: company.id,
        name: company.name,
        email: company.email,
        phone: null,
        dueDate: null,
        recurrence: 'ANUAL',
        campaignsEnabled: true,
        plan: { id: plan.id, name: plan.name },
      });
      expect(await event).toEqual({ action: 'update', company: res.body });
    } finally {
      socket.close();
    }
    const setting = await t.orm.em.fork().findOne(Setting, { companyId: company.id, key: 'campaignsEnabled' }, { filters: false });
    expect(setting?.value).toBe('true');
    await t.http().put(`/companies/${company.id}`).set(as(superToken)).send({ campaignsEnabled: false }).expect(200);
    expect((await t.orm.em.fork().findOne(Setting, { companyId: company.id, key: 'campaignsEnabled' }, { filters: false }))?.value).toBe('false');
    expect((await t.http().put('/companies/999999').set(as(superToken)).send({ phone: '1' }).expect(404)).body.error).toBe('ERR_NO_COMPANY_FOUND');
    expect((await t.http().put(`/companies/${company.id}`).set(as(superToken)).send({ planId: 999999 }).expect(404)).body.error).toBe('ERR_NO_PLAN_FOUND');
  });

  it('deletes a company with its users, settings and files, but never the caller’s own', async () => {
    const { company, admin } = await createTenant(t);
    await t
      .http()
      .put('/settings/userRating')
      .set(as((await login(t, admin.email)).token))
      .send({ value: 'enabled' })
      .expect(200);
    const filesDir = join(t.config.mediaDir, 'public', `company${company.id}`, 'logos');
    mkdirSync(filesDir, { recursive: true });
    writeFileSync(join(filesDir, 'light-x.png'), 'x');
    await t.http().delete(`/companies/${company.id}`).set(as(superToken)).expect(204);
    const em = t.orm.em.fork();
    expect(await em.count(Company, { id: company.id })).toBe(0);
    expect(await em.count(User, { companyId: company.id }, { filters: false })).toBe(0);
    expect(await em.count(Setting, { companyId: company.id }, { filters: false })).toBe(0);
    expect(existsSync(filesDir)).toBe(false);
    await t.http().post('/auth/login').send({ email: admin.email, password: 'Secret123' }).expect(401);
    expect((await t.http().delete(`/companies/${company.id}`).set(as(superToken)).expect(404)).body.error).toBe('ERR_NO_COMPANY_FOUND');

    const own = await t.http().delete(`/companies/${platformId}`).set(as(superToken)).expect(409);
    expect(own.body.error).toBe('ERR_CANNOT_DELETE_OWN_COMPANY');
    expect(await em.count(Company, { id: platformId })).toBe(1);
  });

  it('+ Vencimento moves the due date by its recurrence (each recurrence: companies.rules.spec.ts)', async () => {
    const cases = [
      ['MENSAL', '2026-01-31', '2026-02-28'],
      ['TRIMESTRAL', '2026-11-30', '2027-02-28'],
    ] as const;
    for (const [recurrence, dueDate, expected] of cases) {
      const company = await createCompany(t.orm, { recurrence, dueDate });
      const res = await t.http().post(`/companies/${company.id}/extend-due-date`).set(as(superToken)).expect(200);
      expect({ recurrence, dueDate: res.body.dueDate }).toEqual({ recurrence, dueDate: expected });
      expect((await fetchCompany(company.id))?.dueDate).toBe(expected);
    }
    // twice in a row extends twice
    const twice = await createCompany(t.orm, { recurrence: 'MENSAL', dueDate: '2026-03-10' });
    await t.http().post(`/companies/${twice.id}/extend-due-date`).set(as(superToken)).expect(200);
    expect((await t.http().post(`/companies/${twice.id}/extend-due-date`).set(as(superToken)).expect(200)).body.dueDate).toBe('2026-05-10');
    // no due date: from today (in the company's time zone)
    const none = await createCompany(t.orm, { recurrence: 'SEMESTRAL', dueDate: null });
    const res = await t.http().post(`/companies/${none.id}/extend-due-date`).set(as(superToken)).expect(200);
    expect(res.body.dueDate).toBe(addMonths(todayIn('America/Sao_Paulo'), 6));
    expect((await t.http().post('/companies/999999/extend-due-date').set(as(superToken)).expect(404)).body.error).toBe('ERR_NO_COMPANY_FOUND');
  });

  it('sets business hours: the company admin for their own company, super users for any', async () => {
    const a = await createTenant(t);
    const b = await createTenant(t);
    const hours = [
      { weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '08:00', endTime: '17:30' },
      { weekday: 'Domingo', weekdayEn: 'sunday', startTime: '00:00', endTime: '00:00' },
    ];
    const res = await t.http().put(`/companies/${a.company.id}/schedules`).set(as(a.adminToken)).send({ schedules: hours }).expect(200);
    expect(res.body.schedules).toEqual(hours);
    expect((await t.http().get(`/companies/${a.company.id}`).set(as(a.userToken)).expect(200)).body.schedules).toEqual(hours);

    // B's admin cannot touch A's hours; A's plain user cannot change them
    await t.http().put(`/companies/${a.company.id}/schedules`).set(as(b.adminToken)).send({ schedules: [] }).expect(403);
    await t.http().put(`/companies/${a.company.id}/schedules`).set(as(a.userToken)).send({ schedules: [] }).expect(403);
    expect((await fetchCompany(a.company.id))?.schedules).toEqual(hours);

    await t
      .http()
      .put(`/companies/${b.company.id}/schedules`)
      .set(as(superToken))
      .send({ schedules: hours.slice(0, 1) })
      .expect(200);

    const bad = await t
      .http()
      .put(`/companies/${a.company.id}/schedules`)
      .set(as(a.adminToken))
      .send({ schedules: [{ weekday: 'Segunda-feira', weekdayEn: 'moonday', startTime: '24:00', endTime: '9:00' }] })
      .expect(400);
    expect(bad.body.fields.map((f: { field: string }) => f.field).sort()).toEqual(['schedules.0.endTime', 'schedules.0.startTime', 'schedules.0.weekdayEn']);
    const repeated = await t
      .http()
      .put(`/companies/${a.company.id}/schedules`)
      .set(as(a.adminToken))
      .send({ schedules: [hours[0], hours[0]] })
      .expect(400);
    expect(repeated.body).toMatchObject({ error: 'ERR_VALIDATION', fields: [{ field: 'schedules' }] });
    await t.http().put(`/companies/${a.company.id}/schedules`).set(as(a.adminToken)).send({ schedules: 'all day' }).expect(400);
  });

  it("answers a company's plan flags to its own users and to super users only", async () => {
    const a = await createTenant(t, { useKanban: false, whiteLabel: false, users: 7 });
    const b = await createTenant(t);
    const own = await t.http().get(`/companies/listPlan/${a.company.id}`).set(as(a.userToken)).expect(200);
    expect(own.body).toMatchObject({ id: a.plan.id, users: 7, useKanban: false, whiteLabel: false, useCampaigns: true });
    // Clients of the original system read the flags under `plan`: the same plan, every field.
    const { plan: nested, ...top } = own.body as Record<string, unknown>;
    expect(nested).toEqual(top);
    const other = await t.http().get(`/companies/listPlan/${a.company.id}`).set(as(b.adminToken)).expect(403);
    expect(other.body.error).toBe('ERR_NO_PERMISSION');
    await t.http().get('/companies/listPlan/999999').set(as(b.adminToken)).expect(403);
    await t.http().get(`/companies/listPlan/${a.company.id}`).set(as(superToken)).expect(200);
    expect((await t.http().get('/companies/listPlan/999999').set(as(superToken)).expect(404)).body.error).toBe('ERR_NO_COMPANY_FOUND');
  });

  it("keeps company administration to super users: another company's admin gets 403 everywhere", async () => {
    const a = await createTenant(t);
    const b = await createTenant(t);
    const before = await fetchCompany(a.company.id);
    const routes = [
      ['get', '/companies', undefined],
      ['get', '/companies/list', undefined],
      ['get', `/companies/${a.company.id}`, undefined],
      ['post', '/companies', { name: unique('Sneaky'), planId: b.plan.id }],
      ['put', `/companies/${a.company.id}`, { name: 'Taken over' }],
      ['put', `/companies/${b.company.id}`, { status: true }],
      ['delete', `/companies/${a.company.id}`, undefined],
      ['post', `/companies/${a.company.id}/extend-due-date`, undefined],
      ['post', `/companies/${b.company.id}/extend-due-date`, undefined],
    ] as const;
    for (const token of [b.adminToken, b.userToken]) {
      for (const [method, path, body] of routes) {
        const res = await t.http()[method](path).set(as(token)).send(body);
        expect({ method, path, status: res.status, error: res.body.error }).toEqual({ method, path, status: 403, error: 'ERR_NO_PERMISSION' });
      }
    }
    const after = await fetchCompany(a.company.id);
    expect(after).toMatchObject({ name: before!.name, dueDate: before!.dueDate, status: true });
    await t.http().get(`/companies/${b.company.id}`).set(as(b.userToken)).expect(200);
    await t.http().get('/companies').expect(401);
  });
});
