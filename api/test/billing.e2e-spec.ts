import { getQueueToken } from '@nestjs/bull';
import type { Queue } from 'bull';
import { Company } from '../src/tenant/companies/company.entity';
import { addDays, addMonths } from '../src/tenant/companies/companies.rules';
import { Invoice } from '../src/tenant/invoices/invoice.entity';
import { InvoicesService } from '../src/tenant/invoices/invoices.service';
import { ISSUE_INVOICES, ISSUE_INVOICES_CRON } from '../src/tenant/invoices/invoices.processor';
import { crc16 } from '../src/tenant/subscription/gateways/br-code';
import { PixCharge } from '../src/tenant/subscription/pix-charge.entity';
import { QUEUES } from '../src/jobs/jobs';
import { connectSocket, createTestApp, nextEvent, TestApp } from './harness';
import { createCompany, createPlan, createTenant, createUser, login } from './factories';
import { dbCompany, dbInvoice, invoicedTenant, payer, today } from './factories/billing';

const fieldsOf = (body: { fields?: { field: string }[] }) => (body.fields ?? []).map((f) => f.field).sort();

describe('billing: invoices, checkout and the sandbox gateway', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { PAYMENT_GATEWAY: 'sandbox', INVOICE_LEAD_DAYS: '10' } });
  });
  afterAll(() => t.close());

  describe('issuing', () => {
    it('issues one invoice per company and due date within the lead days, priced from the plan times the recurrence, once', async () => {
      const service = t.app.get(InvoicesService);
      const plan = await createPlan(t.orm, { value: '100.00', name: `Ouro ${Date.now()}` });
      const soon = await createCompany(t.orm, { plan, dueDate: addDays(today(), 5), recurrence: 'TRIMESTRAL' });
      const late = await createCompany(t.orm, { plan, dueDate: addDays(today(), -2) });
      const far = await createCompany(t.orm, { plan, dueDate: addDays(today(), 40) });
      const inactive = await createCompany(t.orm, { plan, dueDate: addDays(today(), 1), status: false });
      const free = await createCompany(t.orm, { plan: await createPlan(t.orm, { value: '0' }), dueDate: addDays(today(), 1) });
      const none = await createCompany(t.orm, { plan, dueDate: null });

      await service.issueDue();
      const of = (c: Company) => t.orm.em.fork().find(Invoice, { companyId: c.id }, { filters: false });
      expect(await of(soon)).toMatchObject([
        { value: '300.00', periodMonths: 3, dueDate: addDays(today(), 5), status: 'open', planId: plan.id, detail: `${plan.name} · 3 meses` },
      ]);
      expect(await of(late)).toMatchObject([{ value: '100.00', periodMonths: 1, dueDate: addDays(today(), -2), detail: `${plan.name} · 1 mês` }]);
      for (const c of [far, inactive, free, none]) expect(await of(c)).toEqual([]);

      // Again (another worker, the next tick): nothing new.
      await service.issueDue();
      await Promise.all([service.issueDue(), service.issueDue()]);
      expect(await of(soon)).toHaveLength(1);
      expect(await of(late)).toHaveLength(1);
    });

    it('schedules the issuing as one repeatable Bull job', async () => {
      const queue = t.app.get<Queue>(getQueueToken(QUEUES.billing));
      const repeatable = await queue.getRepeatableJobs();
      expect(repeatable.filter((j) => j.name === ISSUE_INVOICES)).toMatchObject([{ cron: ISSUE_INVOICES_CRON }]);
    });

    it("tells the company's sockets of a new invoice", async () => {
      const a = await createTenant(t, { value: '20.00' });
      await t.orm.em.fork().nativeUpdate(Company, { id: a.company.id }, { dueDate: addDays(today(), 2) });
      const socket = await connectSocket(t.url, a.adminToken);
      try {
        const event = nextEvent<{ action: string; invoice: { value: number } }>(socket, `company-${a.company.id}-invoice`);
        await t.app.get(InvoicesService).issueDue();
        expect(await event).toMatchObject({ action: 'create', invoice: { value: 20, status: 'open', dueDate: addDays(today(), 2) } });
      } finally {
        socket.close();
      }
    });
  });

  describe('GET /invoices/all and /invoices/{id}', () => {
    it("lists the company's invoices to its admins only, with search, and never another company's", async () => {
      const a = await invoicedTenant(t);
      const b = await invoicedTenant(t);
      const list = await t.http().get('/invoices/all').set(a.auth(a.adminToken)).expect(200);
      expect(list.body).toMatchObject({ count: 1, hasMore: false, invoices: [{ id: a.invoice.id, value: 49.9, status: 'open' }] });
      expect(
        (
          await t
            .http()
            .get('/invoices/all')
            .query({ searchParam: String(a.invoice.id) })
            .set(a.auth(a.adminToken))
            .expect(200)
        ).body.count,
      ).toBe(1);
      expect((await t.http().get('/invoices/all').query({ searchParam: 'nothing like it' }).set(a.auth(a.adminToken)).expect(200)).body.count).toBe(0);
      expect((await t.http().get(`/invoices/${a.invoice.id}`).set(a.auth(a.adminToken)).expect(200)).body.id).toBe(a.invoice.id);
      expect((await t.http().get('/invoices/all').set(a.auth(a.userToken)).expect(403)).body.error).toBe('ERR_NO_PERMISSION');
      // B's admin: A's invoice does not exist.
      expect((await t.http().get(`/invoices/${a.invoice.id}`).set(b.auth(b.adminToken)).expect(404)).body.error).toBe('ERR_INVOICE_NOT_FOUND');
      const bList = await t.http().get('/invoices/all').set(b.auth(b.adminToken)).expect(200);
      expect(bList.body.invoices.map((i: { id: number }) => i.id)).toEqual([b.invoice.id]);
      expect((await t.http().get('/invoices/all').query({ pageNumber: 0 }).set(a.auth(a.adminToken)).expect(400)).body.error).toBe('ERR_VALIDATION');
    });
  });

  describe('POST /subscription (checkout)', () => {
    it('validates the Dados step and refuses card data, storing nothing', async () => {
      const a = await invoicedTenant(t);
      const missing = await t.http().post('/subscription').set(a.auth(a.adminToken)).send({ invoiceId: a.invoice.id }).expect(400);
      expect(missing.body.error).toBe('ERR_VALIDATION');
      // A Pix charge needs no postal address: only the name is asked for.
      expect(fieldsOf(missing.body)).toEqual(['firstName']);
      expect(missing.body.fields.find((f: { field: string }) => f.field === 'firstName').messages).toContain('O nome completo é obrigatório');
      const card = await t
        .http()
        .post('/subscription')
        .set(a.auth(a.adminToken))
        .send({ ...payer, invoiceId: a.invoice.id, nameOnCard: 'MARIA', cardNumber: '4111111111111111', cvv: '123' })
        .expect(400);
      expect(fieldsOf(card.body)).toEqual(['cardNumber', 'cvv', 'nameOnCard']);
      expect(JSON.stringify(card.body)).not.toContain('4111');
      expect(await t.orm.em.fork().count(PixCharge, { companyId: a.company.id }, { filters: false })).toBe(0);
    });

    it('prices the charge from the plan, never from the body, and answers the Pix view; a second checkout gets the same charge', async () => {
      const a = await invoicedTenant(t, '49.90', 3, 'BIMESTRAL');
      const res = await t
        .http()
        .post('/subscription')
        .set(a.auth(a.adminToken))
        .send({ ...payer, invoiceId: a.invoice.id, price: 0.01, users: 999 })
        .expect(201);
      expect(res.body).toMatchObject({
        invoiceId: a.invoice.id,
        gateway: 'sandbox',
        valor: { original: '99.80' },
        status: 'pending',
        qrcode: { imagemQrcode: null },
      });
      const code: string = res.body.qrcode.qrcode;
      expect(code.startsWith('000201')).toBe(true);
      expect(code).toContain('540599.80');
      expect(code.slice(-4)).toBe(crc16(code.slice(0, -4)));
      expect(res.body.txid).toMatch(/^[A-Za-z0-9]{32}$/);
      const again = await t
        .http()
        .post('/subscription')
        .set(a.auth(a.adminToken))
        .send({ ...payer, invoiceId: a.invoice.id })
        .expect(201);
      expect(again.body.txid).toBe(res.body.txid);
      expect(await t.orm.em.fork().count(PixCharge, { companyId: a.company.id }, { filters: false })).toBe(1);
      expect(
        (
          await t
            .http()
            .post('/subscription')
            .set(a.auth(a.userToken))
            .send({ ...payer, invoiceId: a.invoice.id })
            .expect(403)
        ).body.error,
      ).toBe('ERR_NO_PERMISSION');
    });

    it("'Personalizar': another plan reprices the open invoice from that plan, and the company moves to it once paid", async () => {
      const a = await invoicedTenant(t, '49.90');
      const bigger = await createPlan(t.orm, { value: '120.50', name: `Platina ${Date.now()}` });
      const socket = await connectSocket(t.url, a.adminToken);
      try {
        const repriced = nextEvent<{ invoice: { value: number; planId: number } }>(socket, `company-${a.company.id}-invoice`);
        const res = await t
          .http()
          .post('/subscription')
          .set(a.auth(a.adminToken))
          .send({ ...payer, invoiceId: a.invoice.id, planId: bigger.id })
          .expect(201);
        expect(res.body.valor.original).toBe('120.50');
        expect(await repriced).toMatchObject({ invoice: { value: 120.5, planId: bigger.id } });
        expect(await dbInvoice(t, a.invoice.id)).toMatchObject({ value: '120.50', planId: bigger.id, detail: `${bigger.name} · 1 mês` });

        const payment = nextEvent<{ action: string; company: { dueDate: string; planId: number }; invoice: { status: string } }>(
          socket,
          `company-${a.company.id}-payment`,
        );
        const paid = await t.http().post(`/subscription/sandbox/${res.body.txid}/pay`).set(a.auth(a.adminToken)).expect(200);
        expect(paid.body.status).toBe('paid');
        const expected = addMonths(addDays(today(), 3), 1);
        expect(await payment).toMatchObject({ action: 'CONCLUIDA', company: { dueDate: expected, planId: bigger.id }, invoice: { status: 'paid' } });
        expect(await dbCompany(t, a.company.id)).toMatchObject({ dueDate: expected, trialExpiration: null });
        expect((await dbCompany(t, a.company.id)).plan.id).toBe(bigger.id);
      } finally {
        socket.close();
      }
      expect(
        (
          await t
            .http()
            .post('/subscription')
            .set(a.auth(a.adminToken))
            .send({ ...payer, invoiceId: a.invoice.id, planId: 999999 })
            .expect(409)
        ).body.error,
      ).toBe('ERR_INVOICE_NOT_OPEN');
    });

    it('pays once: a second payment of the same charge is refused, and the due date moved one period only', async () => {
      const a = await invoicedTenant(t, '30.00', -6);
      const res = await t
        .http()
        .post('/subscription')
        .set(a.auth(a.adminToken))
        .send({ ...payer, invoiceId: a.invoice.id })
        .expect(201);
      await t.http().post(`/subscription/sandbox/${res.body.txid}/pay`).set(a.auth(a.adminToken)).expect(200);
      // Overdue: the new period starts today, not at the old due date.
      expect((await dbCompany(t, a.company.id)).dueDate).toBe(addMonths(today(), 1));
      expect((await t.http().post(`/subscription/sandbox/${res.body.txid}/pay`).set(a.auth(a.adminToken)).expect(409)).body.error).toBe(
        'ERR_CHARGE_NOT_PENDING',
      );
      expect((await dbCompany(t, a.company.id)).dueDate).toBe(addMonths(today(), 1));
      expect(await dbInvoice(t, a.invoice.id)).toMatchObject({ status: 'paid' });
      const list = await t.http().get('/invoices/all').set(a.auth(a.adminToken)).expect(200);
      expect(list.body.invoices[0]).toMatchObject({ status: 'paid' });
      expect(list.body.invoices[0].paidAt).toEqual(expect.any(String));
    });

    it("never lets one company check out or pay another's invoice", async () => {
      const a = await invoicedTenant(t);
      const b = await invoicedTenant(t);
      expect(
        (
          await t
            .http()
            .post('/subscription')
            .set(b.auth(b.adminToken))
            .send({ ...payer, invoiceId: a.invoice.id })
            .expect(404)
        ).body.error,
      ).toBe('ERR_INVOICE_NOT_FOUND');
      const mine = await t
        .http()
        .post('/subscription')
        .set(a.auth(a.adminToken))
        .send({ ...payer, invoiceId: a.invoice.id })
        .expect(201);
      expect((await t.http().post(`/subscription/sandbox/${mine.body.txid}/pay`).set(b.auth(b.adminToken)).expect(404)).body.error).toBe(
        'ERR_CHARGE_NOT_FOUND',
      );
      expect(await dbInvoice(t, a.invoice.id)).toMatchObject({ status: 'open' });
      expect((await dbCompany(t, a.company.id)).dueDate).toBe(addDays(today(), 3));
    });

    it('answers 404 for an unknown invoice and 400 for a malformed one', async () => {
      const a = await createTenant(t);
      expect(
        (
          await t
            .http()
            .post('/subscription')
            .set(a.auth(a.adminToken))
            .send({ ...payer, invoiceId: 999999 })
            .expect(404)
        ).body.error,
      ).toBe('ERR_INVOICE_NOT_FOUND');
      expect(
        (
          await t
            .http()
            .post('/subscription')
            .set(a.auth(a.adminToken))
            .send({ ...payer, invoiceId: 'x' })
            .expect(400)
        ).body.error,
      ).toBe('ERR_VALIDATION');
    });
  });
});

