import { createTestApp, TestApp } from './harness';
import { createTenant, createWhatsapp } from './factories';
import { Whatsapp } from '../src/connection/whatsapps/whatsapp.entity';

describe('connections (GET /whatsapp)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('gives the QR code only to users who may manage connections; the others see name and status', async () => {
    const tenant = await createTenant(t);
    const w = await createWhatsapp(t.orm, tenant.company.id, { name: 'Loja', status: 'qrcode' });
    await t.orm.em.fork().nativeUpdate(Whatsapp, { id: w.id }, { qrcode: '2@segredo-do-qr' }, { filters: false });

    const asAdmin = tenant.auth(tenant.adminToken);
    expect((await t.http().get(`/whatsapp/${w.id}`).set(asAdmin).expect(200)).body).toMatchObject({
      name: 'Loja',
      status: 'qrcode',
      qrcode: '2@segredo-do-qr',
    });
    expect((await t.http().get('/whatsapp').set(asAdmin).expect(200)).body).toEqual([expect.objectContaining({ id: w.id, qrcode: '2@segredo-do-qr' })]);

    const asAttendant = tenant.auth(tenant.userToken);
    const one = (await t.http().get(`/whatsapp/${w.id}`).set(asAttendant).expect(200)).body;
    expect(one).toMatchObject({ id: w.id, name: 'Loja', status: 'qrcode', qrcode: null });
    const all = await t.http().get('/whatsapp?session=0').set(asAttendant).expect(200);
    expect(all.body).toEqual([expect.objectContaining({ id: w.id, name: 'Loja', status: 'qrcode', qrcode: null })]);
    expect(JSON.stringify([one, all.body])).not.toContain('segredo');
  });
});
