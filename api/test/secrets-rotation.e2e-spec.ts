import { execFile } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { JwtService } from '@nestjs/jwt';
import Redis from 'ioredis';
import { Client } from 'pg';
import type { AgentIo, AgentTurn } from '../src/automation/agents/agent';
import { AgentRegistry } from '../src/automation/agents/agent-registry';
import { PromptAgent } from '../src/automation/prompts/prompt.agent';
import { SecretBox } from '../src/common/infra/secret-box';
import { resealSecrets } from '../src/secrets/reseal';
import { SEALED_COLUMNS } from '../src/secrets/sealed-columns';
import { Ticket } from '../src/ticket/tickets/ticket.entity';
import { createTestApp, createTestDatabase, REDIS_URL, type TestApp, until } from './harness';
import { createContact, createMessage, createQueue, createTenant, createTicket, createWhatsapp, login } from './factories';
import { createEmbedKey, type CreatedEmbedKey, exchange, partnerToken } from './factories/embed';
import { OpenAiFake } from './fakes/openai-fake';
import { verifySignature, WebhookFake } from './fakes/webhook-fake';

const apiDir = join(__dirname, '..');
const hex = () => randomBytes(32).toString('hex');
const KEY_A = hex();
const KEY_B = hex();
const KEY_C = hex();
const JWT_A = hex();
const JWT_B = hex();
const AI_KEY = 'sk-rotation-0123456789';
const RESET_CODE = '314159';
const NEW_PASSWORD = 'NovaSenha123';

/** `npm run secrets:reseal` as the operator runs it (the same command in api/), to its exit. */
function reseal(env: Record<string, string>): Promise<{ code: number; out: string; err: string }> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      ['-r', '@swc-node/register', 'src/secrets/reseal.ts'],
      { cwd: apiDir, env: { PATH: process.env.PATH, NODE_ENV: 'test', ...env } },
      (e, out, err) => done({ code: e ? ((e as { code?: number }).code ?? 1) : 0, out, err }),
    );
  });
}

class QuietIo implements AgentIo {
  readonly texts: string[] = [];
  async sendText(body: string) {
    this.texts.push(body);
  }
  async sendMedia() {}
  async handOff() {}
  async close() {}
}

/**
 * A key rotation as docs/operations/secrets.md tells the operator to do it, on one database and Redis prefix: the
 * platform runs with key A; restarts with B and A as the previous key (everything stored still works, tokens and
 * mailed codes of A still pass); `secrets:reseal` moves the stored values onto B; restarts with B alone (everything
 * still works, A's tokens no longer pass). Each phase is a real app on the same data, one at a time.
 */