describe('billing: the expired-subscription block', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { PAYMENT_GATEWAY: 'sandbox' } });
  });
  afterAll(() => t.close());

  const expire = (companyId: number, daysAgo = 1) => t.orm.em.fork().nativeUpdate(Company, { id: companyId as never }, { dueDate: addDays(today(), -daysAgo) });

  it('holds an expired company to paying: 402 everywhere but its session, company, settings, invoices and checkout; paying lifts it at once', async () => {
    const a = await invoicedTenant(t, '25.00', 5);
    await expire(a.company.id);
    for (const [path, token] of [
      ['/tickets', a.adminToken],
      ['/contacts', a.userToken],
      ['/queue', a.adminToken],
      ['/users', a.adminToken],
    ] as const) {
      const res = await t.http().get(path).set(a.auth(token)).expect(402);
      expect(res.body.error).toBe('ERR_SUBSCRIPTION_EXPIRED');
    }
    const me = await t.http().get('/auth/me').set(a.auth(a.userToken)).expect(200);
    expect(me.body.company).toMatchObject({ subscriptionExpired: true, dueDate: addDays(today(), -1) });
    await t.http().get(`/companies/${a.company.id}`).set(a.auth(a.userToken)).expect(200);
    await t.http().get('/settings').set(a.auth(a.userToken)).expect(200);
    // An attendant cannot pay (admins only), but is told why by the 402 elsewhere.
    await t.http().get('/invoices/all').set(a.auth(a.userToken)).expect(403);
    const invoices = await t.http().get('/invoices/all').set(a.auth(a.adminToken)).expect(200);
    const charge = await t
      .http()
      .post('/subscription')
      .set(a.auth(a.adminToken))
      .send({ ...payer, invoiceId: invoices.body.invoices[0].id })
      .expect(201);
    await t.http().post(`/subscription/sandbox/${charge.body.txid}/pay`).set(a.auth(a.adminToken)).expect(200);
    // The next call of the same session answers: the block is read per request.
    await t.http().get('/tickets').set(a.auth(a.adminToken)).expect(200);
    expect((await t.http().get('/auth/me').set(a.auth(a.userToken)).expect(200)).body.company).toMatchObject({
      subscriptionExpired: false,
      dueDate: addMonths(today(), 1),
    });
  });

  it('does not hold back on the due date itself, without a due date, super users, or a super user acting as someone', async () => {
    const a = await createTenant(t);
    await expire(a.company.id, 0);
    await t.http().get('/tickets').set(a.auth(a.adminToken)).expect(200);
    await t.orm.em.fork().nativeUpdate(Company, { id: a.company.id }, { dueDate: null });
    await t.http().get('/tickets').set(a.auth(a.adminToken)).expect(200);

    const platform = await createCompany(t.orm, { dueDate: addDays(today(), -30) });
    const root = await createUser(t.orm, { companyId: platform.id, profile: 'admin', super: true });
    const rootToken = (await login(t, root.email)).token;
    await t.http().get('/tickets').set(a.auth(rootToken)).expect(200);
    await expire(a.company.id, 3);
    const acting = await t.http().get(`/auth/impersonate/${a.admin.id}/${root.id}`).set(a.auth(rootToken)).expect(200);
    await t.http().get('/tickets').set(a.auth(acting.body.token)).expect(200);
    await t.http().get('/tickets').set(a.auth(a.adminToken)).expect(402);
  });

  it("holds the company's API tokens too", async () => {
    const a = await createTenant(t);
    const w = (await t.http().post('/whatsapp').set(a.auth(a.adminToken)).send({ name: 'Avisos', provider: 'sandbox' }).expect(201)).body;
    await expire(a.company.id);
    const res = await t.http().post('/messages/send').set('Authorization', `Bearer ${w.token}`).send({ number: '5511999990000', body: 'Olá' }).expect(402);
    expect(res.body.error).toBe('ERR_SUBSCRIPTION_EXPIRED');
  });

  it('keeps a grace period when SUBSCRIPTION_GRACE_DAYS is set', async () => {
    const graced = await createTestApp({ env: { SUBSCRIPTION_GRACE_DAYS: '3' } });
    try {
      const a = await createTenant(graced);
      await graced.orm.em.fork().nativeUpdate(Company, { id: a.company.id }, { dueDate: addDays(today(), -3) });
      await graced.http().get('/tickets').set(a.auth(a.adminToken)).expect(200);
      await graced.orm.em.fork().nativeUpdate(Company, { id: a.company.id }, { dueDate: addDays(today(), -4) });
      expect((await graced.http().get('/tickets').set(a.auth(a.adminToken)).expect(402)).body.error).toBe('ERR_SUBSCRIPTION_EXPIRED');
    } finally {
      await graced.close();
    }
  });
});
