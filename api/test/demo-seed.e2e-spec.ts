import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { sniffMediaType } from '../src/common/infra/media-type';
import { seedDemo } from '../src/seeders/demo.seeder';
import { createTestDatabase } from './harness';

/**
 * The demo `npm start` seeds is a working day, not empty lists (issue 29): conversations in every state on the
 * sandbox connection, their media as real files under MEDIA_DIR, rows as the app writes them (acks, unread counts,
 * attendance cycles), tags on tickets, quick replies, a schedule; and it seeds once.
 */
describe('the demo seed', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let sql: Client;
  const mediaDir = mkdtempSync(join(tmpdir(), 'atende-demo-media-'));
  let company: number;
  const rows = async <T extends object>(text: string, values: unknown[] = [company]): Promise<T[]> => (await sql.query<T>(text, values)).rows;

  beforeAll(async () => {
    db = await createTestDatabase();
    const started = Date.now();
    expect((await seedDemo(db.url, mediaDir))?.map((l) => l.email)).toEqual([
      'super@atende.local',
      'admin@demo.atende.local',
      'ana@demo.atende.local',
      'bruno@demo.atende.local',
    ]);
    expect(Date.now() - started).toBeLessThan(10_000);
    sql = new Client({ connectionString: db.url });
    await sql.connect();
    company = (await sql.query<{ id: number }>(`select id from companies where name = 'Empresa Demo'`)).rows[0].id;
  });

  afterAll(async () => {
    await sql?.end();
    await db?.drop();
    rmSync(mediaDir, { recursive: true, force: true });
  });

  it('has conversations in every state, a group and a returning customer, all on the sandbox connection', async () => {
    const byStatus = await rows<{ status: string; n: number }>(`select status, count(*)::int as n from tickets where company_id = $1 group by status`);
    expect(Object.fromEntries(byStatus.map((r) => [r.status, r.n]))).toEqual({ pending: 2, open: 3, closed: 2 });
    // Pending tickets end with the customer's own question, in a queue, unassigned.
    const pending = await rows<{ from_me: boolean; body: string; queue_id: number | null; user_id: number | null }>(
      `select m.from_me, m.body, t.queue_id, t.user_id from tickets t
         join lateral (select * from messages where ticket_id = t.id order by created_at desc, id desc limit 1) m on true
        where t.company_id = $1 and t.status = 'pending'`,
    );
    for (const p of pending) expect(p).toMatchObject({ from_me: false, body: expect.stringMatching(/\?$/), queue_id: expect.any(Number), user_id: null });
    // Closed tickets carry their rating on the finished attendance cycle.
    const rated = await rows<{ rating: number | null; finished: boolean }>(
      `select tr.rating, tr.finished_at is not null as finished from tickets t join ticket_trackings tr on tr.ticket_id = t.id where t.company_id = $1 and t.status = 'closed'`,
    );
    expect(rated).toHaveLength(2);
    for (const r of rated) expect(r).toEqual({ rating: expect.any(Number), finished: true });
    expect(
      await rows(`select 1 from tickets t join contacts c on c.id = t.contact_id where t.company_id = $1 and t.is_group and c.is_group and t.status = 'open'`),
    ).toHaveLength(1);
    // A returning customer: one contact with a closed ticket and a later open one.
    const returning = await rows<{ statuses: string[] }>(
      `select array_agg(status order by created_at) as statuses from tickets where company_id = $1 group by contact_id having count(*) > 1`,
    );
    expect(returning).toEqual([{ statuses: ['closed', 'open'] }]);
    const sandbox = (await rows<{ id: number }>(`select id from whatsapps where company_id = $1 and provider = 'sandbox'`))[0].id;
    expect(await rows(`select 1 from contacts where company_id = $1 and whatsapp_id is distinct from $2`, [company, sandbox])).toEqual([]);
    expect(await rows(`select 1 from tickets where company_id = $1 and whatsapp_id is distinct from $2`, [company, sandbox])).toEqual([]);
    expect(await rows(`select 1 from messages where company_id = $1 and whatsapp_id is distinct from $2`, [company, sandbox])).toEqual([]);
  });

  it('keeps the counters and acks the app keeps: unread counts, last messages, acks by direction', async () => {
    const off = await rows(
      `select t.id from tickets t where t.company_id = $1 and t.unread_messages <> (select count(*) from messages m where m.ticket_id = t.id and not m.from_me and not m.read)`,
    );
    expect(off).toEqual([]);
    expect((await rows<{ n: number }>(`select sum(unread_messages)::int as n from tickets where company_id = $1 and status <> 'closed'`))[0].n).toBeGreaterThan(
      0,
    );
    const last = await rows(
      `select t.id from tickets t where t.company_id = $1 and t.last_message is distinct from
         (select coalesce(nullif(m.body, ''), '[' || m.media_type || ']') from messages m where m.ticket_id = t.id order by m.created_at desc, m.id desc limit 1)`,
    );
    expect(last).toEqual([]);
    expect(await rows(`select 1 from messages where company_id = $1 and not from_me and (ack <> 0 or source <> 'contact')`)).toEqual([]);
    expect(await rows(`select 1 from messages where company_id = $1 and from_me and (ack < 3 or provider_id is null or source = 'contact')`)).toEqual([]);
  });

  it('stores the media as real files under MEDIA_DIR: a PNG photo and a PDF received', async () => {
    const media = await rows<{ media_type: string; media_path: string; media_name: string }>(
      `select media_type, media_path, media_name from messages where company_id = $1 and media_path is not null order by id`,
    );
    expect(media.map((m) => [m.media_type, m.media_name])).toEqual([
      ['image', 'foto-caixa.png'],
      ['application', 'nota-fiscal-4790.pdf'],
    ]);
    const sniffed = media.map((m) => sniffMediaType(readFileSync(join(mediaDir, `company${company}`, m.media_path))));
    expect(sniffed.map((s) => s?.ext)).toEqual(['png', 'pdf']);
  });

  it('has tags on tickets, quick replies with a variable and with an image, and a schedule to come', async () => {
    const tagged = await rows<{ name: string; n: number }>(
      `select g.name, count(tt.ticket_id)::int as n from tags g left join ticket_tags tt on tt.tag_id = g.id where g.company_id = $1 group by g.name order by g.name`,
    );
    expect(tagged.length).toBeGreaterThanOrEqual(3);
    for (const t of tagged) expect(t.n).toBeGreaterThan(0);
    const quick = await rows<{ shortcode: string; message: string; media_path: string | null }>(
      `select shortcode, message, media_path from quick_messages where company_id = $1 and geral order by id`,
    );
    expect(quick.some((q) => q.message.includes('{{name}}') && !q.media_path)).toBe(true);
    const withImage = quick.find((q) => q.media_path);
    expect(withImage?.message).toContain('{{name}}');
    expect(sniffMediaType(readFileSync(join(mediaDir, `company${company}`, 'quick-messages', withImage!.media_path!)))?.kind).toBe('image');
    const schedules = await rows<{ status: string; future: boolean }>(`select status, send_at > now() as future from schedules where company_id = $1`);
    expect(schedules).toEqual([{ status: 'PENDENTE', future: true }]);
  });

  it('has a second connection as the official API on the sandbox network, its templates synced and each automatic message with its template', async () => {
    const connections = await rows<{
      name: string;
      provider: string;
      is_default: boolean;
      template_purposes: Record<string, { name: string; language: string; params: string[] }> | null;
    }>(`select name, provider, is_default, template_purposes from whatsapps where company_id = $1 order by id`);
    expect(connections.map((w) => [w.name, w.provider, w.is_default])).toEqual([
      ['WhatsApp Sandbox', 'sandbox', true],
      ['WhatsApp Sandbox (API oficial)', 'sandbox_cloud', false],
    ]);
    const official = connections[1];
    const templates = await rows<{ name: string; language: string; status: string; params: number }>(
      `select t.name, t.language, t.status, t.params from message_templates t join whatsapps w on w.id = t.whatsapp_id where t.company_id = $1 and w.name = 'WhatsApp Sandbox (API oficial)'`,
    );
    expect(new Set(templates.map((t) => t.status))).toEqual(new Set(['APPROVED', 'PENDING', 'REJECTED']));
    expect(Object.keys(official.template_purposes ?? {}).sort()).toEqual([
      'campaign',
      'farewell',
      'greeting',
      'inactive',
      'outOfHours',
      'rating',
      'schedule',
      'transfer',
    ]);
    // Every chosen template is one of its approved ones, with one value per variable (what the connection's update checks).
    for (const choice of Object.values(official.template_purposes ?? {}) as { name: string; language: string; params: string[] }[]) {
      expect(templates).toContainEqual({ name: choice.name, language: choice.language, status: 'APPROVED', params: choice.params.length });
    }
    const queues = await rows<{ name: string }>(
      `select q.name from whatsapp_queues wq join queues q on q.id = wq.queue_id join whatsapps w on w.id = wq.whatsapp_id where w.company_id = $1 and w.name = 'WhatsApp Sandbox (API oficial)' order by q.name`,
    );
    expect(queues.map((q) => q.name)).toEqual(['Suporte', 'Vendas']);
  });

  it('seeds only an empty database', async () => {
    const count = async () => (await rows<{ n: number }>(`select count(*)::int as n from messages`, []))[0].n;
    const before = await count();
    expect(await seedDemo(db.url, mediaDir)).toBeNull();
    expect(await count()).toBe(before);
  });
});
