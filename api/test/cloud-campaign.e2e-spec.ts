import { randomBytes } from 'node:crypto';
import { GraphApiFake } from './fakes/graph-api-fake';
import { cloudWorld } from './factories/cloud';
import { createTestApp, TestApp, until } from './harness';

/**
 * A campaign on an official Cloud API connection (issue 35), against the Graph API fake: the campaign purpose's
 * template chosen from the synced ones, five new numbers (no window open with any of them) get one template each,
 * exactly once, with their names filled in; the status webhooks then turn the ticks of a template message.
 */
describe('the official Cloud API provider: campaigns', () => {
  let t: TestApp;
  const graph = new GraphApiFake();

  beforeAll(async () => {
    await graph.start();
    t = await createTestApp({ env: { WHATSAPP_GRAPH_URL: graph.url, SEND_ATTEMPTS: '1', SEND_RETRY_DELAY_MS: '50', CAMPAIGN_SWEEP_MS: '1000' } });
  });
  afterAll(async () => {
    await t.close();
    await graph.stop();
  });

  const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => t.orm.em.fork().execute<T[]>(query, params);
  const phone = () => `5521${9_0000_0000 + (randomBytes(4).readUInt32BE() % 1_0000_0000)}`;

  it('a campaign to 5 numbers sends one template each exactly once, with its name filled in; the statuses turn its ticks', async () => {
    const s = await cloudWorld(t, graph);
    graph.templates.set(s.wabaId, [
      {
        name: 'novidades',
        language: 'pt_BR',
        status: 'APPROVED',
        category: 'MARKETING',
        components: [{ type: 'BODY', text: 'Oi {{1}}, chegaram novidades na loja!' }],
      },
    ]);
    const synced = await t.http().post(`/whatsapp/${s.whatsappId}/templates/sync`).set(s.adminAuth).expect(200);
    expect(synced.body).toEqual([expect.objectContaining({ name: 'novidades', language: 'pt_BR', status: 'APPROVED' })]);
    await t
      .http()
      .put(`/whatsapp/${s.whatsappId}`)
      .set(s.adminAuth)
      .send({ templatePurposes: { campaign: { name: 'novidades', language: 'pt_BR', params: ['{{name}}'] } } })
      .expect(200);
    await t
      .http()
      .post('/campaign-settings')
      .set(s.adminAuth)
      .send({ settings: { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 } })
      .expect(200);

    const people = Array.from({ length: 5 }, (_, i) => ({ name: `Cliente${i} Silva`, number: phone() }));
    const [list] = await sql<{ id: number }>(
      `insert into contact_lists (company_id, name, created_at, updated_at) values (?, 'Clientes', now(), now()) returning id`,
      [s.company.id],
    );
    for (const p of people) {
      await sql(`insert into contact_list_items (company_id, contact_list_id, name, number, created_at, updated_at) values (?, ?, ?, ?, now(), now())`, [
        s.company.id,
        list.id,
        p.name,
        p.number,
      ]);
    }
    const before = graph.sends(s.phoneNumberId).length;
    const campaign = (
      await t
        .http()
        .post('/campaigns')
        .set(s.adminAuth)
        .send({ name: 'Novidades', whatsappId: s.whatsappId, contactListId: list.id, message1: 'Oi {nome}, temos novidades', scheduledAt: new Date() })
        .expect(201)
    ).body as { id: number };
    await until(async () => (await t.http().get(`/campaigns/${campaign.id}`).set(s.adminAuth).expect(200)).body.campaign.status === 'FINALIZADA', 30_000);
    await until(() => graph.sends(s.phoneNumberId).length - before >= 5, 15_000);

    // One template per number, its variable filled with that contact's name; no free text to anyone.
    const template = (name: string) => ({
      name: 'novidades',
      language: { code: 'pt_BR' },
      components: [{ type: 'body', parameters: [{ type: 'text', text: name }] }],
    });
    const sends = () => graph.sends(s.phoneNumberId).slice(before);
    expect(sends()).toHaveLength(5);
    expect(sends().every((p) => p.type === 'template')).toBe(true);
    for (const p of people) {
      expect(sends().filter((b) => b.to === p.number)).toEqual([
        expect.objectContaining({ messaging_product: 'whatsapp', recipient_type: 'individual', to: p.number, type: 'template', template: template(p.name) }),
      ]);
    }

    // Each recipient recorded as sent, its message with the wamid the fake answered for that number.
    const answered = new Map<string, { to: string; wamid: string }>();
    for (const r of graph.requests.filter((q) => q.method === 'POST' && q.path.endsWith(`/${s.phoneNumberId}/messages`) && q.body?.type === 'template')) {
      answered.set(r.body.biz_opaque_callback_data, { to: r.body.to, wamid: r.wamid! });
    }
    const shipped = await until(async () => {
      const rows = await sql<{
        id: string;
        number: string;
        sent_at: string | null;
        skipped: string | null;
        provider_id: string | null;
        send_id: string;
        ack: number;
        body: string;
        ticket_id: number;
        data_json: any;
      }>(
        `select m.id, s.number, s.sent_at, s.skipped, m.provider_id, m.send_id, m.ack, m.body, m.ticket_id, m.data_json
           from campaign_shippings s join messages m on m.id = s.message_id where s.campaign_id = ? order by s.number`,
        [campaign.id],
      );
      return rows.length === 5 && rows.every((r) => r.provider_id) ? rows : null;
    });
    const wamids = new Set<string>();
    for (const row of shipped) {
      const person = people.find((p) => p.number === row.number)!;
      expect(row).toMatchObject({
        skipped: null,
        sent_at: expect.any(String),
        provider_id: expect.stringMatching(/^wamid\./),
        body: `Oi ${person.name}, chegaram novidades na loja!`,
      });
      expect(row.data_json.template).toMatchObject({ name: 'novidades', language: 'pt_BR', params: [person.name] });
      expect(answered.get(row.send_id)).toEqual({ to: row.number, wamid: row.provider_id });
      wamids.add(row.provider_id!);
    }
    expect(wamids.size).toBe(5);

    // Exactly once: nothing more after a couple of the sweeper's rounds.
    await new Promise((r) => setTimeout(r, 2500));
    expect(sends()).toHaveLength(5);

    // The status webhooks of one of them turn its ticks 2 → 3 → 4, as the chat shows them.
    const one = shipped[0];
    const ackOf = async () =>
      ((await t.http().get(`/messages/${one.ticket_id}`).set(s.adminAuth).expect(200)).body.messages as any[]).find((m) => m.id === String(one.id))?.ack;
    expect(await ackOf()).toBeLessThan(2);
    for (const [status, ack] of [
      ['sent', 2],
      ['delivered', 3],
      ['read', 4],
    ] as const) {
      const delivery = s.payload({ statuses: [{ id: one.provider_id, status, timestamp: String(Math.floor(Date.now() / 1000)), recipient_id: one.number }] });
      expect((await s.deliver(delivery)).status).toBe(200);
      await until(async () => (await ackOf()) === ack);
    }
  });
});
