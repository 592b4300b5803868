import { addDays, addMonths } from '../src/tenant/companies/companies.rules';
import { Invoice } from '../src/tenant/invoices/invoice.entity';
import { PixCharge } from '../src/tenant/subscription/pix-charge.entity';
import { startEfiFake, type EfiFake } from './efi-fake';
import { connectSocket, createTestApp, nextEvent, TestApp } from './harness';
import { dbCompany, dbInvoice, invoicedTenant, payer, today, type Tenant } from './factories/billing';

describe('billing: the Efí gateway against a local fake of its API', () => {
  const credentials = { clientId: 'Client_Id_test', clientSecret: 'Client_Secret_test' };
  const secret = 'a-long-shared-webhook-secret-0123';
  let t: TestApp;
  let efi: EfiFake;
  beforeAll(async () => {
    efi = await startEfiFake(credentials);
    t = await createTestApp({
      env: {
        PAYMENT_GATEWAY: 'efi',
        EFI_BASE_URL: efi.url,
        EFI_CLIENT_ID: credentials.clientId,
        EFI_CLIENT_SECRET: credentials.clientSecret,
        EFI_PIX_KEY: 'pix@atende.example',
        EFI_WEBHOOK_SECRET: secret,
        EFI_WEBHOOK_URL: `https://api.atende.example/subscription/webhook/efi?hmac=${secret}&ignorar=`,
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await efi.close();
  });

  const notify = (pix: unknown[], hmac = secret) => t.http().post('/subscription/webhook/efi/pix').query({ hmac }).send({ pix });
  const checkout = async (a: Tenant & { invoice: Invoice }) =>
    (
      await t
        .http()
        .post('/subscription')
        .set(a.auth(a.adminToken))
        .send({ ...payer, invoiceId: a.invoice.id })
        .expect(201)
    ).body;

  it('registers the webhook at start', () => {
    expect(efi.webhooks.get('pix@atende.example')).toBe(`https://api.atende.example/subscription/webhook/efi?hmac=${secret}&ignorar=`);
    const put = efi.calls.find((c) => c.path.startsWith('/v2/webhook/'))!;
    expect(put.headers['x-skip-mtls-checking']).toBe('true');
  });

  it("opens the charge at Efí with the server's price and our key, and answers Efí's QR code", async () => {
    const a = await invoicedTenant(t, '89.90', 4, 'SEMESTRAL');
    const body = await checkout(a);
    expect(body).toMatchObject({ gateway: 'efi', valor: { original: '539.40' }, status: 'pending' });
    expect(body.qrcode.qrcode).toContain('BR.GOV.BCB.PIX');
    expect(body.qrcode.imagemQrcode).toMatch(/^data:image\/png;base64,/);
    expect(efi.charges.get(body.txid)).toMatchObject({ valor: { original: '539.40' }, chave: 'pix@atende.example' });
    const put = efi.calls.find((c) => c.method === 'PUT' && c.path === `/v2/cob/${body.txid}`)!;
    expect(put.headers.authorization).toMatch(/^Bearer tok\d+$/);
    expect(put.body).toMatchObject({ calendario: { expiracao: 3600 } });
  });

  it('settles a verified notice once: invoice paid, due date one period on, replay and duplicates change nothing', async () => {
    const a = await invoicedTenant(t, '50.00', 2, 'MENSAL');
    const { txid } = await checkout(a);
    const entry = { endToEndId: 'E18236120202611261200s0123456789', txid, chave: 'pix@atende.example', valor: '50.00', horario: new Date().toISOString() };
    const socket = await connectSocket(t.url, a.userToken);
    try {
      const payment = nextEvent<{ action: string; company: { dueDate: string } }>(socket, `company-${a.company.id}-payment`);
      await notify([entry]).expect(200, { ok: true });
      expect(await payment).toMatchObject({ action: 'CONCLUIDA', company: { dueDate: addMonths(addDays(today(), 2), 1) } });
    } finally {
      socket.close();
    }
    expect(await dbInvoice(t, a.invoice.id)).toMatchObject({ status: 'paid' });
    const charge = await t.orm.em.fork().findOneOrFail(PixCharge, { txid }, { filters: false });
    expect(charge).toMatchObject({ status: 'paid', endToEndId: entry.endToEndId });
    // Efí retries: the same notice again, twice at once.
    await Promise.all([notify([entry]).expect(200), notify([entry]).expect(200)]);
    expect((await dbCompany(t, a.company.id)).dueDate).toBe(addMonths(addDays(today(), 2), 1));
  });

  it('refuses a notice without our secret and changes nothing', async () => {
    const a = await invoicedTenant(t, '50.00', 2);
    const { txid } = await checkout(a);
    const entry = { endToEndId: 'E18236120202611261200s0000000001', txid, valor: '50.00', horario: new Date().toISOString() };
    expect((await notify([entry], 'wrong-secret').expect(401)).body.error).toBe('ERR_WEBHOOK_SIGNATURE');
    expect(
      (
        await t
          .http()
          .post('/subscription/webhook/efi/pix')
          .send({ pix: [entry] })
          .expect(401)
      ).body.error,
    ).toBe('ERR_WEBHOOK_SIGNATURE');
    expect((await t.http().post('/subscription/webhook/efi').query({ hmac: 'x' }).send({ evento: 'teste_webhook' }).expect(401)).body.error).toBe(
      'ERR_WEBHOOK_SIGNATURE',
    );
    expect(await dbInvoice(t, a.invoice.id)).toMatchObject({ status: 'open' });
    expect((await dbCompany(t, a.company.id)).dueDate).toBe(addDays(today(), 2));
  });

  it("answers Efí's registration test, and ignores unknown charges and short payments", async () => {
    await t.http().post('/subscription/webhook/efi').query({ hmac: secret }).send({ evento: 'teste_webhook' }).expect(200, { ok: true });
    await t.http().post('/subscription/webhook/efi/pix').query({ hmac: secret }).send({ evento: 'teste_webhook' }).expect(200);
    await notify([{ endToEndId: 'E1', txid: 'unknownTxid0000000000000000000', valor: '10.00' }]).expect(200);
    const a = await invoicedTenant(t, '50.00', 2);
    const { txid } = await checkout(a);
    await notify([{ endToEndId: 'E18236120202611261200s0000000002', txid, valor: '49.99' }]).expect(200);
    expect(await dbInvoice(t, a.invoice.id)).toMatchObject({ status: 'open' });
    await notify([{ txid }, 'garbage', null]).expect(200);
    expect(await dbInvoice(t, a.invoice.id)).toMatchObject({ status: 'open' });
  });

  it('answers 502 when Efí refuses the charge, storing no charge, and renews a token Efí revoked', async () => {
    const a = await invoicedTenant(t, '50.00', 2);
    efi.failNext('/v2/cob/', 500);
    expect(
      (
        await t
          .http()
          .post('/subscription')
          .set(a.auth(a.adminToken))
          .send({ ...payer, invoiceId: a.invoice.id })
          .expect(502)
      ).body.error,
    ).toBe('ERR_PAYMENT_GATEWAY_FAILED');
    expect(await t.orm.em.fork().count(PixCharge, { companyId: a.company.id }, { filters: false })).toBe(0);
    efi.expireTokens();
    const tokensBefore = efi.calls.filter((c) => c.path === '/oauth/token').length;
    await checkout(a);
    expect(efi.calls.filter((c) => c.path === '/oauth/token').length).toBe(tokensBefore + 1);
  });
});

describe('billing: no gateway configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { PAYMENT_GATEWAY: 'none' } });
  });
  afterAll(() => t.close());

  it('answers 503 ERR_PAYMENT_GATEWAY_NOT_CONFIGURED at checkout and for the sandbox payment; invoices still list', async () => {
    const a = await invoicedTenant(t);
    expect(
      (
        await t
          .http()
          .post('/subscription')
          .set(a.auth(a.adminToken))
          .send({ ...payer, invoiceId: a.invoice.id })
          .expect(503)
      ).body.error,
    ).toBe('ERR_PAYMENT_GATEWAY_NOT_CONFIGURED');
    expect((await t.http().post('/subscription/sandbox/abc/pay').set(a.auth(a.adminToken)).expect(503)).body.error).toBe('ERR_PAYMENT_GATEWAY_NOT_CONFIGURED');
    expect((await t.http().get('/invoices/all').set(a.auth(a.adminToken)).expect(200)).body.count).toBe(1);
  });
});
