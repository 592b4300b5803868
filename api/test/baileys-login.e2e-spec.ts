/**
 * @jest-environment ./test/baileys-environment.js
 */
import { EntityManager } from '@mikro-orm/postgresql';
import type { CompanyId } from '../src/common/tenancy/company-id';
import { BaileysAuthStore } from '../src/connection/providers/baileys/baileys-auth-store';
import type { WAMessage } from '../src/connection/providers/baileys/baileys-types';
import { ConnectionSessionsService } from '../src/connection/sessions/connection-sessions.service';
import { SessionLeaseService } from '../src/connection/sessions/session-lease.service';
import { Whatsapp } from '../src/connection/whatsapps/whatsapp.entity';
import { IngestService } from '../src/ticket/ingest/ingest.service';
import { Message } from '../src/ticket/messages/message.entity';
import { baileys } from './baileys';
import { useStandInBaileys } from './baileys-stand-in';
import { createCompany, createWhatsapp } from './factories';
import { createTestApp, TestApp, until } from './harness';

const PHONE = '5511900000001';

/** The login (credentials and signal keys) a Baileys session keeps in PostgreSQL, and its takeover by another worker. */
describe('the Baileys login in PostgreSQL', () => {
  let t: TestApp;
  let em: EntityManager;
  let companyId: CompanyId;

  beforeAll(async () => {
    t = await createTestApp();
    em = t.app.get(EntityManager);
    companyId = (await createCompany(t.orm)).id;
  });
  afterAll(() => t.close());

  /** A connection row (the auth state's owner) that no session service starts. */
  const connection = async (company = companyId) => (await createWhatsapp(t.orm, company, { status: 'DISCONNECTED' })).id;
  const authRows = async (whatsappId: number) =>
    (await t.orm.em.getConnection().execute<{ n: number }[]>('select count(*)::int as n from whatsapp_auth_keys where whatsapp_id = ?', [whatsappId]))[0].n;

  describe('auth state in PostgreSQL', () => {
    it('keeps credentials and keys, buffers included, one row per key', async () => {
      const id = await connection();
      const lib = baileys();
      const store = new BaileysAuthStore(em).open(companyId, id, lib);
      const { state, saveCreds } = await store.load();
      // A fresh login: Baileys' own new credentials.
      expect(state.creds.registered).toBe(false);
      Object.assign(state.creds, { me: { id: `${PHONE}:9@s.whatsapp.net`, name: 'Loja' }, registered: true });
      await saveCreds();
      const appStateKey = lib.proto.Message.AppStateSyncKeyData.fromObject({ keyData: Buffer.alloc(32, 9), timestamp: 1_764_000_000 });
      await state.keys.set({
        'pre-key': { '1': { public: Buffer.alloc(32, 1), private: Buffer.alloc(32, 2) }, '2': { public: Buffer.alloc(32, 3), private: Buffer.alloc(32, 4) } },
        session: { [`${PHONE}.0`]: Buffer.from('session-one') },
        'app-state-sync-key': { AAAAAQ: appStateKey },
        'lid-mapping': { [PHONE]: '100000000000001', '100000000000001_reverse': PHONE },
        'sender-key-memory': { '120363000000000001@g.us': { [`${PHONE}:0@s.whatsapp.net`]: true } },
      });
      await state.keys.set({ 'pre-key': { '2': null } });
      expect(await authRows(id)).toBe(1 + 1 + 1 + 1 + 2 + 1);

      // Another process (a new store) reads the same login.
      const again = new BaileysAuthStore(em).open(companyId, id, lib);
      const loaded = (await again.load()).state;
      const creds = loaded.creds;
      expect(creds.me).toEqual({ id: `${PHONE}:9@s.whatsapp.net`, name: 'Loja' });
      expect(creds.registered).toBe(true);
      expect(Buffer.isBuffer(creds.noiseKey.private)).toBe(true);
      expect(Buffer.from(creds.noiseKey.private).equals(Buffer.from(state.creds.noiseKey.private))).toBe(true);
      expect(Buffer.from(creds.signedPreKey.signature).equals(Buffer.from(state.creds.signedPreKey.signature))).toBe(true);
      expect(creds.advSecretKey).toBe(state.creds.advSecretKey);
      const preKeys = await loaded.keys.get('pre-key', ['1', '2']);
      expect(Object.keys(preKeys)).toEqual(['1']);
      expect(Buffer.from(preKeys['1'].private).equals(Buffer.alloc(32, 2))).toBe(true);
      expect(Buffer.from((await loaded.keys.get('session', [`${PHONE}.0`]))[`${PHONE}.0`]).toString()).toBe('session-one');
      const syncKey = (await loaded.keys.get('app-state-sync-key', ['AAAAAQ'])).AAAAAQ;
      expect(syncKey).toBeInstanceOf(lib.proto.Message.AppStateSyncKeyData);
      expect(Buffer.from(syncKey.keyData!).equals(Buffer.alloc(32, 9))).toBe(true);
      expect(await loaded.keys.get('lid-mapping', [PHONE, '100000000000001_reverse', 'nope'])).toEqual({
        [PHONE]: '100000000000001',
        '100000000000001_reverse': PHONE,
      });
      expect(await loaded.keys.get('sender-key-memory', ['120363000000000001@g.us'])).toEqual({
        '120363000000000001@g.us': { [`${PHONE}:0@s.whatsapp.net`]: true },
      });
      // Never readable under another company.
      const other = (await createCompany(t.orm)).id;
      expect(await new BaileysAuthStore(em).open(other, id, lib).keys.get('session', [`${PHONE}.0`])).toEqual({});
      expect((await new BaileysAuthStore(em).open(other, id, lib).load()).state.creds.registered).toBe(false);

      // Clearing forgets everything.
      await new BaileysAuthStore(em).clear(companyId, id);
      expect(await authRows(id)).toBe(0);
    });

    it('applies overlapping writes in order: the last write wins and no key is lost', async () => {
      const id = await connection();
      const store = new BaileysAuthStore(em).open(companyId, id, baileys());
      const { state } = await store.load();
      const writes: Promise<void>[] = [];
      for (let i = 0; i < 60; i++) {
        writes.push(
          Promise.resolve(
            state.keys.set({
              session: { shared: Buffer.from(`v${i}`), [`own-${i}`]: Buffer.from(`k${i}`), ...(i % 3 === 2 ? { [`own-${i - 1}`]: null } : {}) },
              'sender-key': { [`sk-${i % 7}`]: Buffer.from(`s${i}`) },
            }),
          ),
        );
        if (i % 10 === 0) writes.push(store.saveCreds({ ...state.creds, accountSyncCounter: i }));
      }
      await Promise.all(writes);
      const loaded = (await new BaileysAuthStore(em).open(companyId, id, baileys()).load()).state;
      expect(Buffer.from((await loaded.keys.get('session', ['shared'])).shared).toString()).toBe('v59');
      const ids = Array.from({ length: 60 }, (_, i) => `own-${i}`);
      const own = await loaded.keys.get('session', ids);
      const expected = ids.filter((_, i) => !(i % 3 === 1 && i < 59));
      expect(Object.keys(own).sort()).toEqual(expected.sort());
      const senderKeys = await loaded.keys.get(
        'sender-key',
        Array.from({ length: 7 }, (_, i) => `sk-${i}`),
      );
      expect(Object.fromEntries(Object.entries(senderKeys).map(([k, v]) => [k, Buffer.from(v).toString()]))).toEqual({
        'sk-0': 's56',
        'sk-1': 's57',
        'sk-2': 's58',
        'sk-3': 's59',
        'sk-4': 's53',
        'sk-5': 's54',
        'sk-6': 's55',
      });
      expect(loaded.creds.accountSyncCounter).toBe(50);
    });
  });
});

