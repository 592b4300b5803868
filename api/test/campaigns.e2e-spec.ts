import { Whatsapp } from '../src/connection/whatsapps/whatsapp.entity';
import { SANDBOX_NETWORK } from '../src/connection/sandbox-api/sandbox.service';
import type { SandboxNetwork } from '../src/connection/providers/sandbox/sandbox-network';
import { CampaignDispatchService } from '../src/campaign/campaigns/campaign-dispatch.service';
import { asCompanyId } from '../src/common/tenancy/company-id';
import { createTestApp, sleep, TestApp, until } from './harness';
import { createSuperUser, createTenant } from './factories';

type Tenant = Awaited<ReturnType<typeof createTenant>>;

/** Campaigns: the spec's rules and state machine, dispatch on the sandbox network, confirmations, isolation. */
describe('campaigns', () => {
  let t: TestApp;
  let superToken: string;
  let network: SandboxNetwork;
  let dispatch: CampaignDispatchService;
  beforeAll(async () => {
    t = await createTestApp({ env: { SEND_RETRY_DELAY_MS: '50', CAMPAIGN_SWEEP_MS: '1000' } });
    superToken = (await createSuperUser(t)).token;
    network = t.app.get(SANDBOX_NETWORK);
    dispatch = t.app.get(CampaignDispatchService);
  });
  afterAll(() => t.close());

  let phoneSeq = 0;
  const phone = () => `5511${String(900000000 + process.pid * 100 + ++phoneSeq * 7919).slice(-9)}`;
  const inboxOf = async (number: string) =>
    (await t.http().get(`/sandbox/phones/${number}/inbox`).set('Authorization', `Bearer ${superToken}`).expect(200)).body as { body: string }[];
  const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => t.orm.em.fork().execute<T[]>(query, params);

  async function setup(settings?: { messageInterval: number; longerIntervalAfter: number; greaterInterval: number }) {
    const tenant = await createTenant(t);
    const w = (await t.http().post('/whatsapp').set(tenant.auth(tenant.adminToken)).send({ name: 'Vendas', provider: 'sandbox' }).expect(201)).body;
    await until(async () => (await t.orm.em.fork().findOne(Whatsapp, w.id, { filters: false }))?.status === 'CONNECTED');
    if (settings) await api(tenant).post('/campaign-settings').send({ settings }).expect(200);
    return { ...tenant, whatsappId: w.id as number };
  }
  const api = (s: Tenant, token = s.adminToken) => ({
    get: (path: string) => t.http().get(path).set(s.auth(token)),
    post: (path: string) => t.http().post(path).set(s.auth(token)),
    put: (path: string) => t.http().put(path).set(s.auth(token)),
    delete: (path: string) => t.http().delete(path).set(s.auth(token)),
  });
  /** A contact list with these people, written as the import would (the import has its own tests). */
  async function contactList(s: Tenant, people: { name: string; number: string; valid?: boolean | null }[]) {
    const [list] = await sql<{ id: number }>(
      `insert into contact_lists (company_id, name, created_at, updated_at) values (?, 'Clientes', now(), now()) returning id`,
      [s.company.id],
    );
    for (const p of people) {
      await sql(
        `insert into contact_list_items (company_id, contact_list_id, name, number, email, is_whatsapp_valid, created_at, updated_at) values (?, ?, ?, ?, ?, ?, now(), now())`,
        [s.company.id, list.id, p.name, p.number, `${p.name.toLowerCase()}@example.com`, p.valid ?? null],
      );
    }
    return list.id;
  }
  const statusOf = async (s: Tenant, id: number) => (await api(s).get(`/campaigns/${id}`).expect(200)).body.campaign.status as string;

  describe('rules', () => {
    it('saves a draft without a time (INATIVA) and a complete one with a time (PROGRAMADA); names and references are checked', async () => {
      const s = await setup();
      const draft = await api(s).post('/campaigns').send({ name: 'Black Friday' }).expect(201);
      expect(draft.body).toMatchObject({ name: 'Black Friday', status: 'INATIVA', editable: 'all', contactList: null, whatsapp: null, confirmation: false });

      const bad = await api(s).post('/campaigns').send({ name: 'x' }).expect(400);
      expect(bad.body.fields).toEqual([{ field: 'name', messages: ['Too Short!'] }]);
      await api(s).post('/campaigns').send({}).expect(400);

      const other = await setup();
      const foreign = await api(s).post('/campaigns').send({ name: 'Roubo', whatsappId: other.whatsappId }).expect(400);
      expect(foreign.body).toMatchObject({ error: 'ERR_VALIDATION', fields: [{ field: 'whatsappId', messages: ['Not found'] }] });

      const incomplete = await api(s)
        .post('/campaigns')
        .send({ name: 'Sem nada', scheduledAt: new Date(Date.now() + 3 * 3600_000) })
        .expect(400);
      expect(incomplete.body.error).toBe('ERR_CAMPAIGN_INCOMPLETE');
      expect(incomplete.body.fields.map((f: { field: string }) => f.field)).toEqual(['whatsappId', 'contactListId', 'message1']);

      const listId = await contactList(s, [{ name: 'Ana', number: phone() }]);
      const later = new Date(Date.now() + 3 * 3600_000);
      const scheduled = await api(s)
        .post('/campaigns')
        .send({ name: 'Natal', whatsappId: s.whatsappId, contactListId: listId, message1: 'Olá {nome}', scheduledAt: later })
        .expect(201);
      expect(scheduled.body).toMatchObject({
        status: 'PROGRAMADA',
        editable: 'all',
        contactList: { id: listId, name: 'Clientes' },
        whatsapp: { id: s.whatsappId, name: 'Vendas' },
      });

      const list = await api(s).get('/campaigns?searchParam=natal').expect(200);
      expect(list.body).toMatchObject({ count: 1, hasMore: false, records: [{ id: scheduled.body.id }] });
      const report = await api(s).get(`/campaigns/${scheduled.body.id}`).expect(200);
      expect(report.body).toMatchObject({ valids: 1, confirmationRequested: 0, confirmed: 0, delivered: 0, planned: 0 });
    });

    it('keeps the editability rules: within the hour or running it is read-only, a cancelled one changes only its messages', async () => {
      const s = await setup();
      const listId = await contactList(s, [{ name: 'Ana', number: phone() }]);
      const soon = await api(s)
        .post('/campaigns')
        .send({ name: 'Logo', whatsappId: s.whatsappId, contactListId: listId, message1: 'Oi', scheduledAt: new Date(Date.now() + 30 * 60_000) })
        .expect(201);
      expect(soon.body.editable).toBe('none');
      expect((await api(s).put(`/campaigns/${soon.body.id}`).send({ name: 'Outro' }).expect(409)).body.error).toBe('ERR_CAMPAIGN_NOT_EDITABLE');
      await api(s).post(`/campaigns/${soon.body.id}/restart`).expect(409);

      await sql(`update campaigns set status = 'CANCELADA' where id = ?`, [soon.body.id]);
      const edited = await api(s).put(`/campaigns/${soon.body.id}`).send({ message1: 'Oi de novo', name: 'Logo' }).expect(200);
      expect(edited.body).toMatchObject({ message1: 'Oi de novo', status: 'CANCELADA', editable: 'messages' });
      const refused = await api(s).put(`/campaigns/${soon.body.id}`).send({ name: 'Renomeada' }).expect(409);
      expect(refused.body.message).toContain('name');

      // Sending, with a recipient planned for tomorrow (so the dispatcher has nothing to finish meanwhile).
      await sql(`update campaigns set status = 'EM_ANDAMENTO' where id = ?`, [soon.body.id]);
      await sql(
        `insert into campaign_shippings (company_id, campaign_id, number, slot, planned_at) values (?, ?, '5511900000000', 1, now() + interval '1 day')`,
        [s.company.id, soon.body.id],
      );
      expect((await api(s).delete(`/campaigns/${soon.body.id}`).expect(409)).body.error).toBe('ERR_CAMPAIGN_STATUS');
      await api(s).post(`/campaigns/${soon.body.id}/cancel`).expect(200);
      await api(s).post(`/campaigns/${soon.body.id}/cancel`).expect(409);
      await api(s).delete(`/campaigns/${soon.body.id}`).expect(204);
      await api(s).get(`/campaigns/${soon.body.id}`).expect(404);
    });

    it("is the company admins': another company gets 404 everywhere, attendants 403, a plan without campaigns ERR_PLAN_FEATURE_DISABLED", async () => {
      const s = await setup();
      const other = await setup();
      const c = (await api(s).post('/campaigns').send({ name: 'Privada' }).expect(201)).body;
      const o = api(other);
      await o.get(`/campaigns/${c.id}`).expect(404);
      await o.put(`/campaigns/${c.id}`).send({ name: 'Minha' }).expect(404);
      await o.delete(`/campaigns/${c.id}`).expect(404);
      await o.post(`/campaigns/${c.id}/cancel`).expect(404);
      await o.post(`/campaigns/${c.id}/restart`).expect(404);
      await o.delete(`/campaigns/${c.id}/media-upload`).expect(404);
      expect((await o.get('/campaigns').expect(200)).body.records).toEqual([]);
      expect((await api(s).get(`/campaigns/${c.id}`).expect(200)).body.campaign.name).toBe('Privada');

      expect((await api(s, s.userToken).get('/campaigns').expect(403)).body.error).toBe('ERR_NO_PERMISSION');
      const noPlan = await createTenant(t, { useCampaigns: false });
      expect((await api(noPlan).get('/campaigns').expect(403)).body.error).toBe('ERR_PLAN_FEATURE_DISABLED');
    });
  });

  describe('plan and timing (controllable clock)', () => {
    it('plans each number once with the configured gaps, sends at each planned time and, after downtime, moves the rest later together', async () => {
      const s = await setup({ messageInterval: 10, longerIntervalAfter: 5, greaterInterval: 60 });
      const people = Array.from({ length: 12 }, (_, i) => ({ name: `P${i}`, number: phone(), valid: i === 3 ? false : null }));
      const listId = await contactList(s, people);
      const startAt = new Date(Date.now() + 2 * 3600_000);
      const c = (
        await api(s)
          .post('/campaigns')
          .send({ name: 'Relógio', whatsappId: s.whatsappId, contactListId: listId, message1: 'A {nome}', message3: 'B {nome}', scheduledAt: startAt })
          .expect(201)
      ).body;
      const companyId = asCompanyId(s.company.id);
      // Started by the test's clock at startAt (the real job would fire in two hours).
      expect(await dispatch.start(companyId, c.id, startAt.getTime() + 1, startAt)).toBeNull(); // another time: not this job's
      expect(await dispatch.start(companyId, c.id, startAt.getTime(), startAt)).toBe(12);
      expect(await dispatch.start(companyId, c.id, startAt.getTime(), startAt)).toBeNull(); // once
      expect(await statusOf(s, c.id)).toBe('EM_ANDAMENTO');

      const rows = await sql<{ id: string; number: string; slot: number; planned_at: Date; skipped: string | null }>(
        'select id, number, slot, planned_at, skipped from campaign_shippings where campaign_id = ? order by planned_at, id',
        [c.id],
      );
      expect(rows).toHaveLength(12);
      rows.forEach((r) => expect([1, 3]).toContain(r.slot));
      expect(rows.filter((r) => r.skipped === 'no-whatsapp')).toHaveLength(1);
      const gaps = rows.map((r, i) => (i ? (new Date(r.planned_at).getTime() - new Date(rows[i - 1].planned_at).getTime()) / 1000 : 0));
      expect(new Date(rows[0].planned_at).getTime()).toBe(startAt.getTime());
      gaps.forEach((g, i) => {
        const n = i + 1;
        if (n === 1) return;
        if ((n - 1) % 5 === 0) expect(g).toBeCloseTo(60, 3);
        else {
          expect(g).toBeGreaterThanOrEqual(5);
          expect(g).toBeLessThanOrEqual(15);
        }
      });

      // Each tick at a planned time sends exactly what is due; a tick between sends nothing.
      const sentCount = async () =>
        Number((await sql<{ n: string }>(`select count(*) as n from messages where company_id = ? and source = 'campaign'`, [s.company.id]))[0].n);
      const pendingRows = rows.filter((r) => !r.skipped);
      for (const [i, r] of pendingRows.slice(0, 4).entries()) {
        const at = new Date(r.planned_at);
        expect((await dispatch.tick(companyId, c.id, new Date(at.getTime() - 1000))).sent).toBe(0);
        expect((await dispatch.tick(companyId, c.id, at)).sent).toBe(1);
        expect(await sentCount()).toBe(i + 1);
      }
      // The platform was down for an hour: the rest keep their gaps, the first of them now.
      const before = await sql<{ planned_at: Date }>(
        'select planned_at from campaign_shippings where campaign_id = ? and done_at is null order by planned_at',
        [c.id],
      );
      const wake = new Date(new Date(before[0].planned_at).getTime() + 3600_000);
      const { sent } = await dispatch.tick(companyId, c.id, wake);
      expect(sent).toBe(1);
      const after = await sql<{ planned_at: Date }>('select planned_at from campaign_shippings where campaign_id = ? and done_at is null order by planned_at', [
        c.id,
      ]);
      expect(after.length).toBe(before.length - 1);
      after.forEach((r, i) =>
        expect(new Date(r.planned_at).getTime() - wake.getTime()).toBeCloseTo(
          new Date(before[i + 1].planned_at).getTime() - new Date(before[0].planned_at).getTime(),
          -1,
        ),
      );

      // The rest, each at its time with two ticks at once (two workers): still one message per number.
      for (;;) {
        const [next] = await sql<{ at: Date }>('select min(planned_at) as at from campaign_shippings where campaign_id = ? and done_at is null', [c.id]);
        if (!next.at) break;
        await Promise.all([dispatch.tick(companyId, c.id, new Date(next.at)), dispatch.tick(companyId, c.id, new Date(next.at))]);
      }
      const [dup] = await sql<{ n: string }>(
        `select count(*) as n from (select contact_id from messages where company_id = ? and source = 'campaign' group by contact_id having count(*) > 1) d`,
        [s.company.id],
      );
      expect(Number(dup.n)).toBe(0);
      expect(await sentCount()).toBe(11);
      expect(await statusOf(s, c.id)).toBe('FINALIZADA');
      const report = (await api(s).get(`/campaigns/${c.id}`).expect(200)).body;
      expect(report).toMatchObject({ valids: 11, planned: 12, pending: 0, sent: 11, skipped: 1 });
      expect(report.campaign.completedAt).toBeTruthy();
    });
  });

  describe('dispatch on the sandbox network', () => {
    it('runs to FINALIZADA: one message per phone, variables filled, sends close to their plan, a number without WhatsApp skipped, delivery counted from acks', async () => {
      const s = await setup({ messageInterval: 0, longerIntervalAfter: 5, greaterInterval: 1 });
      const people = Array.from({ length: 6 }, (_, i) => ({ name: `Cliente${i}`, number: phone() }));
      network.withoutAccount(people[5].number);
      const listId = await contactList(s, people);
      await api(s)
        .post('/campaign-settings')
        .send({ settings: { variables: [{ key: 'cupom', value: 'NATAL10' }] } })
        .expect(200);
      const c = (
        await api(s)
          .post('/campaigns')
          .send({ name: 'Agora', whatsappId: s.whatsappId, contactListId: listId, message1: 'Oi {nome}, use {cupom}', scheduledAt: new Date() })
          .expect(201)
      ).body;
      await until(async () => (await statusOf(s, c.id)) === 'FINALIZADA', 20_000);
      for (const p of people.slice(0, 5)) {
        const inbox = await until(async () => {
          const got = await inboxOf(p.number);
          return got.length ? got : null;
        });
        expect(inbox.map((m) => m.body)).toEqual([`Oi ${p.name}, use NATAL10`]);
      }
      expect(await inboxOf(people[5].number)).toEqual([]);
      const late = await sql<{ late_ms: number }>(
        `select extract(epoch from (m.created_at - s.planned_at)) * 1000 as late_ms from campaign_shippings s join messages m on m.id = s.message_id where s.campaign_id = ?`,
        [c.id],
      );
      expect(late).toHaveLength(5);
      // The 1 s promise is measured by `npm run bench:campaign` on a quiet machine; here, beside other suites, a margin.
      late.forEach((r) => expect(Number(r.late_ms)).toBeLessThan(2500));
      const report = await until(async () => {
        const r = (await api(s).get(`/campaigns/${c.id}`).expect(200)).body;
        return r.delivered === 5 ? r : null;
      });
      expect(report).toMatchObject({ valids: 5, delivered: 5, sent: 5, skipped: 1, failed: 0 });
      // The messages sit in closed tickets: nothing lands in the attendants' waiting list.
      const waiting = await api(s).get('/tickets?status=pending&showAll=true').expect(200);
      expect(waiting.body.tickets).toEqual([]);
    });

    it('asks first when confirmation is on: the answer confirms and the message follows, once', async () => {
      const s = await setup({ messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 });
      const ana = phone();
      const bia = phone();
      const listId = await contactList(s, [
        { name: 'Ana', number: ana },
        { name: 'Bia', number: bia },
      ]);
      const c = (
        await api(s)
          .post('/campaigns')
          .send({
            name: 'Confirma',
            whatsappId: s.whatsappId,
            contactListId: listId,
            confirmation: true,
            message1: 'Aqui está sua oferta, {nome}',
            confirmationMessage1: 'Podemos enviar uma oferta, {nome}? Responda qualquer coisa.',
            scheduledAt: new Date(),
          })
          .expect(201)
      ).body;
      await until(async () => (await inboxOf(ana)).length === 1 && (await inboxOf(bia)).length === 1);
      expect((await inboxOf(ana))[0].body).toBe('Podemos enviar uma oferta, Ana? Responda qualquer coisa.');
      await until(async () => (await statusOf(s, c.id)) === 'FINALIZADA');

      const answer = () =>
        t
          .http()
          .post(`/sandbox/phones/${ana}/messages`)
          .set('Authorization', `Bearer ${superToken}`)
          .send({ whatsappId: s.whatsappId, body: 'Sim' })
          .expect(201);
      await answer();
      await until(async () => (await inboxOf(ana)).length === 2);
      expect((await inboxOf(ana))[1].body).toBe('Aqui está sua oferta, Ana');
      await answer();
      await sleep(1500);
      expect(await inboxOf(ana)).toHaveLength(2);
      expect(await inboxOf(bia)).toHaveLength(1);
      const report = (await api(s).get(`/campaigns/${c.id}`).expect(200)).body;
      expect(report).toMatchObject({ confirmationRequested: 2, confirmed: 1, sent: 1 });
    });

    it('cancel stops the pending sends; restart resumes the rest without sending anyone twice', async () => {
      const s = await setup({ messageInterval: 0, longerIntervalAfter: 1, greaterInterval: 1 });
      const people = Array.from({ length: 5 }, (_, i) => ({ name: `R${i}`, number: phone() }));
      const listId = await contactList(s, people);
      const c = (
        await api(s)
          .post('/campaigns')
          .send({ name: 'Pausa', whatsappId: s.whatsappId, contactListId: listId, message1: 'Oi {nome}', scheduledAt: new Date() })
          .expect(201)
      ).body;
      const reached = async () => (await Promise.all(people.map((p) => inboxOf(p.number)))).filter((x) => x.length).length;
      await until(async () => (await reached()) >= 1);
      const cancelled = await api(s).post(`/campaigns/${c.id}/cancel`).expect(200);
      expect(cancelled.body).toMatchObject({ status: 'CANCELADA', editable: 'messages' });
      const atCancel = await reached();
      expect(atCancel).toBeLessThan(5);
      await sleep(2500);
      expect(await reached()).toBe(atCancel);

      await api(s).post(`/campaigns/${c.id}/restart`).expect(200);
      await until(async () => (await statusOf(s, c.id)) === 'FINALIZADA', 15_000);
      for (const p of people) expect(await inboxOf(p.number)).toHaveLength(1);
    });

    it('starts a scheduled campaign whose job was lost (Redis emptied) from the sweeper', async () => {
      const s = await setup({ messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 });
      const number = phone();
      const listId = await contactList(s, [{ name: 'Zé', number }]);
      const c = (
        await api(s)
          .post('/campaigns')
          .send({ name: 'Perdida', whatsappId: s.whatsappId, contactListId: listId, message1: 'Oi', scheduledAt: new Date(Date.now() + 3 * 3600_000) })
          .expect(201)
      ).body;
      // Moved into the past behind the API's back, with no job for that time: only the sweeper can find it.
      await sql(`update campaigns set scheduled_at = now() - interval '10 minutes' where id = ?`, [c.id]);
      await until(async () => (await statusOf(s, c.id)) === 'FINALIZADA', 15_000);
      expect(await inboxOf(number)).toHaveLength(1);
    });
  });

  describe("inputs of the original system's clients (issue 34, src/common/http/original-inputs.ts)", () => {
    type OriginalTenant = Awaited<ReturnType<typeof createTenant>>;
    const api = (s: OriginalTenant, token = s.adminToken) => ({
      get: (path: string) => t.http().get(path).set(s.auth(token)),
      post: (path: string) => t.http().post(path).set(s.auth(token)),
      put: (path: string) => t.http().put(path).set(s.auth(token)),
    });
    it("tagListId 'Nenhuma', '' or false; message2-5 and confirmationMessage1-5 null; scheduledAt null or ''", async () => {
      const s = await createTenant(t);
      const texts = Object.fromEntries(
        [2, 3, 4, 5].flatMap((i) => [
          [`message${i}`, null],
          [`confirmationMessage${i}`, null],
        ]),
      );
      const draft = await api(s)
        .post('/campaigns')
        .send({ name: 'Natal', tagListId: 'Nenhuma', message1: 'Oi {nome}', confirmationMessage1: null, scheduledAt: null, ...texts })
        .expect(201);
      const id = draft.body.id ?? draft.body.campaign?.id;
      const get = async () => (await api(s).get(`/campaigns/${id}`).expect(200)).body.campaign;
      expect(await get()).toMatchObject({
        tagListId: null,
        scheduledAt: null,
        message1: 'Oi {nome}',
        message2: '',
        message5: '',
        confirmationMessage1: '',
        confirmationMessage5: '',
      });
      await api(s).put(`/campaigns/${id}`).send({ tagListId: '', scheduledAt: '', message3: null }).expect(200);
      await api(s).put(`/campaigns/${id}`).send({ tagListId: false }).expect(200);
      expect(await get()).toMatchObject({ tagListId: null, scheduledAt: null, message3: '' });
      await api(s).put(`/campaigns/${id}`).send({ tagListId: 'Outra' }).expect(400);
    });
  });
});
