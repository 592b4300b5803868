import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import type { InboundMessage } from '../src/connection/providers/messaging-provider';
import { IngestService } from '../src/ticket/ingest/ingest.service';
import { createTestApp, TestApp } from './harness';
import { createSandboxConnection, createSuperUser, createTenant, login } from './factories';

/**
 * An inbound message is acknowledged only once committed: IngestService.message resolves after its batch's
 * transaction (and rejects when it could not be stored), and the sandbox phone's send answers 201 only then, also
 * when the session runs on another process than the one the phone called.
 */
describe('durable ingest', () => {
  let t: TestApp;
  let pg: Client;
  let superToken: string;
  let superEmail: string;
  beforeAll(async () => {
    t = await createTestApp();
    pg = new Client({ connectionString: t.config.databaseUrl });
    await pg.connect();
    const su = await createSuperUser(t);
    superToken = su.token;
    superEmail = su.user.email;
    // A real refusal from PostgreSQL for one chosen body: the batch holding it fails as a whole.
    await pg.query(`create function refuse_poison() returns trigger language plpgsql as $$
      begin if new.body like 'poison%' then raise exception 'refused %', new.body; end if; return new; end $$`);
    await pg.query(`create trigger refuse_poison before insert on messages for each row execute function refuse_poison()`);
  });
  afterAll(async () => {
    await pg.query('drop trigger if exists refuse_poison on messages');
    await pg.end();
    await t.close();
  });

  const stored = async (body: string) => Number((await pg.query<{ n: string }>('select count(*) as n from messages where body = $1', [body])).rows[0].n);
  const unique = (label: string) => `${label} ${randomBytes(6).toString('hex')}`;
  const inbound = (chatId: string, body: string): InboundMessage => ({
    providerId: `T${randomBytes(8).toString('hex')}`,
    chatId,
    isGroup: false,
    fromMe: false,
    pushName: 'Cliente',
    timestamp: new Date(),
    type: 'chat',
    body,
  });

  it('resolves each message once its batch committed, and rejects only the one PostgreSQL refused (the others stored one by one)', async () => {
    const { company } = await createTenant(t);
    const w = await createSandboxConnection(t, company.id);
    const ingest = t.app.get(IngestService);
    // One chat: one lane. The first message goes alone; the next five wait and go as one batch, which fails.
    const bodies = ['first', 'a', 'b', 'poison', 'c', 'd'].map((b) => (b === 'poison' ? unique('poison') : unique(b)));
    const outcomes = await Promise.allSettled(
      bodies.map((body) =>
        ingest.message(company.id, w.id, inbound('5511970000001', body)).then(async () => {
          // Resolved: it is in PostgreSQL at this very moment (no drain, no wait).
          expect(await stored(body)).toBe(1);
        }),
      ),
    );
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect(String((outcomes[3] as PromiseRejectedResult).reason)).toContain('refused poison');
    expect(await stored(bodies[3])).toBe(0);
    // A message sent again (same provider id) after it was stored is acknowledged and not stored twice.
    const again = inbound('5511970000001', unique('again'));
    await ingest.message(company.id, w.id, again);
    await ingest.message(company.id, w.id, again);
    expect(await stored(again.body)).toBe(1);
    // NUL characters (which PostgreSQL's text cannot hold) are left out, never a refusal.
    const nul = unique('nul');
    await ingest.message(company.id, w.id, { ...inbound('5511970000001', `${nul}\u0000`), pushName: 'Cli\u0000ente' });
    expect(await stored(nul)).toBe(1);
  });

  it('answers the sandbox phone 201 only after the commit, and 503 ERR_INBOUND_NOT_STORED when the message could not be stored', async () => {
    const { company } = await createTenant(t);
    const w = await createSandboxConnection(t, company.id);
    const send = (body: Record<string, unknown>) =>
      t
        .http()
        .post('/sandbox/phones/5511970000002/messages')
        .set('Authorization', `Bearer ${superToken}`)
        .send({ whatsappId: w.id, name: 'Ana', ...body });

    const body = unique('hello');
    await send({ body }).expect(201);
    expect(await stored(body)).toBe(1);

    const poison = unique('poison');
    const refused = await send({ body: poison, providerId: 'PHONE-RETRY-1' }).expect(503);
    expect(refused.body).toMatchObject({ error: 'ERR_INBOUND_NOT_STORED' });
    expect(await stored(poison)).toBe(0);
  });

  it('answers 201 after the commit when the session runs on another process than the one the phone calls', async () => {
    // A ROLE=api process (runs no session) and a worker sharing its database and Redis prefix.
    const api = await createTestApp({ shareWith: t, env: { ROLE: 'api' } });
    try {
      const { company } = await createTenant(t);
      const w = await createSandboxConnection(t, company.id);
      const token = (await login(api, superEmail)).token;
      const send = (body: Record<string, unknown>) =>
        api
          .http()
          .post('/sandbox/phones/5511970000003/messages')
          .set('Authorization', `Bearer ${token}`)
          .send({ whatsappId: w.id, ...body });
      const bodies = Array.from({ length: 20 }, (_, i) => unique(`remote ${i}`));
      await Promise.all(
        bodies.map(async (body) => {
          await send({ body }).expect(201);
          expect(await stored(body)).toBe(1);
        }),
      );
      const poison = unique('poison');
      expect((await send({ body: poison }).expect(503)).body).toMatchObject({ error: 'ERR_INBOUND_NOT_STORED' });
    } finally {
      await api.close();
    }
  });
});