/**
 * Two workers of one deployment: a Baileys session runs on one, and when that worker leaves the other takes it over,
 * reading the login from PostgreSQL: it connects with no new QR code.
 */
describe('a Baileys session moving between workers', () => {
  const LEASE = { SESSION_LEASE_MS: '1500' };
  let api: TestApp;
  beforeAll(async () => {
    api = await createTestApp({ env: { ROLE: 'api', ...LEASE } });
  });
  afterAll(() => api.close());

  it('is taken over by the other worker, which resumes the stored login without a QR code', async () => {
    const workers = [
      await createTestApp({ shareWith: api, env: { ROLE: 'worker', ...LEASE } }),
      await createTestApp({ shareWith: api, env: { ROLE: 'worker', ...LEASE } }),
    ];
    const standIns = workers.map((w) => useStandInBaileys(w));
    const closed = new Set<TestApp>();
    try {
      const company = await createCompany(api.orm);
      const w = api.orm.em.fork().create(Whatsapp, { companyId: company.id, name: 'WhatsApp', provider: 'baileys', status: 'OPENING', isDefault: true });
      await api.orm.em.fork().persistAndFlush(w);
      const stored = () => api.orm.em.fork().findOneOrFail(Whatsapp, w.id, { filters: false });
      await workers[0].app.get(ConnectionSessionsService).start(company.id, w.id);
      const owner = await until(async () => {
        const id = await api.app.get(SessionLeaseService).ownerOf(w.id);
        return workers.findIndex((x) => x.app.get(SessionLeaseService).workerId === id) + 1;
      });
      const first = standIns[owner - 1];
      const second = standIns[2 - owner];

      // A fresh login: a QR code, scanned; WhatsApp restarts the stream and the session connects.
      await until(async () => (await stored()).status === 'qrcode');
      expect((await stored()).qrcode).toBe('2@fake-qr-1');
      await first.last().scan(PHONE);
      await until(async () => (await stored()).status === 'CONNECTED');
      expect(await stored()).toMatchObject({ number: PHONE, qrcode: null });
      expect(first.sockets).toHaveLength(2);

      // The owner leaves; the other worker starts the session from the stored login.
      await workers[owner - 1].close();
      closed.add(workers[owner - 1]);
      await until(() => second.sockets.length === 1, 8000);
      const resumed = second.last();
      expect(resumed.config.auth.creds.me?.id).toBe(`${PHONE}:7@s.whatsapp.net`);
      expect(resumed.config.auth.creds.registered).toBe(true);
      expect(Buffer.from(resumed.config.auth.creds.noiseKey.private).equals(Buffer.from(first.sockets[0].config.auth.creds.noiseKey.private))).toBe(true);
      expect(Buffer.from((await resumed.config.auth.keys.get('session', [`${PHONE}.0`]))[`${PHONE}.0`]).toString()).toBe('signal-session-bytes');
      await until(async () => second.last().user !== undefined && (await stored()).status === 'CONNECTED');
      expect(resumed.qrOffered).toBe(0);
      expect(await stored()).toMatchObject({ status: 'CONNECTED', qrcode: null, number: PHONE });

      // The new owner carries the conversation: a message in, a reply out through it.
      const survivor = workers[2 - owner];
      resumed.emit('messages.upsert', {
        type: 'notify',
        messages: [
          baileys().proto.WebMessageInfo.fromObject({
            key: { remoteJid: '5511988880010@s.whatsapp.net', fromMe: false, id: 'AFTER-1' },
            message: { conversation: 'ainda aí?' },
            messageTimestamp: 1_764_000_400,
            pushName: 'Cliente',
          }) as unknown as WAMessage,
        ],
      });
      await until(async () => (await api.orm.em.fork().count(Message, { whatsappId: w.id }, { filters: false })) === 1);
      await survivor.app.get(IngestService).drain();
      const sent = await api.app.get(ConnectionSessionsService).send(company.id, w.id, '5511988880010', { type: 'chat', body: 'sim!' });
      expect(sent.providerId).toBe('FAKE1');
      expect(resumed.sent.map((s) => [s.jid, s.content])).toEqual([['5511988880010@s.whatsapp.net', { text: 'sim!' }]]);
    } finally {
      for (const x of workers) if (!closed.has(x)) await x.close();
    }
  });
});