describe('rotating SECRETS_KEY and JWT_SECRET without an outage or lost data', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  const prefix = `atende-test-${randomBytes(4).toString('hex')}`;
  let openai: OpenAiFake;
  let webhook: WebhookFake;
  let t: TestApp | undefined;
  const app = () => t!;

  // What phase A leaves behind.
  let tenant: Awaited<ReturnType<typeof createTenant>>;
  let promptTicketId: number;
  let hook: { id: number; secret: string };
  let hookTicketId: number;
  let embedKey: CreatedEmbedKey;
  let embedTokenA: string;
  let strangerId: number;
  let strangerValue: string;

  async function phase(env: Record<string, string>): Promise<TestApp> {
    await t?.close();
    t = await createTestApp({
      env: { DATABASE_URL: db.url, REDIS_PREFIX: prefix, JWT_REFRESH_SECRET: 'r'.repeat(64), INTEGRATION_TIMEOUT_MS: '2000', ...env },
    });
    return t;
  }

  async function withClient<T>(use: (client: Client) => Promise<T>): Promise<T> {
    const client = new Client({ connectionString: db.url });
    await client.connect();
    try {
      return await use(client);
    } finally {
      await client.end();
    }
  }
  const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> =>
    withClient(async (client) => (await client.query(text, params)).rows as T[]);
  /** Every sealed value in the database, as `table id column` -> value. */
  async function sealedValues(): Promise<Map<string, string>> {
    const all = new Map<string, string>();
    for (const { table, columns } of SEALED_COLUMNS) {
      for (const row of await sql<Record<string, string | number | null>>(`select id, ${columns.join(', ')} from ${table} order by id`)) {
        for (const column of columns) if (row[column] !== null) all.set(`${table} ${row.id} ${column}`, String(row[column]));
      }
    }
    return all;
  }

  /** The prompt's agent answers a customer: the key it sent the AI service. */
  async function promptKeyUsed(): Promise<string | undefined> {
    const ticket = await app()
      .orm.em.fork()
      .findOneOrFail(Ticket, { id: promptTicketId }, { filters: false, populate: ['contact'] });
    const message = await createMessage(app().orm, ticket, `Olá ${randomBytes(3).toString('hex')}`, false);
    openai.answer({ reply: 'Claro!' });
    const before = openai.chats().length;
    const turn: AgentTurn = {
      companyId: tenant.company.id,
      ticketId: ticket.id,
      ticketUuid: ticket.uuid,
      whatsappId: 0,
      queueId: null,
      contact: { id: ticket.contact.id, name: ticket.contact.$.name, number: ticket.contact.$.number, email: null },
      message: { id: message.id, body: message.body, mediaType: message.mediaType, mediaPath: message.media.path, createdAt: message.createdAt },
      first: false,
    };
    const io = new QuietIo();
    await app().app.get(PromptAgent).respond(turn, io);
    expect(io.texts).toEqual(['Claro!']);
    return openai.chats()[before]?.headers.authorization?.replace(/^Bearer /, '');
  }

  /** The webhook agent posts a customer message: true when it arrived signed with the integration's secret. */
  async function webhookSigned(): Promise<boolean> {
    const ticket = await app()
      .orm.em.fork()
      .findOneOrFail(Ticket, { id: hookTicketId }, { filters: false, populate: ['contact', 'whatsapp'] });
    const before = webhook.deliveries.length;
    await app()
      .app.get(AgentRegistry)
      .get('webhook')!
      .respond(
        {
          companyId: tenant.company.id,
          ticketId: ticket.id,
          ticketUuid: ticket.uuid,
          whatsappId: ticket.whatsapp!.id,
          queueId: null,
          contact: { id: ticket.contact.id, name: ticket.contact.$.name, number: ticket.contact.$.number, email: null },
          message: { id: `M${randomBytes(6).toString('hex')}`, body: 'Quero comprar', mediaType: 'chat', mediaPath: null, createdAt: new Date() },
          first: false,
        },
        new QuietIo(),
      );
    await until(() => webhook.deliveries.length > before);
    return verifySignature(hook.secret, webhook.deliveries[before]);
  }

  const me = (token: string) => app().http().get('/auth/me').set('Authorization', `Bearer ${token}`);

  beforeAll(async () => {
    db = await createTestDatabase();
    openai = await new OpenAiFake().start();
    webhook = await new WebhookFake().start();

    // Phase A: the platform as it ran before the rotation.
    await phase({ SECRETS_KEY: KEY_A, JWT_SECRET: JWT_A });
    tenant = await createTenant(app());
    const admin = tenant.auth(tenant.adminToken);
    const queue = await createQueue(app().orm, tenant.company.id, { name: 'Vendas' });
    const prompt = (
      await app()
        .http()
        .post('/prompt')
        .set(admin)
        .send({
          name: 'Assistente',
          prompt: 'Você é a assistente da Loja Exemplo. Responda em uma frase.',
          apiKey: AI_KEY,
          queueId: queue.id,
          baseUrl: openai.baseUrl,
        })
        .expect(201)
    ).body;
    const contact = await createContact(app().orm, tenant.company.id, { name: 'Maria' });
    promptTicketId = (await createTicket(app().orm, tenant.company.id, { contactId: contact.id, queueId: queue.id, promptId: prompt.id })).id;

    hook = (await app().http().post('/queueIntegration').set(admin).send({ type: 'webhook', name: 'Hook', urlN8N: webhook.url }).expect(201)).body;
    webhook.secret = hook.secret;
    const whatsapp = await createWhatsapp(app().orm, tenant.company.id);
    const customer = await createContact(app().orm, tenant.company.id, { name: 'João', number: '5511988887777' });
    hookTicketId = (
      await createTicket(app().orm, tenant.company.id, { whatsappId: whatsapp.id, contactId: customer.id, useIntegration: true, integrationId: hook.id })
    ).id;

    embedKey = await createEmbedKey(app(), tenant.adminToken);
    embedTokenA = (await exchange(app(), partnerToken(embedKey, { email: tenant.admin.email })).expect(200)).body.token;

    // A password-reset code mailed before the rotation: its hash is keyed with JWT_A.
    const codeHash = createHmac('sha256', JWT_A).update(`password-reset:${tenant.user.id}:${RESET_CODE}`).digest('hex');
    await sql(
      `insert into password_resets (user_id, company_id, code_hash, attempts, expires_at, created_at) values ($1, $2, $3, 0, now() + interval '30 minutes', now())`,
      [tenant.user.id, tenant.company.id, codeHash],
    );

    // A value sealed with a key this deployment never had (a restore from elsewhere, a botched rotation).
    const other = await createQueue(app().orm, tenant.company.id, { name: 'Outra' });
    strangerId = (
      await app()
        .http()
        .post('/prompt')
        .set(admin)
        .send({ name: 'Estranha', prompt: 'Você é a assistente da Loja Exemplo. Responda em uma frase.', apiKey: 'sk-x', queueId: other.id })
        .expect(201)
    ).body.id;
    strangerValue = new SecretBox(Buffer.from(KEY_C, 'hex')).seal('sk-stranger');
    await sql('update prompts set api_key = $1 where id = $2', [strangerValue, strangerId]);

    expect(await promptKeyUsed()).toBe(AI_KEY);
    expect(await webhookSigned()).toBe(true);
  });

  afterAll(async () => {
    await t?.close();
    await db?.drop();
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
    await openai?.close();
    await webhook?.stop();
  });

  it('with the new secrets and the previous ones: stored credentials, sessions and mailed codes of the old ones still work; new ones use the new', async () => {
    await phase({ SECRETS_KEY: KEY_B, SECRETS_KEY_PREVIOUS: KEY_A, JWT_SECRET: JWT_B, JWT_SECRET_PREVIOUS: JWT_A });
    const a = new SecretBox(Buffer.from(KEY_A, 'hex'));
    const b = new SecretBox(Buffer.from(KEY_B, 'hex'));
    // Still sealed with A, and used.
    const [stored] = await sql<{ api_key: string }>('select api_key from prompts where id = (select prompt_id from tickets where id = $1)', [promptTicketId]);
    expect(a.open(stored.api_key)).toBe(AI_KEY);
    expect(await promptKeyUsed()).toBe(AI_KEY);
    expect(await webhookSigned()).toBe(true);
    await exchange(app(), partnerToken(embedKey, { email: tenant.admin.email })).expect(200);

    // What is sealed now is sealed with B only.
    const fresh = (
      await app().http().post('/queueIntegration').set(tenant.auth(tenant.adminToken)).send({ type: 'webhook', name: 'Novo', urlN8N: webhook.url }).expect(201)
    ).body;
    const [freshRow] = await sql<{ secret: string }>('select secret from queue_integrations where id = $1', [fresh.id]);
    expect(b.open(freshRow.secret)).toBe(fresh.secret);
    expect(() => a.open(freshRow.secret)).toThrow();

    // Sessions signed with JWT_A (a console login, an embed session) go on; a code mailed under it still resets.
    await me(tenant.adminToken).expect(200);
    await me(embedTokenA).expect(200);
    await app()
      .http()
      .post(`/resetpassword/${encodeURIComponent(tenant.user.email)}/${RESET_CODE}/${NEW_PASSWORD}`)
      .expect(204);
    const signedNow = (await login(app(), tenant.user.email, NEW_PASSWORD)).token;
    const jwt = new JwtService({});
    expect(() => jwt.verify(signedNow, { secret: JWT_B })).not.toThrow();
    expect(() => jwt.verify(signedNow, { secret: JWT_A })).toThrow(/invalid signature/);
    await me(signedNow).expect(200);
  });

  it('secrets:reseal refuses without the previous key, then moves every value onto the new key, reporting (and keeping) one it cannot open', async () => {
    const before = await sealedValues();
    const stranger = `prompts ${strangerId} api_key`;
    const refused = await reseal({ DATABASE_URL: db.url, SECRETS_KEY: KEY_B });
    expect(refused.code).toBe(2);
    expect(refused.err).toMatch(/SECRETS_KEY_PREVIOUS is not set/);
    expect(await sealedValues()).toEqual(before);

    // A dry run counts and writes nothing.
    const rotating = new SecretBox(Buffer.from(KEY_B, 'hex'), Buffer.from(KEY_A, 'hex'));
    const dry = await withClient((client) => resealSecrets(client, rotating, { dryRun: true }));
    expect(dry.tables.find((x) => x.table === 'prompts')).toEqual({ table: 'prompts', rows: 2, resealed: 1, current: 0, unreadable: 1 });
    expect(await sealedValues()).toEqual(before);

    const run = await reseal({ DATABASE_URL: db.url, SECRETS_KEY: KEY_B, SECRETS_KEY_PREVIOUS: KEY_A });
    expect({ code: run.code, err: run.err }).toEqual({ code: 1, err: '' });
    expect(run.out).toContain('  prompts: 1 resealed, 0 already on SECRETS_KEY, 1 unreadable (2 rows)');
    expect(run.out).toContain('  queue_integrations: 1 resealed, 1 already on SECRETS_KEY, 0 unreadable (2 rows)');
    expect(run.out).toContain('  embed_keys: 1 resealed, 0 already on SECRETS_KEY, 0 unreadable (1 row)');
    expect(run.out).toContain(`  prompts id ${strangerId}, api_key: opens with neither SECRETS_KEY nor SECRETS_KEY_PREVIOUS; left as it is`);
    expect(run.out).toMatch(/Keep SECRETS_KEY_PREVIOUS/);

    // Every value opens with B alone, to the same plain text as before; the stranger is byte for byte what it was.
    const after = await sealedValues();
    expect([...after.keys()]).toEqual([...before.keys()]);
    const b = new SecretBox(Buffer.from(KEY_B, 'hex'));
    const plain = (box: SecretBox, value: string) => {
      try {
        return box.open(value);
      } catch {
        return 'unreadable';
      }
    };
    for (const [where, value] of before) {
      if (where === stranger) expect(after.get(where)).toBe(strangerValue);
      else expect({ where, plain: plain(b, after.get(where)!) }).toEqual({ where, plain: rotating.open(value) });
    }

    // Idempotent: a second run, one row per batch, writes nothing and reports the same stranger.
    const again = await withClient((client) => resealSecrets(client, rotating, { batchSize: 1 }));
    expect(again.tables.map((x) => x.resealed)).toEqual(SEALED_COLUMNS.map(() => 0));
    expect(again.unreadable).toEqual([
      { table: 'prompts', id: strangerId, column: 'api_key', reason: 'opens with neither SECRETS_KEY nor SECRETS_KEY_PREVIOUS' },
    ]);
    expect(await sealedValues()).toEqual(after);
  });

  it('with the new secrets alone: the resealed credentials work, sessions of the old JWT secret end, the new ones go on', async () => {
    await phase({ SECRETS_KEY: KEY_B, JWT_SECRET: JWT_B });
    expect(await promptKeyUsed()).toBe(AI_KEY);
    expect(await webhookSigned()).toBe(true);
    await exchange(app(), partnerToken(embedKey, { email: tenant.admin.email })).expect(200);

    expect((await me(tenant.adminToken).expect(401)).body.error).toBe('ERR_SESSION_EXPIRED');
    expect((await me(embedTokenA).expect(401)).body.error).toBe('ERR_SESSION_EXPIRED');
    await me((await login(app(), tenant.user.email, NEW_PASSWORD)).token).expect(200);
  });
});
