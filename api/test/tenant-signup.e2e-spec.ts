import { Company } from '../src/tenant/companies/company.entity';
import { Setting } from '../src/tenant/settings/setting.entity';
import { User } from '../src/auth/users/user.entity';
import { addDays, todayIn } from '../src/tenant/companies/companies.rules';
import { createTestApp, TestApp } from './harness';
import { createCompany, createPlan, createTenant } from './factories';

describe('tenant: sign-up', () => {
  let t: TestApp;
  let planId: number;
  let n = 0;
  const next = () => `${process.pid}-${++n}`;
  const form = (over: Record<string, unknown> = {}) => {
    const id = next();
    return { name: `Loja ${id}`, email: `Dono.${id}@Loja.TEST`, phone: '5511977776666', password: 'abcde', planId, ...over };
  };

  beforeAll(async () => {
    t = await createTestApp();
    planId = (await createPlan(t.orm, { useKanban: false })).id;
  });
  afterAll(() => t.close());

  it('creates a 3-day trial company and its admin, ignoring what the client says about the trial', async () => {
    const body = form({ dueDate: '2099-12-31', status: false, recurrence: 'ANUAL', campaignsEnabled: false, value: 0, super: true, profile: 'user' });
    const before = Date.now();
    const res = await t.http().post('/companies/cadastro').send(body).expect(201);
    const email = body.email.toLowerCase();
    const dueDate = addDays(todayIn('America/Sao_Paulo'), 3);
    expect(res.body).toEqual({
      company: { id: expect.any(Number), name: body.name, dueDate, trialExpiration: expect.any(String) },
      user: { id: expect.any(Number), email },
    });
    const trial = new Date(res.body.company.trialExpiration).getTime();
    expect(trial).toBeGreaterThanOrEqual(before + 3 * 86_400_000 - 1000);
    expect(trial).toBeLessThanOrEqual(Date.now() + 3 * 86_400_000 + 1000);

    const em = t.orm.em.fork();
    const company = await em.findOneOrFail(Company, { id: res.body.company.id });
    expect(company).toMatchObject({ status: true, recurrence: 'MENSAL', campaignsEnabled: true, dueDate, email, phone: '5511977776666' });
    expect(company.plan.id).toBe(planId);
    const setting = await em.findOne(Setting, { companyId: company.id, key: 'campaignsEnabled' }, { filters: false });
    expect(setting?.value).toBe('true');

    const login = await t.http().post('/auth/login').send({ email: body.email, password: 'abcde' }).expect(200);
    expect(login.body.user).toMatchObject({ id: res.body.user.id, name: body.name, email, profile: 'admin', super: false, companyId: company.id });
    expect(login.body.user.company).toMatchObject({
      status: true,
      recurrence: 'MENSAL',
      dueDate,
      campaignsEnabled: true,
      plan: { id: planId, useKanban: false },
    });

    // The trial's first invoice is there at once, priced from the plan (10.00 a month), due on the trial's last day.
    const invoices = await t.http().get('/invoices/all').set('Authorization', `Bearer ${login.body.token}`).expect(200);
    expect(invoices.body.invoices).toMatchObject([{ value: 10, dueDate, status: 'open', periodMonths: 1, planId }]);
  });

  it('issues no invoice on a free plan', async () => {
    const free = await createPlan(t.orm, { value: '0' });
    const body = form({ planId: free.id });
    await t.http().post('/companies/cadastro').send(body).expect(201);
    const login = await t.http().post('/auth/login').send({ email: body.email, password: 'abcde' }).expect(200);
    expect((await t.http().get('/invoices/all').set('Authorization', `Bearer ${login.body.token}`).expect(200)).body.count).toBe(0);
  });

  it('validates the form with the spec messages', async () => {
    const res = await t.http().post('/companies/cadastro').send({ name: 'A', email: 'not-an-email', password: '1234' }).expect(400);
    expect(res.body.error).toBe('ERR_VALIDATION');
    const byField = Object.fromEntries(res.body.fields.map((f: { field: string; messages: string[] }) => [f.field, f.messages]));
    expect(Object.keys(byField).sort()).toEqual(['email', 'name', 'password', 'planId']);
    expect(byField.name).toEqual(['Too Short!']);
    expect(byField.email).toEqual(['Invalid email']);
    expect(byField.password).toEqual(['Too Short!']);
    expect(byField.planId).toContain('Required');

    const long = await t
      .http()
      .post('/companies/cadastro')
      .send(form({ name: 'x'.repeat(51), password: 'p'.repeat(51) }))
      .expect(400);
    expect(long.body.fields).toEqual(
      expect.arrayContaining([
        { field: 'name', messages: ['Too Long!'] },
        { field: 'password', messages: ['Too Long!'] },
      ]),
    );
    const empty = await t.http().post('/companies/cadastro').send({}).expect(400);
    expect(empty.body.fields.find((f: { field: string }) => f.field === 'email').messages).toContain('Required');

    const noPlan = await t
      .http()
      .post('/companies/cadastro')
      .send(form({ planId: 999999 }))
      .expect(404);
    expect(noPlan.body).toMatchObject({ error: 'ERR_NO_PLAN_FOUND', fields: [{ field: 'planId' }] });
  });

  it('answers 409 for an e-mail already registered anywhere, leaving nothing behind', async () => {
    const { admin } = await createTenant(t);
    const body = form({ email: admin.email.toUpperCase() });
    const res = await t.http().post('/companies/cadastro').send(body).expect(409);
    expect(res.body.error).toBe('ERR_EMAIL_ALREADY_REGISTERED');
    expect(await t.orm.em.fork().count(Company, { name: body.name })).toBe(0);

    const first = form();
    await t.http().post('/companies/cadastro').send(first).expect(201);
    const again = await t
      .http()
      .post('/companies/cadastro')
      .send(form({ email: first.email }))
      .expect(409);
    expect(again.body.error).toBe('ERR_EMAIL_ALREADY_REGISTERED');
  });

  it('answers 409 for a company name already taken', async () => {
    const existing = await createCompany(t.orm);
    const body = form({ name: existing.name.toLowerCase() });
    const res = await t.http().post('/companies/cadastro').send(body).expect(409);
    expect(res.body.error).toBe('ERR_COMPANY_NAME_EXISTS');
    expect(await t.orm.em.fork().count(User, { email: body.email.toLowerCase() }, { filters: false })).toBe(0);
  });

  it('is rate limited', async () => {
    const limited = await createTestApp({ env: { THROTTLE_SIGNUP_LIMIT: '2', THROTTLE_IP_FACTOR: '1' } });
    try {
      const plan = await createPlan(limited.orm);
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await limited
          .http()
          .post('/companies/cadastro')
          .send(form({ planId: plan.id }));
        statuses.push(res.status);
        if (res.status === 429) expect(res.body.error).toBe('ERR_TOO_MANY_REQUESTS');
      }
      expect(statuses).toEqual([201, 201, 429]);
    } finally {
      await limited.close();
    }
  });
});
