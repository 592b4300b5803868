import { Client } from 'pg';
import { sleep } from '../harness';
import { ApiProcess, createDeployment, Deployment, superToken } from './processes';

/**
 * Durable ingest under faults (issue 28): a sandbox phone's message answered 201 is in PostgreSQL, whatever happens
 * to the API process or to its database connections right after.
 *
 * 1. `kill -9` of the API while 50 phones send 10 messages each (500, each body unique, 30 in flight), after about
 *    200 answers; then a restart and the rest of the messages. Every message answered 201 is stored exactly once.
 * 2. PostgreSQL backends of the deployment's database terminated several times while 300 more come in, then the
 *    database closed to every connection for 2 s: the process lives, and every 201 is stored exactly once (a phone
 *    sends again, with the same provider id, what was answered 5xx or not answered at all, as WhatsApp does until its
 *    message is acknowledged).
 */
const PHONES = 50;
const PER_PHONE = 10;
const IN_FLIGHT = 30;
const KILL_AFTER = 200;

interface Outgoing {
  phone: string;
  body: string;
  providerId: string;
}

interface Tally {
  sent: number;
  created: Set<string>;
  /** Answered something else (status: count). */
  other: Map<number, number>;
  /** No answer: the connection failed (the process died under it). */
  unanswered: number;
  /** The first body of each other status answered. */
  samples: Map<number, string>;
}

const newTally = (): Tally => ({ sent: 0, created: new Set(), other: new Map(), unanswered: 0, samples: new Map() });

function messages(run: string, phones: number, perPhone: number, firstPhone = 0): Outgoing[] {
  const out: Outgoing[] = [];
  // Phone-major rounds: every phone's first message, then every phone's second, ...: many chats at once.
  for (let m = 0; m < perPhone; m++) {
    for (let p = firstPhone; p < firstPhone + phones; p++) {
      out.push({ phone: `55119${String(70000000 + p)}`, body: `${run} phone ${p} message ${m}`, providerId: `F${run}P${p}M${m}` });
    }
  }
  return out;
}

