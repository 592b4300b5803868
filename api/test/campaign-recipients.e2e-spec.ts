import { Whatsapp } from '../src/connection/whatsapps/whatsapp.entity';
import { SANDBOX_NETWORK } from '../src/connection/sandbox-api/sandbox.service';
import type { SandboxNetwork } from '../src/connection/providers/sandbox/sandbox-network';
import { createTestApp, sleep, TestApp, until } from './harness';
import { createQueue, createSandboxConnection, createSuperUser, createTenant } from './factories';

type Tenant = Awaited<ReturnType<typeof createTenant>>;

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/**
 * Issue 30's campaign findings and additions: what a file list sends, a confirmation answer kept from the chatbot,
 * the per-recipient report and bulk cancel.
 */
describe('campaign recipients', () => {
  let t: TestApp;
  let superToken: string;
  let network: SandboxNetwork;
  beforeAll(async () => {
    t = await createTestApp({ env: { SEND_RETRY_DELAY_MS: '50', CAMPAIGN_SWEEP_MS: '1000' } });
    superToken = (await createSuperUser(t)).token;
    network = t.app.get(SANDBOX_NETWORK);
  });
  afterAll(() => t.close());

  let phoneSeq = 0;
  const phone = () => `5521${String(900000000 + process.pid * 100 + ++phoneSeq * 7919).slice(-9)}`;
  type Inbox = { body: string; type: string; ack: number; media?: { filename: string } }[];
  const inboxOf = async (number: string) =>
    (await t.http().get(`/sandbox/phones/${number}/inbox`).set('Authorization', `Bearer ${superToken}`).expect(200)).body as Inbox;
  const say = (number: string, whatsappId: number, body: string) =>
    t.http().post(`/sandbox/phones/${number}/messages`).set('Authorization', `Bearer ${superToken}`).send({ whatsappId, body }).expect(201);
  const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => t.orm.em.fork().execute<T[]>(query, params);
  const api = (s: Tenant, token = s.adminToken) => ({
    get: (path: string) => t.http().get(path).set(s.auth(token)),
    post: (path: string) => t.http().post(path).set(s.auth(token)),
  });

  async function setup(queueIds: (s: Tenant) => Promise<number[]> = async () => [], messageInterval = 0) {
    const tenant = await createTenant(t);
    const w = await createSandboxConnection(t, tenant.company.id, await queueIds(tenant), 'Vendas');
    await api(tenant)
      .post('/campaign-settings')
      .send({ settings: { messageInterval, longerIntervalAfter: 0, greaterInterval: 0 } })
      .expect(200);
    return { ...tenant, whatsappId: w.id };
  }
  async function contactList(s: Tenant, people: { name: string; number: string; valid?: boolean | null }[]) {
    const [list] = await sql<{ id: number }>(
      `insert into contact_lists (company_id, name, created_at, updated_at) values (?, 'Clientes', now(), now()) returning id`,
      [s.company.id],
    );
    for (const p of people) {
      await sql(
        `insert into contact_list_items (company_id, contact_list_id, name, number, email, is_whatsapp_valid, created_at, updated_at) values (?, ?, ?, ?, ?, ?, now(), now())`,
        [s.company.id, list.id, p.name, p.number, null, p.valid ?? null],
      );
    }
    return list.id;
  }
  const statusOf = async (s: Tenant, id: number) => (await api(s).get(`/campaigns/${id}`).expect(200)).body.campaign.status as string;

  describe('file lists (finding 9)', () => {
    it("sends the campaign message, then the list's message, then each file with its description as caption, each once per phone", async () => {
      const s = await setup();
      const list = (
        await api(s)
          .post('/files')
          .send({ name: 'Catálogo', message: 'Veja o catálogo, {nome}', options: [{ name: 'Foto da vitrine, {nome}' }, { name: 'Tabela de preços' }] })
          .expect(201)
      ).body;
      await api(s)
        .post(`/files/uploadList/${list.id}`)
        .field('id', String(list.options[0].id))
        .field('id', String(list.options[1].id))
        .attach('files', PNG, 'vitrine.png')
        .attach('files', PDF, 'precos.pdf')
        .expect(201);
      const people = [
        { name: 'Ana', number: phone() },
        { name: 'Bia', number: phone() },
      ];
      const listId = await contactList(s, people);
      const c = (
        await api(s)
          .post('/campaigns')
          .send({ name: 'Arquivos', whatsappId: s.whatsappId, contactListId: listId, fileListId: list.id, message1: 'Oi {nome}', scheduledAt: new Date() })
          .expect(201)
      ).body;
      await until(async () => (await statusOf(s, c.id)) === 'FINALIZADA', 20_000);
      for (const p of people) {
        const inbox = await until(async () => {
          const got = await inboxOf(p.number);
          return got.length >= 4 ? got : null;
        });
        await sleep(300);
        expect((await inboxOf(p.number)).map((m) => [m.type, m.body])).toEqual([
          ['chat', `Oi ${p.name}`],
          ['chat', `Veja o catálogo, ${p.name}`],
          ['image', `Foto da vitrine, ${p.name}`],
          ['application', 'Tabela de preços'],
        ]);
        expect(inbox[2].media?.filename).toBe('vitrine.png');
      }
    });
  });

  describe('confirmation answers (finding 10)', () => {
    it('an answer to the confirmation request gets the offer and no queue menu; a later message is a conversation as usual', async () => {
      const s = await setup(async (tenant) => [
        (await createQueue(t.orm, tenant.company.id, { name: 'Vendas', orderQueue: 1, greetingMessage: 'Bem-vindo a Vendas' })).id,
        (await createQueue(t.orm, tenant.company.id, { name: 'Suporte', orderQueue: 2, greetingMessage: 'Suporte aqui' })).id,
      ]);
      await t.orm.em.fork().nativeUpdate(Whatsapp, { id: s.whatsappId }, { greetingMessage: 'Olá! Escolha um setor:' }, { filters: false });
      const ana = phone();
      const listId = await contactList(s, [{ name: 'Ana', number: ana }]);
      const c = (
        await api(s)
          .post('/campaigns')
          .send({
            name: 'Confirma',
            whatsappId: s.whatsappId,
            contactListId: listId,
            confirmation: true,
            message1: 'Aqui está sua oferta, {nome}',
            confirmationMessage1: 'Podemos enviar uma oferta, {nome}?',
            scheduledAt: new Date(),
          })
          .expect(201)
      ).body;
      await until(async () => (await statusOf(s, c.id)) === 'FINALIZADA');
      await until(async () => (await inboxOf(ana)).length === 1);
      await say(ana, s.whatsappId, 'Sim');
      await until(async () => (await inboxOf(ana)).length >= 2);
      await sleep(1500);
      expect((await inboxOf(ana)).map((m) => m.body)).toEqual(['Podemos enviar uma oferta, Ana?', 'Aqui está sua oferta, Ana']);
      const [shipping] = await sql<{ reply: string }>('select confirmation_reply_id as reply from campaign_shippings where campaign_id = ?', [c.id]);
      const [reply] = await sql<{ body: string }>('select body from messages where id = ?', [shipping.reply]);
      expect(reply.body).toBe('Sim');

      const recipients = (await api(s).get(`/campaigns/${c.id}/recipients`).expect(200)).body;
      expect(recipients.recipients).toMatchObject([{ number: ana, state: 'confirmed' }]);

      // What the customer says next is a conversation: the chatbot greets it the usual way.
      await say(ana, s.whatsappId, 'Quero saber mais');
      await until(async () => (await inboxOf(ana)).length >= 3);
      expect((await inboxOf(ana))[2].body).toContain('Olá! Escolha um setor:');
    });
  });

  describe('per-recipient report', () => {
    it("lists each number's state (read, delivered, failed with reason), filters by state, exports CSV, and counts from the same rows; another company sees none of it", async () => {
      const s = await setup();
      const [ana, bia, cris] = [phone(), phone(), phone()];
      network.withoutAccount(cris);
      const listId = await contactList(s, [
        { name: 'Ana', number: ana },
        { name: 'Bia; "B"', number: bia },
        { name: 'Cris', number: cris },
      ]);
      const c = (
        await api(s)
          .post('/campaigns')
          .send({ name: 'Relatório', whatsappId: s.whatsappId, contactListId: listId, message1: 'Oi {nome}', scheduledAt: new Date() })
          .expect(201)
      ).body;
      await until(async () => (await statusOf(s, c.id)) === 'FINALIZADA', 20_000);
      await until(async () => (await inboxOf(ana)).length === 1 && (await inboxOf(bia)).length === 1);
      await t.http().post(`/sandbox/phones/${ana}/read`).set('Authorization', `Bearer ${superToken}`).send({ whatsappId: s.whatsappId }).expect(200);
      const page = await until(async () => {
        const body = (await api(s).get(`/campaigns/${c.id}/recipients`).expect(200)).body;
        const states = body.recipients.map((r: { state: string }) => r.state).sort();
        return JSON.stringify(states) === JSON.stringify(['delivered', 'failed', 'read']) ? body : null;
      });
      expect(page.count).toBe(3);
      expect(page.hasMore).toBe(false);
      const byNumber = Object.fromEntries(page.recipients.map((r: { number: string }) => [r.number, r]));
      expect(byNumber[ana]).toMatchObject({ name: 'Ana', state: 'read', ack: 4 });
      expect(byNumber[bia]).toMatchObject({ state: 'delivered', ack: 3 });
      expect(byNumber[cris]).toMatchObject({ state: 'failed', reason: 'no-whatsapp', sentAt: null });
      expect(byNumber[ana].sentAt).not.toBeNull();
      expect(byNumber[ana].reason).toBeUndefined();

      const failed = (await api(s).get(`/campaigns/${c.id}/recipients?state=failed`).expect(200)).body;
      expect(failed).toMatchObject({ count: 1, recipients: [{ number: cris }] });
      const searched = (await api(s).get(`/campaigns/${c.id}/recipients?searchParam=bia`).expect(200)).body;
      expect(searched.recipients.map((r: { number: string }) => r.number)).toEqual([bia]);
      expect((await api(s).get(`/campaigns/${c.id}/recipients?state=lost`).expect(400)).body.error).toBe('ERR_VALIDATION');

      const report = (await api(s).get(`/campaigns/${c.id}`).expect(200)).body;
      expect(report).toMatchObject({
        valids: 2,
        delivered: 2,
        skipped: 1,
        recipients: { planned: 0, sent: 0, delivered: 1, read: 1, confirmed: 0, failed: 1 },
      });

      const csv = await api(s).get(`/campaigns/${c.id}/recipients/export`).expect(200);
      expect(csv.headers['content-type']).toContain('text/csv');
      const text = csv.text;
      expect(text.startsWith('\uFEFFnumber;name;state;reason;plannedAt;sentAt;confirmationRequestedAt;confirmedAt\r\n')).toBe(true);
      const lines = text.slice(1).trim().split('\r\n');
      expect(lines).toHaveLength(4);
      expect(lines.find((l) => l.startsWith(bia))).toContain(';"Bia; ""B""";delivered;;');
      expect(lines.find((l) => l.startsWith(cris))).toContain(';Cris;failed;no-whatsapp;');
      const onlyRead = (await api(s).get(`/campaigns/${c.id}/recipients/export?state=read`).expect(200)).text;
      expect(onlyRead.trim().split('\r\n')).toHaveLength(2);

      // Another company: the campaign does not exist for it.
      const other = await setup();
      expect((await api(other).get(`/campaigns/${c.id}/recipients`).expect(404)).body.error).toBe('ERR_CAMPAIGN_NOT_FOUND');
      expect((await api(other).get(`/campaigns/${c.id}/recipients/export`).expect(404)).body.error).toBe('ERR_CAMPAIGN_NOT_FOUND');
    });
  });

  describe('bulk cancel', () => {
    it('cancels each sending campaign of the list; one not sending, unknown or of another company fails alone', async () => {
      const s = await setup(undefined, 60);
      const start = async (on: Tenant & { whatsappId: number }, name: string) => {
        const listId = await contactList(on, [
          { name: 'Um', number: phone() },
          { name: 'Dois', number: phone() },
        ]);
        const c = (
          await api(on).post('/campaigns').send({ name, whatsappId: on.whatsappId, contactListId: listId, message1: 'Oi', scheduledAt: new Date() }).expect(201)
        ).body;
        await until(async () => (await statusOf(on, c.id)) === 'EM_ANDAMENTO');
        return c.id as number;
      };
      const [one, two] = [await start(s, 'Um'), await start(s, 'Dois')];
      const draft = (await api(s).post('/campaigns').send({ name: 'Rascunho' }).expect(201)).body.id as number;
      const other = await setup(undefined, 60);
      const theirs = await start(other, 'Deles');

      const res = (
        await api(s)
          .post('/campaigns/bulk')
          .send({ ids: [one, two, draft, theirs, one], action: 'cancel' })
          .expect(200)
      ).body;
      expect(res).toMatchObject({ okCount: 2, failedCount: 2 });
      expect(res.results).toMatchObject([
        { id: one, ok: true },
        { id: two, ok: true },
        { id: draft, ok: false, error: 'ERR_CAMPAIGN_STATUS' },
        { id: theirs, ok: false, error: 'ERR_CAMPAIGN_NOT_FOUND' },
      ]);
      expect(await statusOf(s, one)).toBe('CANCELADA');
      expect(await statusOf(other, theirs)).toBe('EM_ANDAMENTO');
      // The second recipient of a cancelled campaign stays planned.
      expect((await api(s).get(`/campaigns/${one}/recipients?state=planned`).expect(200)).body.count).toBe(1);

      expect((await api(s).post('/campaigns/bulk').send({ ids: [], action: 'cancel' }).expect(400)).body.error).toBe('ERR_VALIDATION');
      await api(s)
        .post('/campaigns/bulk')
        .send({ ids: [one], action: 'delete' })
        .expect(400);
      await api(other).post(`/campaigns/${theirs}/cancel`).expect(200);
    });
  });
});
