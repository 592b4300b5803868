import { asCompanyId } from '../src/common/tenancy/company-id';
import { createTestApp, TestApp } from './harness';
import { createCompany, createPlan, createTenant, createUser, login } from './factories';
import { RequestContext } from '@mikro-orm/core';
import { AppError } from '../src/common/http/errors';
import { PlanLimitsService } from '../src/tenant/plans/plan-limits.service';

describe('tenant: plans', () => {
  let t: TestApp;
  let superToken: string;
  const as = (token: string) => ({ Authorization: `Bearer ${token}` });

  beforeAll(async () => {
    t = await createTestApp();
    const platform = await createCompany(t.orm);
    const superUser = await createUser(t.orm, { companyId: platform.id, profile: 'admin', super: true });
    superToken = (await login(t, superUser.email)).token;
  });
  afterAll(() => t.close());

  it('lists plans without credentials for the sign-up page, price as a number', async () => {
    const plan = await createPlan(t.orm, { value: '49.90', users: 3, useKanban: false });
    const res = await t.http().get('/plans/list').expect(200);
    expect(res.body).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: plan.id, name: plan.name, users: 3, connections: 5, queues: 10, value: 49.9, useKanban: false, whiteLabel: true }),
      ]),
    );
  });

  it('lets a super user create, read, update and delete a plan', async () => {
    const created = await t
      .http()
      .post('/plans')
      .set(as(superToken))
      .send({ name: 'Ouro', users: 5, connections: 2, queues: 4, value: 129.9, useCampaigns: true, whiteLabel: true })
      .expect(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      name: 'Ouro',
      users: 5,
      connections: 2,
      queues: 4,
      value: 129.9,
      useCampaigns: true,
      useSchedules: false,
      useInternalChat: false,
      useExternalApi: false,
      useKanban: false,
      useOpenAi: false,
      useIntegrations: false,
      whiteLabel: true,
    });
    const id = created.body.id;
    expect((await t.http().get(`/plans/${id}`).set(as(superToken)).expect(200)).body.name).toBe('Ouro');
    const updated = await t.http().put(`/plans/${id}`).set(as(superToken)).send({ value: 0, useKanban: true }).expect(200);
    expect(updated.body).toMatchObject({ name: 'Ouro', users: 5, value: 0, useKanban: true, useCampaigns: true });
    const all = await t.http().get('/plans/all').set(as(superToken)).expect(200);
    expect(all.body.map((p: { id: number }) => p.id)).toContain(id);
    await t.http().delete(`/plans/${id}`).set(as(superToken)).expect(204);
    expect((await t.http().get(`/plans/${id}`).set(as(superToken)).expect(404)).body.error).toBe('ERR_NO_PLAN_FOUND');
    expect((await t.http().delete(`/plans/${id}`).set(as(superToken)).expect(404)).body.error).toBe('ERR_NO_PLAN_FOUND');
  });

  it('validates plan fields and names every failing one', async () => {
    const res = await t
      .http()
      .post('/plans')
      .set(as(superToken))
      .send({ name: '', users: -1, connections: 1.5, queues: 'many', value: 10.999, useKanban: 'yes' })
      .expect(400);
    expect(res.body.error).toBe('ERR_VALIDATION');
    expect(res.body.fields.map((f: { field: string }) => f.field).sort()).toEqual(['connections', 'name', 'queues', 'useKanban', 'users', 'value']);
    const long = await t
      .http()
      .post('/plans')
      .set(as(superToken))
      .send({ name: 'x'.repeat(101) })
      .expect(400);
    expect(long.body.fields).toEqual([{ field: 'name', messages: ['Too Long!'] }]);
    const missing = await t.http().post('/plans').set(as(superToken)).send({}).expect(400);
    expect(missing.body.fields[0]).toMatchObject({ field: 'name', messages: expect.arrayContaining(['Required']) });
    await t.http().post('/plans').set(as(superToken)).send({ name: 'Negative', value: -1 }).expect(400);
    await t.http().get('/plans/abc').set(as(superToken)).expect(400);
  });

  it('answers 409 for a duplicate name (any case) and for deleting a plan in use', async () => {
    const plan = await createPlan(t.orm);
    const dup = await t.http().post('/plans').set(as(superToken)).send({ name: plan.name.toUpperCase() }).expect(409);
    expect(dup.body.error).toBe('ERR_PLAN_NAME_EXISTS');
    const other = await createPlan(t.orm);
    expect((await t.http().put(`/plans/${other.id}`).set(as(superToken)).send({ name: plan.name }).expect(409)).body.error).toBe('ERR_PLAN_NAME_EXISTS');
    // renaming a plan to its own name is not a conflict
    await t.http().put(`/plans/${plan.id}`).set(as(superToken)).send({ name: plan.name }).expect(200);

    await createCompany(t.orm, { plan });
    const inUse = await t.http().delete(`/plans/${plan.id}`).set(as(superToken)).expect(409);
    expect(inUse.body.error).toBe('ERR_PLAN_IN_USE');
    await t.http().get(`/plans/${plan.id}`).set(as(superToken)).expect(200);
  });

  it('refuses every plan write to a company admin, and lets them read', async () => {
    const { adminToken, userToken, plan } = await createTenant(t);
    for (const token of [adminToken, userToken]) {
      for (const [method, path, body] of [
        ['post', '/plans', { name: 'Hack' }],
        ['put', `/plans/${plan.id}`, { users: 999 }],
        ['delete', `/plans/${plan.id}`, undefined],
      ] as const) {
        const res = await t.http()[method](path).set(as(token)).send(body).expect(403);
        expect(res.body.error).toBe('ERR_NO_PERMISSION');
      }
      await t.http().get('/plans/all').set(as(token)).expect(200);
      await t.http().get(`/plans/${plan.id}`).set(as(token)).expect(200);
    }
    await t.http().get('/plans/all').expect(401);
    expect((await t.http().get(`/plans/${plan.id}`).set(as(superToken)).expect(200)).body.users).toBe(10);
  });

  it("PlanLimitsService refuses one more user, connection or queue than the company's plan allows", async () => {
    const plan = await createPlan(t.orm, { users: 2, connections: 0, queues: 1 });
    const company = await createCompany(t.orm, { plan });
    // Callers run inside an ORM context (a request, or a job's own context); so does this test.
    const service = t.app.get(PlanLimitsService);
    const limits = {
      assertCanAdd: (...args: Parameters<PlanLimitsService['assertCanAdd']>) => RequestContext.create(t.orm.em, () => service.assertCanAdd(...args)),
    };
    await expect(limits.assertCanAdd(company.id, 'users', 1)).resolves.toBeUndefined();
    const refused = await limits.assertCanAdd(company.id, 'users', 2).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).getStatus()).toBe(403);
    expect((refused as AppError).getResponse()).toMatchObject({ error: 'ERR_PLAN_LIMIT_REACHED', message: expect.stringContaining('at most 2 users') });
    await expect(limits.assertCanAdd(company.id, 'connections', 0)).rejects.toMatchObject({ def: { code: 'ERR_PLAN_LIMIT_REACHED' } });
    await expect(limits.assertCanAdd(company.id, 'queues', 0)).resolves.toBeUndefined();
    await expect(limits.assertCanAdd(company.id, 'queues', 1)).rejects.toMatchObject({ def: { code: 'ERR_PLAN_LIMIT_REACHED' } });
    await expect(limits.assertCanAdd(asCompanyId(999999), 'queues', 0)).rejects.toMatchObject({ def: { code: 'ERR_NO_COMPANY_FOUND' } });
  });
});
