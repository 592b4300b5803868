import { Whatsapp } from '../src/connection/whatsapps/whatsapp.entity';
import { createTestApp, TestApp, until } from './harness';
import { createSuperUser, createTenant } from './factories';

/**
 * SANDBOX_SCAN=manual: a sandbox connection shows its QR code until a sandbox phone scans it
 * (POST /sandbox/connections/{id}/scan), as a real one waits for the phone; the browser tests see the QR code for as
 * long as they need, however slow the machine.
 */
describe('sandbox QR code scanned on demand (SANDBOX_SCAN=manual)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { SANDBOX_SCAN: 'manual' } });
  });
  afterAll(() => t.close());

  const statusOf = async (id: number) => (await t.orm.em.fork().findOne(Whatsapp, id, { filters: false }))?.status;

  it('keeps the QR code up until a phone scans it, then connects; a second scan finds no code', async () => {
    const s = await createTenant(t);
    const root = await createSuperUser(t);
    const asSuper = { Authorization: `Bearer ${root.token}` };
    const w = (await t.http().post('/whatsapp').set(s.auth(s.adminToken)).send({ name: 'Balcão', provider: 'sandbox' }).expect(201)).body;
    await until(async () => (await statusOf(w.id)) === 'qrcode');
    await new Promise((r) => setTimeout(r, 300));
    expect(await statusOf(w.id)).toBe('qrcode');

    await t.http().post(`/sandbox/connections/${w.id}/scan`).set(asSuper).expect(204);
    await until(async () => (await statusOf(w.id)) === 'CONNECTED');
    const again = await t.http().post(`/sandbox/connections/${w.id}/scan`).set(asSuper).expect(409);
    expect(again.body.error).toBe('ERR_SANDBOX_NO_QR_CODE');

    // Disconnected, the code it showed is gone: a new QR code waits for a new scan.
    await t.http().delete(`/whatsappsession/${w.id}`).set(s.auth(s.adminToken)).expect(200);
    await t.http().post(`/sandbox/connections/${w.id}/scan`).set(asSuper).expect(409);
    await t.http().put(`/whatsappsession/${w.id}`).set(s.auth(s.adminToken)).send({}).expect(200);
    await until(async () => (await statusOf(w.id)) === 'qrcode');
    await t.http().post(`/sandbox/connections/${w.id}/scan`).set(asSuper).expect(204);
    await until(async () => (await statusOf(w.id)) === 'CONNECTED');
  });

  it('answers unknown ids, bad ids and a company admin with clear codes', async () => {
    const s = await createTenant(t);
    const root = await createSuperUser(t);
    const asSuper = { Authorization: `Bearer ${root.token}` };
    expect((await t.http().post('/sandbox/connections/999999/scan').set(asSuper).expect(404)).body.error).toBe('ERR_NO_WAPP_FOUND');
    expect((await t.http().post('/sandbox/connections/abc/scan').set(asSuper).expect(400)).body.error).toBe('ERR_VALIDATION');
    const w = (await t.http().post('/whatsapp').set(s.auth(s.adminToken)).send({ name: 'Loja', provider: 'sandbox' }).expect(201)).body;
    expect((await t.http().post(`/sandbox/connections/${w.id}/scan`).set(s.auth(s.adminToken)).expect(403)).body.error).toBe('ERR_NO_PERMISSION');
  });
});
