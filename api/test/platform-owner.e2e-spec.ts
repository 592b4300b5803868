import { Company } from '../src/tenant/companies/company.entity';
import { addDays, addMonths, todayIn } from '../src/tenant/companies/companies.rules';
import { Invoice } from '../src/tenant/invoices/invoice.entity';
import { PixCharge } from '../src/tenant/subscription/pix-charge.entity';
import { createTestApp, TestApp } from './harness';
import { createCompany, createPlan, createSuperUser, createTenant, login } from './factories';

/**
 * Issue 30, the platform owner's side of billing: an overdue company always finds the invoice it is asked to pay,
 * '+ Vencimento' can be undone, companies take bulk actions, the Pix checkout asks no address, and public sign-up
 * can be closed.
 */
const today = () => todayIn('America/Sao_Paulo');
const invoicesOf = (t: TestApp, companyId: number) =>
  t.orm.em.fork().find(Invoice, { companyId: companyId as never }, { filters: false, orderBy: { id: 'asc' } });

describe('platform owner: invoices always there, due-date undo, bulk companies, sign-up switch', () => {
  let t: TestApp;
  let root: Awaited<ReturnType<typeof createSuperUser>>;
  const as = (token: string) => ({ Authorization: `Bearer ${token}` });

  beforeAll(async () => {
    t = await createTestApp({ env: { PAYMENT_GATEWAY: 'sandbox', INVOICE_LEAD_DAYS: '10', PUBLIC_COMPANY_ID: '1' } });
    // The first company of the fresh database: the platform company (PUBLIC_COMPANY_ID 1), the super user's own.
    root = await createSuperUser(t);
    expect(root.company.id).toBe(1);
  });
  afterAll(() => t.close());

  describe('an overdue company always finds its invoice', () => {
    it('created overdue by a super user: its invoice is listed at once (no job ran), and paying it lifts the lock in the same session', async () => {
      const plan = await createPlan(t.orm, { value: '39.90' });
      const email = `overdue-${Date.now()}@test.local`;
      const created = await t
        .http()
        .post('/companies')
        .set(as(root.token))
        .send({ name: `Atrasada ${Date.now()}`, email, password: 'segredo1', planId: plan.id, dueDate: addDays(today(), -2) })
        .expect(201);
      const admin = (await login(t, email, 'segredo1')).token;
      expect((await t.http().get('/tickets').set(as(admin)).expect(402)).body.error).toBe('ERR_SUBSCRIPTION_EXPIRED');

      const list = await t.http().get('/invoices/all').set(as(admin)).expect(200);
      expect(list.body).toMatchObject({ count: 1, invoices: [{ status: 'open', value: 39.9, dueDate: addDays(today(), -2) }] });

      const charge = await t.http().post('/subscription').set(as(admin)).send({ invoiceId: list.body.invoices[0].id, firstName: 'Maria' }).expect(201);
      await t.http().post(`/subscription/sandbox/${charge.body.txid}/pay`).set(as(admin)).expect(200);
      // Same token, no re-login: the lock is read per request.
      await t.http().get('/tickets').set(as(admin)).expect(200);
      const me = await t.http().get('/auth/me').set(as(admin)).expect(200);
      expect(me.body.company).toMatchObject({ subscriptionExpired: false, dueDate: addMonths(today(), 1) });
      expect(created.body.id).toBe(me.body.company.id);
    });

    it('reading the invoices issues the one now due when nothing did (safety net), once even when read at the same time', async () => {
      const a = await createTenant(t, { value: '20.00' });
      // Overdue by a direct write: no route, no job issued anything.
      await t.orm.em.fork().nativeUpdate(Company, { id: a.company.id }, { dueDate: addDays(today(), -5) });
      expect(await invoicesOf(t, a.company.id)).toEqual([]);
      const lists = await Promise.all([1, 2, 3, 4].map(() => t.http().get('/invoices/all').set(as(a.adminToken)).expect(200)));
      for (const l of lists) expect(l.body.invoices).toMatchObject([{ dueDate: addDays(today(), -5), status: 'open' }]);
      expect(await invoicesOf(t, a.company.id)).toHaveLength(1);
      // Another company's invoices never show.
      const b = await createTenant(t, { value: '20.00' });
      expect((await t.http().get('/invoices/all').set(as(b.adminToken)).expect(200)).body.count).toBe(0);
    });

    it('a due date or plan set inside the lead time issues the invoice at once; a free plan or a far date issues none', async () => {
      const a = await createTenant(t, { value: '15.00' });
      await t
        .http()
        .put(`/companies/${a.company.id}`)
        .set(as(root.token))
        .send({ dueDate: addDays(today(), 40) })
        .expect(200);
      expect(await invoicesOf(t, a.company.id)).toEqual([]);
      await t
        .http()
        .put(`/companies/${a.company.id}`)
        .set(as(root.token))
        .send({ dueDate: addDays(today(), 4) })
        .expect(200);
      expect(await invoicesOf(t, a.company.id)).toMatchObject([{ dueDate: addDays(today(), 4), value: '15.00', status: 'open' }]);

      const free = await createPlan(t.orm, { value: '0' });
      const c = await createTenant(t, { value: '0' });
      await t
        .http()
        .put(`/companies/${c.company.id}`)
        .set(as(root.token))
        .send({ planId: free.id, dueDate: addDays(today(), -1) })
        .expect(200);
      expect(await invoicesOf(t, c.company.id)).toEqual([]);
    });
  });

  describe("'+ Vencimento' and its undo", () => {
    it('extends, then sets the due date back only while it is still the one seen; validated; super users only', async () => {
      const a = await createTenant(t, { value: '10.00' });
      const before = addDays(today(), 20);
      await t.orm.em.fork().nativeUpdate(Company, { id: a.company.id }, { dueDate: before });
      const extended = await t.http().post(`/companies/${a.company.id}/extend-due-date`).set(as(root.token)).expect(200);
      expect(extended.body.dueDate).toBe(addMonths(before, 1));

      const bad = await t
        .http()
        .put(`/companies/${a.company.id}/due-date`)
        .set(as(root.token))
        .send({ dueDate: '2026-02-30', expectedDueDate: extended.body.dueDate })
        .expect(400);
      expect(bad.body.fields.map((f: { field: string }) => f.field)).toEqual(['dueDate']);
      await t
        .http()
        .put(`/companies/${a.company.id}/due-date`)
        .set(as(a.adminToken))
        .send({ dueDate: before, expectedDueDate: extended.body.dueDate })
        .expect(403);

      const undone = await t
        .http()
        .put(`/companies/${a.company.id}/due-date`)
        .set(as(root.token))
        .send({ dueDate: before, expectedDueDate: extended.body.dueDate })
        .expect(200);
      expect(undone.body.dueDate).toBe(before);
      // A second undo (or one after a payment moved the date) changes nothing.
      const stale = await t
        .http()
        .put(`/companies/${a.company.id}/due-date`)
        .set(as(root.token))
        .send({ dueDate: addDays(today(), -30), expectedDueDate: extended.body.dueDate })
        .expect(409);
      expect(stale.body.error).toBe('ERR_DUE_DATE_CHANGED');
      expect((await t.orm.em.fork().findOneOrFail(Company, { id: a.company.id })).dueDate).toBe(before);
      await t.http().put('/companies/999999/due-date').set(as(root.token)).send({ dueDate: before, expectedDueDate: null }).expect(404);
    });
  });

  describe('POST /companies/bulk', () => {
    it('changes the plan of many and reports each id; an unknown id fails alone', async () => {
      const a = await createTenant(t, { value: '10.00' });
      const b = await createTenant(t, { value: '10.00' });
      const gold = await createPlan(t.orm, { value: '99.00', name: `Ouro ${Date.now()}` });
      const res = await t
        .http()
        .post('/companies/bulk')
        .set(as(root.token))
        .send({ ids: [a.company.id, 999999, b.company.id], action: 'changePlan', planId: gold.id })
        .expect(200);
      expect(res.body).toMatchObject({
        okCount: 2,
        failedCount: 1,
        results: [
          { id: a.company.id, ok: true, company: { planId: gold.id } },
          { id: 999999, ok: false, error: 'ERR_NO_COMPANY_FOUND' },
          { id: b.company.id, ok: true, company: { planId: gold.id } },
        ],
      });
      for (const c of [a, b]) expect((await t.orm.em.fork().findOneOrFail(Company, { id: c.company.id })).plan.id).toBe(gold.id);
    });

    it('extends the due date of many, each by its own recurrence', async () => {
      const plan = await createPlan(t.orm, { value: '10.00' });
      const base = addDays(today(), 30);
      const m = await createCompany(t.orm, { plan, dueDate: base, recurrence: 'MENSAL' });
      const q = await createCompany(t.orm, { plan, dueDate: base, recurrence: 'TRIMESTRAL' });
      const res = await t
        .http()
        .post('/companies/bulk')
        .set(as(root.token))
        .send({ ids: [m.id, q.id], action: 'extendDueDate' })
        .expect(200);
      expect(res.body.results.map((r: { company: { dueDate: string } }) => r.company.dueDate)).toEqual([addMonths(base, 1), addMonths(base, 3)]);
    });

    it('validates, and answers super users only', async () => {
      const a = await createTenant(t);
      const noPlan = await t
        .http()
        .post('/companies/bulk')
        .set(as(root.token))
        .send({ ids: [a.company.id], action: 'changePlan' })
        .expect(400);
      expect(noPlan.body.fields.map((f: { field: string }) => f.field)).toEqual(['planId']);
      const empty = await t.http().post('/companies/bulk').set(as(root.token)).send({ ids: [], action: 'extendDueDate' }).expect(400);
      expect(empty.body.fields.map((f: { field: string }) => f.field)).toEqual(['ids']);
      await t
        .http()
        .post('/companies/bulk')
        .set(as(root.token))
        .send({ ids: [a.company.id], action: 'delete' })
        .expect(400);
      const unknownPlan = await t
        .http()
        .post('/companies/bulk')
        .set(as(root.token))
        .send({ ids: [a.company.id], action: 'changePlan', planId: 999999 })
        .expect(404);
      expect(unknownPlan.body.error).toBe('ERR_NO_PLAN_FOUND');
      // A company admin cannot touch their own company, nor others.
      await t
        .http()
        .post('/companies/bulk')
        .set(as(a.adminToken))
        .send({ ids: [a.company.id], action: 'extendDueDate' })
        .expect(403);
    });
  });

  describe('Pix checkout without a postal address', () => {
    it('opens the charge with the name only, and keeps no address even when an old client sends one', async () => {
      const a = await createTenant(t, { value: '12.00' });
      await t.orm.em.fork().nativeUpdate(Company, { id: a.company.id }, { dueDate: addDays(today(), 2) });
      const invoice = (await t.http().get('/invoices/all').set(as(a.adminToken)).expect(200)).body.invoices[0];
      const res = await t
        .http()
        .post('/subscription')
        .set(as(a.adminToken))
        .send({ invoiceId: invoice.id, firstName: 'João', lastName: 'Souza', address2: 'Rua B, 2', city: 'Natal', zipcode: '59000-000', country: 'BR' })
        .expect(201);
      const charge = await t.orm.em.fork().findOneOrFail(PixCharge, { txid: res.body.txid }, { filters: false });
      expect(charge.payer).toEqual({ firstName: 'João', lastName: 'Souza' });
    });
  });

  describe('closing public sign-up', () => {
    it('a super user closes it: sign-up answers 403 ERR_SIGNUP_CLOSED, public settings say so; reopened, it works again', async () => {
      const plan = await createPlan(t.orm, { value: '10.00' });
      const signUpOn = (name: string) =>
        t
          .http()
          .post('/companies/cadastro')
          .send({ name, email: `${name.replace(/\W/g, '').toLowerCase()}@test.local`, password: 'segredo1', planId: plan.id });
      expect((await t.http().get('/public-settings').expect(200)).body.signupOpen).toBe(true);
      expect((await t.http().get('/platform-settings').set(as(root.token)).expect(200)).body).toEqual({ signupOpen: true });

      const a = await createTenant(t);
      await t.http().put('/platform-settings').set(as(a.adminToken)).send({ signupOpen: false }).expect(403);
      await t.http().put('/platform-settings').set(as(root.token)).send({ signupOpen: 'no' }).expect(400);
      await t.http().put('/platform-settings').set(as(root.token)).send({ signupOpen: false }).expect(200);

      expect((await t.http().get('/public-settings').expect(200)).body.signupOpen).toBe(false);
      expect((await t.http().get(`/public-settings/${a.company.id}`).expect(200)).body.signupOpen).toBe(false);
      const refused = await signUpOn(`Fechada ${Date.now()}`).expect(403);
      expect(refused.body).toMatchObject({ error: 'ERR_SIGNUP_CLOSED' });
      // Not one of the company's settings: the platform company's own list does not show it, nor can its admin write it.
      const settings = await t.http().get('/settings').set(as(root.token)).expect(200);
      expect(settings.body.map((s: { key: string }) => s.key)).not.toContain('publicSignup');
      await t.http().put('/settings/publicSignup').set(as(root.token)).send({ value: 'enabled' }).expect(404);
      expect((await t.http().get('/public-settings').expect(200)).body.signupOpen).toBe(false);

      await t.http().put('/platform-settings').set(as(root.token)).send({ signupOpen: true }).expect(200);
      await signUpOn(`Aberta ${Date.now()}`).expect(201);
    });
  });
});
