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

  it('a pairing code: shown for the number asked, refused when wrong or typed on another phone, the right one connects', async () => {
    const s = await createTenant(t);
    const root = await createSuperUser(t);
    const asSuper = { Authorization: `Bearer ${root.token}` };
    const number = `55119${Math.floor(10000000 + Math.random() * 89999999)}`;
    const w = (await t.http().post('/whatsapp').set(s.auth(s.adminToken)).send({ name: 'Pareamento', provider: 'sandbox' }).expect(201)).body;
    await until(async () => (await statusOf(w.id)) === 'qrcode');
    // No code asked for yet: nothing to type.
    expect((await t.http().post(`/sandbox/phones/${number}/link`).set(asSuper).send({ code: 'ABCD-EFGH' }).expect(409)).body.error).toBe(
      'ERR_SANDBOX_NO_PAIRING_CODE',
    );

    await t.http().post(`/whatsappsession/${w.id}`).set(s.auth(s.adminToken)).send({ pairingNumber: number }).expect(200);
    await until(async () => (await statusOf(w.id)) === 'PAIRING');
    // What the connections screen reads (GET /whatsapp/{id}): the code where the QR code was.
    const shown = (await t.http().get(`/whatsapp/${w.id}`).set(s.auth(s.adminToken)).expect(200)).body;
    expect(shown).toMatchObject({ status: 'PAIRING', qrcode: null });
    expect(shown.pairingCode).toMatch(/^[1-9A-HJ-NP-TV-Z]{8}$/);
    const code: string = shown.pairingCode;
    const typed = `${code.slice(0, 4)}-${code.slice(4)}`.toLowerCase();
    const wrong = code.startsWith('A') ? 'BBBBBBBB' : 'AAAAAAAA';

    const refused = await t.http().post(`/sandbox/phones/${number}/link`).set(asSuper).send({ code: wrong }).expect(400);
    expect(refused.body.error).toBe('ERR_SANDBOX_WRONG_PAIRING_CODE');
    // Another phone typing the right code links nothing: the code is for this number.
    await t.http().post(`/sandbox/phones/5511900001111/link`).set(asSuper).send({ code }).expect(409);
    expect((await t.http().post(`/sandbox/phones/${number}/link`).set(asSuper).send({ code: 'nope!' }).expect(400)).body.error).toBe('ERR_VALIDATION');
    await new Promise((r) => setTimeout(r, 200));
    expect(await statusOf(w.id)).toBe('PAIRING');

    // Typed as the phone shows it (ABCD-EFGH, any case): connected, with that phone's number.
    await t.http().post(`/sandbox/phones/${number}/link`).set(asSuper).send({ code: typed }).expect(204);
    await until(async () => (await statusOf(w.id)) === 'CONNECTED');
    expect((await t.http().get(`/whatsapp/${w.id}`).set(s.auth(s.adminToken)).expect(200)).body).toMatchObject({ number, pairingCode: null, qrcode: null });
    expect((await t.http().post(`/sandbox/phones/${number}/link`).set(asSuper).send({ code }).expect(409)).body.error).toBe('ERR_SANDBOX_NO_PAIRING_CODE');
    expect((await t.http().post(`/sandbox/phones/${number}/link`).set(s.auth(s.adminToken)).send({ code }).expect(403)).body.error).toBe('ERR_NO_PERMISSION');
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
