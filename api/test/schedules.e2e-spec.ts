import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Message } from '../src/ticket/messages/message.entity';
import { Ticket } from '../src/ticket/tickets/ticket.entity';
import { Schedule } from '../src/campaign/schedules/schedule.entity';
import { ScheduleSendService } from '../src/campaign/schedules/schedule-send.service';
import { ScheduleSweeperService } from '../src/campaign/schedules/schedule-sweeper.service';
import { createTestApp, sleep, TestApp, until } from './harness';
import { createContact, createSandboxConnection, createTenant, sandboxOf } from './factories';

type Tenant = Awaited<ReturnType<typeof createTenant>>;
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(60, 1)]);
const messagesOf = (body: { fields?: { field: string; messages: string[] }[] }) => Object.fromEntries((body.fields ?? []).map((f) => [f.field, f.messages]));

/**
 * Scheduled messages (back-office Schedules, issue 12): CRUD for every user of the company, and each schedule sent
 * exactly once at its time through the outbound pipeline, surviving lost jobs and downtime.
 */
describe('schedules', () => {
  let t: TestApp;
  let sender: ScheduleSendService;
  let sweeper: ScheduleSweeperService;
  beforeAll(async () => {
    // A long sweep interval: the tests run the sweeper themselves.
    t = await createTestApp({ env: { SCHEDULE_SWEEP_MS: '600000', SEND_RETRY_DELAY_MS: '50' } });
    sender = t.app.get(ScheduleSendService);
    sweeper = t.app.get(ScheduleSweeperService);
  });
  afterAll(() => t.close());

  const em = () => t.orm.em.fork();
  const api = (tenant: Tenant, token = tenant.userToken) => {
    const h = { Authorization: `Bearer ${token}` };
    return {
      get: (p: string) => t.http().get(p).set(h),
      post: (p: string) => t.http().post(p).set(h),
      put: (p: string) => t.http().put(p).set(h),
      delete: (p: string) => t.http().delete(p).set(h),
    };
  };
  const dbSchedule = (id: number) => em().findOneOrFail(Schedule, { id }, { filters: false });
  const inboxOf = (phone: string) => sandboxOf(t).phone(phone).inbox;
  const inHours = (h: number) => new Date(Date.now() + h * 3600_000).toISOString();

  /** A company with a connected sandbox connection and a contact whose phone is on the sandbox network. */
  async function setup() {
    const tenant = await createTenant(t);
    const whatsapp = await createSandboxConnection(t, tenant.company.id);
    const contact = await createContact(t.orm, tenant.company.id, { name: 'Maria Cliente' });
    return { ...tenant, whatsapp, contact };
  }

  describe('the routes', () => {
    it('creates, reads, lists, searches, updates and deletes, for any user of the company, with the contact nested', async () => {
      const s = await setup();
      const created = await api(s)
        .post('/schedules')
        .send({ body: '  Lembrete: consulta amanhã às 10h  ', contactId: s.contact.id, sendAt: inHours(24), companyId: 999, status: 'ENVIADA' })
        .expect(201);
      expect(created.body).toEqual({
        id: expect.any(Number),
        body: 'Lembrete: consulta amanhã às 10h',
        contactId: s.contact.id,
        contact: { id: s.contact.id, name: 'Maria Cliente', number: s.contact.number, profilePicUrl: null },
        userId: s.user.id,
        sendAt: expect.any(String),
        sentAt: null,
        status: 'PENDENTE',
        error: null,
        ticketId: null,
        messageId: null,
        mediaPath: null,
        mediaName: null,
        companyId: s.company.id,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
      const id = created.body.id as number;
      // The admin sees and edits the attendant's schedule: every user manages the company's schedules.
      expect((await api(s, s.adminToken).get(`/schedules/${id}`).expect(200)).body).toEqual(created.body);
      const other = await createContact(t.orm, s.company.id, { name: 'João Fornecedor' });
      const old = await api(s)
        .post('/schedules')
        .send({ body: 'Antigo demais', contactId: other.id, sendAt: inHours(-24 * 90) })
        .expect(201);
      const recent = await api(s)
        .post('/schedules')
        .send({ body: 'Semana passada', contactId: other.id, sendAt: inHours(-24 * 7) })
        .expect(201);

      const list = (await api(s).get('/schedules').expect(200)).body;
      expect(list.schedules.map((x: { id: number }) => x.id)).toEqual([recent.body.id, id]);
      expect(list).toMatchObject({ count: 2, hasMore: false });
      expect((await api(s).get('/schedules?daysAgo=120').expect(200)).body.schedules.map((x: { id: number }) => x.id)).toEqual([
        old.body.id,
        recent.body.id,
        id,
      ]);
      expect((await api(s).get('/schedules?searchParam=MARIA').expect(200)).body.schedules.map((x: { id: number }) => x.id)).toEqual([id]);
      expect((await api(s).get('/schedules?searchParam=semana').expect(200)).body.schedules.map((x: { id: number }) => x.id)).toEqual([recent.body.id]);
      expect((await api(s).get(`/schedules?contactId=${other.id}`).expect(200)).body.count).toBe(1);

      const moved = inHours(48);
      const updated = await api(s, s.adminToken)
        .put(`/schedules/${id}`)
        .send({ body: 'Lembrete: consulta depois de amanhã', contactId: other.id, sendAt: moved })
        .expect(200);
      expect(updated.body).toMatchObject({
        body: 'Lembrete: consulta depois de amanhã',
        contactId: other.id,
        contact: { name: 'João Fornecedor' },
        sendAt: moved,
        userId: s.user.id,
      });

      await api(s).delete(`/schedules/${id}`).expect(204);
      expect((await api(s).get(`/schedules/${id}`).expect(404)).body.error).toBe('ERR_SCHEDULE_NOT_FOUND');
      await api(s).delete(`/schedules/${id}`).expect(404);
    });

    it.each([
      ['body missing', { body: undefined }, 'body', 'Obrigatório'],
      ['body blank', { body: '   ' }, 'body', 'Obrigatório'],
      ['body too short', { body: 'Oi! ' }, 'body', 'Mensagem muito curta'],
      ['body too long', { body: 'b'.repeat(10_001) }, 'body', 'Too Long!'],
      ['contact missing', { contactId: undefined }, 'contactId', 'Obrigatório'],
      ['sendAt missing', { sendAt: undefined }, 'sendAt', 'Obrigatório'],
      ['sendAt not a date', { sendAt: 'amanhã' }, 'sendAt', 'Data inválida'],
    ])('refuses %s with the spec text', async (_name, change, field, text) => {
      const s = await setup();
      const res = await api(s)
        .post('/schedules')
        .send({ body: 'Mensagem válida', contactId: s.contact.id, sendAt: inHours(1), ...change })
        .expect(400);
      expect(res.body.error).toBe('ERR_VALIDATION');
      expect(messagesOf(res.body)[field]).toContain(text);
      expect(Object.keys(messagesOf(res.body))).toEqual([field]);
    });

    it("refuses another company's contact, on create and on update", async () => {
      const s = await setup();
      const other = await setup();
      const res = await api(s)
        .post('/schedules')
        .send({ body: 'Para o contato de outra empresa', contactId: other.contact.id, sendAt: inHours(1) })
        .expect(404);
      expect(res.body.error).toBe('ERR_NO_CONTACT_FOUND');
      const mine = (
        await api(s)
          .post('/schedules')
          .send({ body: 'Para o meu contato', contactId: s.contact.id, sendAt: inHours(1) })
          .expect(201)
      ).body;
      expect((await api(s).put(`/schedules/${mine.id}`).send({ contactId: other.contact.id }).expect(404)).body.error).toBe('ERR_NO_CONTACT_FOUND');
      expect((await dbSchedule(mine.id)).contact.id).toBe(s.contact.id);
    });

    it('takes a PNG or JPEG image, told from its bytes (a PDF is 415), and removes it', async () => {
      const s = await setup();
      const row = (
        await api(s)
          .post('/schedules')
          .send({ body: 'Com imagem anexada', contactId: s.contact.id, sendAt: inHours(5) })
          .expect(201)
      ).body;
      const refused = await api(s).post(`/schedules/${row.id}/media-upload`).attach('file', PDF, 'foto.png').expect(415);
      expect(refused.body.error).toBe('ERR_UNSUPPORTED_MEDIA_TYPE');
      const up = await api(s).post(`/schedules/${row.id}/media-upload`).attach('file', PNG, 'promoção.png').expect(201);
      expect(up.body).toMatchObject({ mediaName: 'promoção.png', mediaPath: expect.stringMatching(/^sc\d+-[0-9a-f]{16}\.png$/) });
      const file = join(t.config.mediaDir, `company${s.company.id}`, 'schedules', up.body.mediaPath);
      expect(existsSync(file)).toBe(true);
      const cleared = await api(s).delete(`/schedules/${row.id}/media-upload`).expect(200);
      expect(cleared.body).toMatchObject({ mediaPath: null, mediaName: null });
      expect(existsSync(file)).toBe(false);
    });

    it("is the company's: another company gets 404 on every route and an empty list; a plan without schedules is ERR_PLAN_FEATURE_DISABLED", async () => {
      const s = await setup();
      const other = await setup();
      const row = (
        await api(s)
          .post('/schedules')
          .send({ body: 'Só da empresa A', contactId: s.contact.id, sendAt: inHours(3) })
          .expect(201)
      ).body;
      const o = api(other);
      await o.get(`/schedules/${row.id}`).expect(404);
      await o.put(`/schedules/${row.id}`).send({ body: 'Tomado pela B' }).expect(404);
      await o.delete(`/schedules/${row.id}`).expect(404);
      await o.post(`/schedules/${row.id}/media-upload`).attach('file', PNG, 'x.png').expect(404);
      await o.delete(`/schedules/${row.id}/media-upload`).expect(404);
      expect((await o.get('/schedules').expect(200)).body).toEqual({ schedules: [], count: 0, hasMore: false });
      expect((await o.get(`/schedules?contactId=${s.contact.id}`).expect(200)).body.count).toBe(0);
      expect((await dbSchedule(row.id)).body).toBe('Só da empresa A');

      const noPlan = await createTenant(t, { useSchedules: false });
      for (const call of [
        api(noPlan).get('/schedules'),
        api(noPlan).get(`/schedules/${row.id}`),
        api(noPlan).post('/schedules').send({}),
        api(noPlan).put(`/schedules/${row.id}`).send({}),
        api(noPlan).delete(`/schedules/${row.id}`),
      ]) {
        expect((await call.expect(403)).body.error).toBe('ERR_PLAN_FEATURE_DISABLED');
      }
    });
  });

  describe('sending', () => {
    it('sends a schedule due in a second once, through the outbound pipeline: ENVIADA with its ticket and message', async () => {
      const s = await setup();
      const sendAt = new Date(Date.now() + 1200).toISOString();
      const row = (await api(s).post('/schedules').send({ body: 'Seu pedido chega hoje', contactId: s.contact.id, sendAt }).expect(201)).body;
      const got = await until(() => inboxOf(s.contact.number).find((m) => m.body === 'Seu pedido chega hoje'), 10_000);
      expect(Date.now()).toBeGreaterThanOrEqual(new Date(sendAt).getTime());
      expect(got.whatsappId).toBe(s.whatsapp.id);
      const sent = await until(async () => {
        const r = (await api(s).get(`/schedules/${row.id}`).expect(200)).body;
        return r.status === 'ENVIADA' && r;
      });
      expect(sent).toMatchObject({ status: 'ENVIADA', sentAt: expect.any(String), ticketId: expect.any(Number), messageId: expect.any(String), error: null });
      const message = await em().findOneOrFail(Message, { id: sent.messageId }, { filters: false });
      expect(message).toMatchObject({ source: 'schedule', fromMe: true, body: 'Seu pedido chega hoje', userId: s.user.id });
      const ticket = await em().findOneOrFail(Ticket, { id: sent.ticketId }, { filters: false, populate: ['contact'] });
      expect(ticket.contact.id).toBe(s.contact.id);
      // Later sweeps and a late duplicate job change nothing.
      await sweeper.sweep();
      expect(await sender.send(s.company.id, row.id, new Date(sendAt).getTime())).toBe('skipped');
      await sleep(500);
      expect(inboxOf(s.contact.number).filter((m) => m.body === 'Seu pedido chega hoje')).toHaveLength(1);
      // A sent schedule is history: it cannot be saved again.
      const refused = await api(s).put(`/schedules/${row.id}`).send({ body: 'Mudando depois de enviado' }).expect(409);
      expect(refused.body.error).toBe('ERR_SCHEDULE_ALREADY_SENT');
      await api(s).post(`/schedules/${row.id}/media-upload`).attach('file', PNG, 'x.png').expect(409);
      await api(s).delete(`/schedules/${row.id}`).expect(204);
    });

    it('sends an overdue schedule stored while the platform was down when the sweeper runs (no job in Redis)', async () => {
      const s = await setup();
      const e = em();
      const row = e.create(Schedule, {
        companyId: s.company.id,
        body: 'Enviado ao voltar',
        contact: s.contact,
        sendAt: new Date(Date.now() - 3 * 3600_000),
        userId: s.user.id,
      });
      await e.flush();
      await sleep(300);
      expect(inboxOf(s.contact.number)).toHaveLength(0);
      await sweeper.sweep();
      await until(() => inboxOf(s.contact.number).find((m) => m.body === 'Enviado ao voltar'));
      await until(async () => (await dbSchedule(row.id)).status === 'ENVIADA');
      await sweeper.sweep();
      await sleep(300);
      expect(inboxOf(s.contact.number).filter((m) => m.body === 'Enviado ao voltar')).toHaveLength(1);
    });

    it('two jobs for one schedule run at the same time: exactly one sends', async () => {
      const s = await setup();
      const sendAt = new Date(Date.now() - 1000);
      const e = em();
      const row = e.create(Schedule, { companyId: s.company.id, body: 'Uma vez só, por favor', contact: s.contact, sendAt });
      await e.flush();
      const runs = await Promise.all([0, 1, 2, 3].map(() => sender.send(s.company.id, row.id, sendAt.getTime())));
      expect(runs.filter((r) => r === 'sent')).toHaveLength(1);
      expect(runs.filter((r) => r === 'skipped')).toHaveLength(3);
      await until(() => inboxOf(s.contact.number).find((m) => m.body === 'Uma vez só, por favor'));
      await sleep(500);
      expect(inboxOf(s.contact.number).filter((m) => m.body === 'Uma vez só, por favor')).toHaveLength(1);
      expect(await em().count(Message, { body: 'Uma vez só, por favor' }, { filters: false })).toBe(1);
    });

    it("a schedule moved to another time: the old time's job does nothing, the new one sends", async () => {
      const s = await setup();
      const first = new Date(Date.now() + 1000);
      const row = (await api(s).post('/schedules').send({ body: 'Horário alterado', contactId: s.contact.id, sendAt: first.toISOString() }).expect(201)).body;
      await api(s)
        .put(`/schedules/${row.id}`)
        .send({ sendAt: inHours(2) })
        .expect(200);
      await sleep(2000);
      expect(inboxOf(s.contact.number)).toHaveLength(0);
      expect(await sender.send(s.company.id, row.id, first.getTime())).toBe('skipped');
      expect((await dbSchedule(row.id)).status).toBe('PENDENTE');
      const soon = new Date(Date.now() + 500);
      await api(s).put(`/schedules/${row.id}`).send({ sendAt: soon.toISOString() }).expect(200);
      await until(() => inboxOf(s.contact.number).find((m) => m.body === 'Horário alterado'));
    });

    it('sends the image with the text as its caption, from a copy of its own', async () => {
      const s = await setup();
      const row = (
        await api(s)
          .post('/schedules')
          .send({ body: 'Confira nossa promoção', contactId: s.contact.id, sendAt: inHours(1) })
          .expect(201)
      ).body;
      const up = (await api(s).post(`/schedules/${row.id}/media-upload`).attach('file', PNG, 'promo.png').expect(201)).body;
      await api(s)
        .put(`/schedules/${row.id}`)
        .send({ sendAt: new Date(Date.now() + 300).toISOString() })
        .expect(200);
      const got = await until(() => inboxOf(s.contact.number).find((m) => m.type === 'image'));
      expect(got.body).toBe('Confira nossa promoção');
      const sent = await until(async () => {
        const r = await dbSchedule(row.id);
        return r.status === 'ENVIADA' && r;
      });
      const message = await em().findOneOrFail(Message, { id: sent.messageId! }, { filters: false });
      expect(message).toMatchObject({ mediaType: 'image', media: { name: 'promo.png' } });
      expect(message.media.path).not.toContain(up.mediaPath);
      expect(existsSync(join(t.config.mediaDir, `company${s.company.id}`, message.media.path!))).toBe(true);
    });

    it('a company without a connection: ERRO with the reason; saving it again puts it back to PENDENTE', async () => {
      const tenant = await createTenant(t);
      const contact = await createContact(t.orm, tenant.company.id);
      const row = (
        await api(tenant)
          .post('/schedules')
          .send({ body: 'Sem conexão nenhuma', contactId: contact.id, sendAt: new Date(Date.now() + 200).toISOString() })
          .expect(201)
      ).body;
      const failed = await until(async () => {
        const r = (await api(tenant).get(`/schedules/${row.id}`).expect(200)).body;
        return r.status === 'ERRO' && r;
      });
      expect(failed.error).toMatch(/conexão/);
      const saved = await api(tenant)
        .put(`/schedules/${row.id}`)
        .send({ sendAt: inHours(1) })
        .expect(200);
      expect(saved.body).toMatchObject({ status: 'PENDENTE', error: null });
    });

    it('the sweeper queues again the message of a sent schedule that was never queued (a crash after the commit)', async () => {
      const s = await setup();
      const e = em();
      const ticket = e.create(Ticket, { uuid: crypto.randomUUID(), companyId: s.company.id, status: 'pending', contact: s.contact, whatsapp: s.whatsapp.id });
      await e.flush();
      const message = e.create(Message, {
        companyId: s.company.id,
        ticket,
        contact: s.contact,
        whatsappId: s.whatsapp.id,
        body: 'Perdida entre o commit e a fila',
        fromMe: true,
        read: true,
        ack: 0,
        source: 'schedule',
        createdAt: new Date(Date.now() - 120_000),
      });
      await e.flush();
      e.create(Schedule, {
        companyId: s.company.id,
        body: 'Perdida entre o commit e a fila',
        contact: s.contact,
        sendAt: new Date(Date.now() - 120_000),
        sentAt: new Date(Date.now() - 120_000),
        status: 'ENVIADA',
        ticketId: ticket.id,
        messageId: String(message.id),
      });
      await e.flush();
      await sleep(300);
      expect(inboxOf(s.contact.number)).toHaveLength(0);
      await sweeper.sweep();
      await until(() => inboxOf(s.contact.number).find((m) => m.body === 'Perdida entre o commit e a fila'));
    });
  });
});