async function post(api: ApiProcess, token: string, m: Outgoing, samples?: Map<number, string>): Promise<number | 'unanswered'> {
  try {
    const r = await fetch(`${api.url}/sandbox/phones/${m.phone}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ whatsappId: 1, body: m.body, name: `Cliente ${m.phone.slice(-4)}`, providerId: m.providerId }),
    });
    const text = await r.text();
    if (r.status !== 201 && samples && !samples.has(r.status)) samples.set(r.status, text.slice(0, 200));
    return r.status;
  } catch {
    return 'unanswered';
  }
}

/**
 * Sends `queue` with `IN_FLIGHT` requests at a time. `onCreated` runs on each 201 (may stop the run by returning
 * true); `retry` says whether to send a message again after an answer that was not 201 (up to 10 times).
 */
async function pump(
  api: () => ApiProcess,
  token: string,
  queue: Outgoing[],
  tally: Tally,
  options: { onCreated?: (count: number) => boolean; retry?: boolean } = {},
): Promise<Outgoing[]> {
  let next = 0;
  let stop = false;
  const left: Outgoing[] = [];
  const worker = async () => {
    while (!stop && next < queue.length) {
      const m = queue[next++];
      for (let attempt = 0; ; attempt++) {
        tally.sent += attempt === 0 ? 1 : 0;
        const status = await post(api(), token, m, tally.samples);
        if (status === 201) {
          tally.created.add(m.body);
          if (options.onCreated?.(tally.created.size)) stop = true;
          break;
        }
        if (status === 'unanswered') tally.unanswered += 1;
        else tally.other.set(status, (tally.other.get(status) ?? 0) + 1);
        if (!options.retry || attempt >= 10) break;
        await sleep(100 * (attempt + 1));
      }
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  while (next < queue.length) left.push(queue[next++]);
  return left;
}

/** Waits until the demo's sandbox connection takes a message (the session started and attached). */
async function connectionReady(api: ApiProcess, token: string, run: string): Promise<void> {
  const deadline = Date.now() + 90_000;
  for (let i = 0; ; i++) {
    const status = await post(api, token, { phone: '5511969999999', body: `${run} probe ${i}`, providerId: `P${run}${i}` });
    if (status === 201) return;
    if (Date.now() > deadline) throw new Error(`the sandbox connection did not take a message within 90 s (last answer ${status})`);
    await sleep(250);
  }
}

describe('durable ingest under faults (real API processes)', () => {
  let deployment: Deployment;
  let pg: Client;
  let api: ApiProcess;
  let token: string;
  beforeAll(async () => {
    // A short session lease: after kill -9 the restarted process takes the connection over within seconds.
    deployment = await createDeployment({ env: { SESSION_LEASE_MS: '3000' } });
    api = await deployment.start();
    token = await superToken(api.url);
    pg = new Client({ connectionString: deployment.databaseUrl });
    await pg.connect();
  });
  afterAll(async () => {
    await pg?.end();
    await deployment?.close();
  });

  /** Per body, how many rows the messages table holds. */
  async function storedCounts(bodies: string[]): Promise<Map<string, number>> {
    const { rows } = await pg.query<{ body: string; n: string }>('select body, count(*) as n from messages where body = any($1::text[]) group by body', [
      bodies,
    ]);
    return new Map(rows.map((r) => [r.body, Number(r.n)]));
  }

  async function check(label: string, tally: Tally, all: Outgoing[]): Promise<void> {
    const counts = await storedCounts(all.map((m) => m.body));
    const answered = [...tally.created];
    const lost = answered.filter((b) => !counts.has(b));
    const twice = [...counts].filter(([, n]) => n > 1).map(([b]) => b);
    const stored = [...counts.values()].filter((n) => n > 0).length;
    const other = [...tally.other].map(([s, n]) => `${s}: ${n} (${tally.samples.get(s) ?? ''})`).join(', ') || 'none';
    console.log(
      `${label}: sent ${tally.sent}, answered 201 ${answered.length}, other answers ${other}, unanswered ${tally.unanswered}, ` +
        `stored ${stored} (of which answered 201: ${answered.length - lost.length}), lost ${lost.length}, stored twice ${twice.length}`,
    );
    expect({ lost: lost.slice(0, 10), lostCount: lost.length }).toEqual({ lost: [], lostCount: 0 });
    expect(twice).toEqual([]);
  }

  it('stores every message answered 201 when the API is killed with SIGKILL mid-stream and restarted', async () => {
    await connectionReady(api, token, 'k');
    const all = messages('kill', PHONES, PER_PHONE);
    const tally = newTally();
    let killed: Promise<unknown> | undefined;
    const current = api;
    const left = await pump(() => current, token, all, tally, {
      onCreated: (n) => {
        if (n >= KILL_AFTER && !killed) killed = current.kill('SIGKILL');
        return killed !== undefined;
      },
    });
    await killed;
    const atKill = { answered: tally.created.size, unanswered: tally.unanswered };
    console.log(`kill -9 after ${atKill.answered} answers 201 (${atKill.unanswered} requests cut off, ${left.length} not sent yet)`);
    expect(current.alive()).toBe(false);

    // The same deployment again: the rest of the customers write in once it is back.
    api = await deployment.start();
    token = await superToken(api.url);
    await connectionReady(api, token, 'k2');
    await pump(() => api, token, left, tally);
    await check('kill -9', tally, all);
    expect(tally.created.size).toBeGreaterThanOrEqual(KILL_AFTER + left.length);
  });

  it('stores every message answered 201 while PostgreSQL backends are terminated, and the process lives', async () => {
    await connectionReady(api, token, 't');
    const database = new URL(deployment.databaseUrl).pathname.slice(1);
    const all = messages('terminate', 30, 10, 100);
    const tally = newTally();
    let terminations = 0;
    let terminated = 0;
    let done = false;
    // Another database of the server closes and opens this one (a database cannot close itself to connections).
    const serverUrl = new URL(deployment.databaseUrl);
    serverUrl.pathname = '/postgres';
    const admin = new Client({ connectionString: serverUrl.toString() });
    await admin.connect();
    const checker = (await pg.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0].pid;
    const terminate = async () => {
      const { rowCount } = await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> $2', [database, checker]);
      terminations += 1;
      terminated += rowCount ?? 0;
    };
    let closed = false;
    const cutter = (async () => {
      await sleep(300);
      while (terminations < 3 || (!done && terminations < 6)) {
        await terminate();
        await sleep(400);
      }
      // Then unreachable: no new connection is let in (superusers included) for 2 s.
      await admin.query(`alter database "${database}" allow_connections false`);
      closed = true;
      try {
        await terminate();
        await sleep(2000);
      } finally {
        await admin.query(`alter database "${database}" allow_connections true`);
      }
    })();
    await pump(() => api, token, all.slice(0, 200), tally, { retry: true });
    done = true;
    // The rest comes in while the database is closed, and is sent again until it is taken.
    let failed: unknown;
    void cutter.catch((e: unknown) => (failed = e));
    while (!closed && failed === undefined) await sleep(50);
    await pump(() => api, token, all.slice(200), tally, { retry: true });
    await cutter.finally(() => admin.end());
    console.log(`pg_terminate_backend: ${terminations} rounds, ${terminated} backends terminated`);
    expect(terminations).toBeGreaterThanOrEqual(3);
    expect(terminated).toBeGreaterThan(0);
    expect(api.alive()).toBe(true);
    await check('backends terminated', tally, all);
    const errors = api
      .logs()
      .split('\n')
      .filter((l) => l.includes('ERROR'));
    // One line per logger context, colours left out.
    const byContext = new Map<string, string>();
    for (const line of errors) {
      const text = line.replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '').replace(/^.*?ERROR\s*/, '');
      const context = /^\[([^\]]+)\]/.exec(text)?.[1] ?? '?';
      if (!byContext.has(context)) byContext.set(context, text.slice(0, 220));
    }
    console.log(`the API logged ${errors.length} error lines; one per logger:\n${[...byContext.values()].join('\n')}`);
    // Everything was eventually taken: the phones sent again what was not acknowledged.
    expect(tally.created.size).toBe(all.length);
  });
});
