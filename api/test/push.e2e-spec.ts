import { getQueueToken } from '@nestjs/bull';
import type { Queue } from 'bull';
import { QUEUES } from '../src/jobs/jobs';
import { PushSubscription } from '../src/auth/push/push-subscription.entity';
import { PushVapidKey } from '../src/auth/push/vapid-key.entity';
import { IngestService } from '../src/ticket/ingest/ingest.service';
import { PushNotifyListener } from '../src/ticket/push-notify/push-notify.listener';
import { RealtimeService } from '../src/realtime/realtime.service';
import { connectSocket, createTestApp, TestApp, until } from './harness';
import { createContact, createQueue, createSandboxConnection, createTenant, createTicket, createUser, login, sandboxOf } from './factories';
import { FakeSubscription, PushServiceFake } from './fakes/push-service-fake';

const ENV = { PUSH_ALLOW_INSECURE_ENDPOINTS: 'true' };

describe('web push', () => {
  let t: TestApp;
  let fake: PushServiceFake;
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
  const body = (sub: FakeSubscription, browserId = `b-${sub.id}`) => ({
    browserId,
    pushSubscription: { endpoint: sub.endpoint, expirationTime: null, keys: sub.keys },
  });
  const subsOf = (userId: number) => t.orm.em.fork().find(PushSubscription, { userId }, { filters: false, orderBy: { id: 'asc' } });
  const pushQueue = () => t.app.get<Queue>(getQueueToken(QUEUES.push));
  /** Until no push job waits, runs or waits for a retry. */
  const queueIdle = () =>
    until(async () => {
      const c = await pushQueue().getJobCounts();
      return c.waiting + c.active + c.delayed === 0;
    });

  beforeAll(async () => {
    fake = await new PushServiceFake().start();
    t = await createTestApp({ env: ENV });
  });
  // The fake checks signatures with the key the API serves (made by the first test; here when run alone).
  beforeEach(async () => {
    if (fake.expectedPublicKey || expect.getState().currentTestName?.includes('VAPID')) return;
    const { userToken } = await createTenant(t);
    fake.expectedPublicKey = (await t.http().get('/subscribe/public-key').set(bearer(userToken))).body.publicKey;
  });
  afterAll(async () => {
    await t.close();
    await fake.stop();
  });

  describe('VAPID keys', () => {
    it('are made once, by one of two processes asking at once, sealed, and kept across a restart', async () => {
      const second = await createTestApp({ env: ENV, shareWith: t });
      const a = await createTenant(t);
      const [one, two] = await Promise.all([
        t.http().get('/subscribe/public-key').set(bearer(a.userToken)),
        second.http().get('/subscribe/public-key').set(bearer(a.adminToken)),
      ]);
      await second.close();
      expect(one.status).toBe(200);
      expect(one.body.publicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/);
      expect(two.body.publicKey).toBe(one.body.publicKey);
      const rows = await t.orm.em.fork().find(PushVapidKey, {});
      expect(rows).toHaveLength(1);
      expect(rows[0].privateKeySealed).toMatch(/^v1:/);

      const restarted = await createTestApp({ env: ENV, shareWith: t });
      const again = await restarted.http().get('/subscribe/public-key').set(bearer(a.userToken));
      await restarted.close();
      expect(again.body.publicKey).toBe(one.body.publicKey);
      fake.expectedPublicKey = one.body.publicKey;

      expect((await t.http().get('/subscribe/public-key')).status).toBe(401);
    });
  });

  describe('subscriptions', () => {
    it('subscribes the caller, one per browser, and removes this browser or all of them', async () => {
      const a = await createTenant(t);
      const first = fake.subscription();
      const res = await t
        .http()
        .post('/subscribe')
        .set(bearer(a.userToken))
        .set('User-Agent', 'Chromium test')
        .send({ ...body(first, 'browser-1'), userId: a.user.id });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ userId: a.user.id, browserId: 'browser-1' });

      // The same browser with a new endpoint replaces its subscription; the same endpoint again changes nothing.
      const renewed = fake.subscription();
      expect((await t.http().post('/subscribe').set(bearer(a.userToken)).send(body(renewed, 'browser-1'))).status).toBe(201);
      expect((await t.http().post('/subscribe').set(bearer(a.userToken)).send(body(renewed, 'browser-1'))).status).toBe(201);
      const other = fake.subscription();
      expect((await t.http().post('/subscribe').set(bearer(a.userToken)).send(body(other, 'browser-2'))).status).toBe(201);
      expect((await subsOf(a.user.id)).map((s) => [s.browserId, s.endpoint])).toEqual([
        ['browser-1', renewed.endpoint],
        ['browser-2', other.endpoint],
      ]);

      expect((await t.http().delete(`/subscribe/${a.user.id}?browserId=browser-1`).set(bearer(a.userToken))).status).toBe(204);
      expect((await subsOf(a.user.id)).map((s) => s.browserId)).toEqual(['browser-2']);
      expect((await t.http().delete(`/subscribe/${a.user.id}`).set(bearer(a.userToken))).status).toBe(204);
      expect(await subsOf(a.user.id)).toEqual([]);
    });

    it("a browser's endpoint moves to whoever subscribes with it last, even in another company", async () => {
      const a = await createTenant(t);
      const b = await createTenant(t);
      const sub = fake.subscription();
      await t.http().post('/subscribe').set(bearer(a.userToken)).send(body(sub)).expect(201);
      await t.http().post('/subscribe').set(bearer(b.userToken)).send(body(sub)).expect(201);
      expect(await subsOf(a.user.id)).toEqual([]);
      expect((await subsOf(b.user.id)).map((s) => s.companyId)).toEqual([b.company.id]);
    });
  });

  describe('POST /notifications', () => {
    it('delivers to each subscription, VAPID-signed for the push service and encrypted for the browser', async () => {
      const a = await createTenant(t);
      const sub = fake.subscription();
      await t.http().post('/subscribe').set(bearer(a.userToken)).send(body(sub)).expect(201);
      const res = await t
        .http()
        .post('/notifications')
        .set(bearer(a.userToken))
        .send({ title: 'Reunião', message: 'Sala 2 às 15h', userId: a.user.id, url: '/todolist' });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ queued: 1 });
      const [d] = await until(() => (fake.to(sub).length ? fake.to(sub) : null));
      expect(d.vapidProblem).toBeUndefined();
      expect(d.vapidOk).toBe(true);
      expect(d.claims!.aud).toBe(fake.origin);
      expect(d.headers['content-encoding']).toBe('aes128gcm');
      expect(d.headers.ttl).toBe('86400');
      expect(d.headers.urgency).toBe('normal');
      expect(d.payload).toEqual({ title: 'Reunião', body: 'Sala 2 às 15h', url: '/todolist' });
      await until(async () => (await subsOf(a.user.id))[0].lastSuccessAt);

      // An admin notifies a user of the company; a plain user cannot notify someone else.
      expect((await t.http().post('/notifications').set(bearer(a.adminToken)).send({ title: 'Oi', message: '', userId: a.user.id })).body).toEqual({
        queued: 1,
      });
      expect((await t.http().post('/notifications').set(bearer(a.userToken)).send({ title: 'Oi', message: '', userId: a.admin.id })).status).toBe(403);
      // Without a subscription nothing is queued.
      expect((await t.http().post('/notifications').set(bearer(a.userToken)).send({ title: 'Oi', message: '', userId: a.user.id })).body).toEqual({
        queued: 1,
      });
      expect((await t.http().post('/notifications').set(bearer(a.adminToken)).send({ title: 'Oi', message: '', userId: a.admin.id })).body).toEqual({
        queued: 0,
      });
      await queueIdle();
    });

    it('a subscription the push service says is gone (410, 404) is deleted', async () => {
      const a = await createTenant(t);
      const gone = fake.subscription();
      const missing = fake.subscription();
      await t.http().post('/subscribe').set(bearer(a.userToken)).send(body(gone)).expect(201);
      await t.http().post('/subscribe').set(bearer(a.userToken)).send(body(missing)).expect(201);
      fake.answer(gone, 410);
      fake.answer(missing, 404);
      expect((await t.http().post('/notifications').set(bearer(a.userToken)).send({ title: 'x', message: 'y', userId: a.user.id })).body).toEqual({
        queued: 2,
      });
      await until(async () => (await subsOf(a.user.id)).length === 0);
      expect(fake.to(gone)).toHaveLength(1);
      expect(fake.to(missing)).toHaveLength(1);
    });

    it('a 500 is retried with backoff, for the failed subscription only', async () => {
      const a = await createTenant(t);
      const flaky = fake.subscription();
      const fine = fake.subscription();
      await t.http().post('/subscribe').set(bearer(a.userToken)).send(body(flaky)).expect(201);
      await t.http().post('/subscribe').set(bearer(a.userToken)).send(body(fine)).expect(201);
      fake.answer(flaky, 500, 201);
      await t.http().post('/notifications').set(bearer(a.userToken)).send({ title: 'x', message: 'y', userId: a.user.id }).expect(201);
      await until(() => fake.to(flaky).length === 2, 15_000);
      await queueIdle();
      expect(fake.to(flaky).map((d) => d.status)).toEqual([500, 201]);
      expect(fake.to(flaky)[1].payload).toEqual({ title: 'x', body: 'y', url: '/' });
      expect(fake.to(fine)).toHaveLength(1);
      expect((await subsOf(a.user.id)).every((s) => s.lastSuccessAt && s.failures === 0)).toBe(true);
    });
  });

  describe('incoming messages', () => {
    it("reach the ticket's attendants whose console is closed, not those with a socket open", async () => {
      const a = await createTenant(t);
      const queue = await createQueue(t.orm, a.company.id, { name: 'Suporte' });
      const away = await createUser(t.orm, { companyId: a.company.id, queueIds: [queue.id] });
      const here = await createUser(t.orm, { companyId: a.company.id, queueIds: [queue.id] });
      const elsewhere = await createUser(t.orm, { companyId: a.company.id });
      const tokens = await Promise.all([away, here, elsewhere].map(async (u) => (await login(t, u.email)).token));
      const subs = [fake.subscription(), fake.subscription(), fake.subscription()];
      for (let i = 0; i < 3; i++) await t.http().post('/subscribe').set(bearer(tokens[i])).send(body(subs[i])).expect(201);
      const socket = await connectSocket(t.url, tokens[1]);
      try {
        const w = await createSandboxConnection(t, a.company.id, [queue.id]);
        const contact = await createContact(t.orm, a.company.id, { name: 'Maria Cliente', number: '5511988776655' });
        const ticket = await createTicket(t.orm, a.company.id, { contactId: contact.id, whatsappId: w.id, queueId: queue.id, status: 'pending' });
        sandboxOf(t).sendFromPhone(contact.number, w.id, { body: 'Olá, preciso de ajuda com meu pedido' });
        await t.app.get(IngestService).drain();
        await t.app.get(PushNotifyListener).drain();
        const [d] = await until(() => (fake.to(subs[0]).length ? fake.to(subs[0]) : null));
        await queueIdle();
        expect(d.vapidOk).toBe(true);
        expect(d.payload).toEqual({ title: 'Maria Cliente', body: 'Olá, preciso de ajuda com meu pedido', url: `/tickets/${ticket.uuid}`, tag: ticket.uuid });
        expect(d.headers.urgency).toBe('high');
        expect(d.headers.topic).toBe(ticket.uuid.replace(/-/g, ''));
        expect(fake.to(subs[1])).toEqual([]);
        expect(fake.to(subs[2])).toEqual([]);

        // Once that console closes, the next message reaches it too (the same ticket: the same tag and topic).
        socket.close();
        await until(async () => (await t.app.get(RealtimeService).connectedUsers([here.id]))?.size === 0);
        sandboxOf(t).sendFromPhone(contact.number, w.id, { body: 'Alguém?' });
        await t.app.get(IngestService).drain();
        await t.app.get(PushNotifyListener).drain();
        const [late] = await until(() => (fake.to(subs[1]).length ? fake.to(subs[1]) : null));
        expect(late.payload).toMatchObject({ body: 'Alguém?', tag: ticket.uuid });
        await queueIdle();
        expect(fake.to(subs[0])).toHaveLength(2);
        expect(fake.to(subs[2])).toEqual([]);
      } finally {
        socket.close();
      }
    });
  });

  describe('internal chat messages', () => {
    it('reach the members whose console is closed, never the sender or a member with a socket open', async () => {
      const a = await createTenant(t);
      const away = await createUser(t.orm, { companyId: a.company.id, name: 'Carla' });
      const awayToken = (await login(t, away.email)).token;
      const subs = [fake.subscription(), fake.subscription(), fake.subscription()];
      const tokens = [a.adminToken, a.userToken, awayToken];
      for (let i = 0; i < 3; i++) await t.http().post('/subscribe').set(bearer(tokens[i])).send(body(subs[i])).expect(201);
      const socket = await connectSocket(t.url, a.userToken);
      try {
        const chat = (
          await t
            .http()
            .post('/chats')
            .set(bearer(a.adminToken))
            .send({ title: 'Plantão', users: [a.user.id, away.id] })
            .expect(201)
        ).body;
        await t.http().post(`/chats/${chat.id}/messages`).set(bearer(a.adminToken)).send({ message: 'Quem cobre sábado?' }).expect(201);
        const [d] = await until(() => (fake.to(subs[2]).length ? fake.to(subs[2]) : null));
        await queueIdle();
        expect(d.vapidOk).toBe(true);
        expect(d.payload).toEqual({ title: 'Plantão', body: `${a.admin.name}: Quem cobre sábado?`, url: `/chats/${chat.uuid}`, tag: `chat-${chat.uuid}` });
        expect(d.headers.topic).toBe(chat.uuid.replace(/-/g, ''));
        expect(fake.to(subs[0])).toEqual([]);
        expect(fake.to(subs[1])).toEqual([]);
      } finally {
        socket.close();
      }
    });
  });

  describe('tenant isolation', () => {
    it("company B can neither notify A's users nor remove their subscriptions", async () => {
      const a = await createTenant(t);
      const b = await createTenant(t);
      const sub = fake.subscription();
      await t.http().post('/subscribe').set(bearer(a.userToken)).send(body(sub)).expect(201);
      const notify = await t.http().post('/notifications').set(bearer(b.adminToken)).send({ title: 'x', message: 'y', userId: a.user.id });
      expect(notify.status).toBe(404);
      expect(notify.body.error).toBe('ERR_NO_USER_FOUND');
      expect((await t.http().delete(`/subscribe/${a.user.id}`).set(bearer(b.adminToken))).status).toBe(403);
      expect((await t.http().delete(`/subscribe/${a.user.id}`).set(bearer(a.adminToken))).status).toBe(403);
      expect(
        (
          await t
            .http()
            .post('/subscribe')
            .set(bearer(b.userToken))
            .send({ ...body(fake.subscription()), userId: a.user.id })
        ).status,
      ).toBe(403);
      expect(await subsOf(a.user.id)).toHaveLength(1);
      expect(fake.to(sub)).toEqual([]);
    });
  });

  describe('bad input', () => {
    it('answers 400 naming the field, never a 500', async () => {
      const a = await createTenant(t);
      const sub = fake.subscription();
      const post = (payload: unknown) =>
        t
          .http()
          .post('/subscribe')
          .set(bearer(a.userToken))
          .send(payload as object);
      const cases: [unknown, string][] = [
        [{ ...body(sub), pushSubscription: { ...body(sub).pushSubscription, endpoint: 'ftp://push.example/x' } }, 'pushSubscription.endpoint'],
        [{ ...body(sub), pushSubscription: { ...body(sub).pushSubscription, endpoint: 'not a url' } }, 'pushSubscription.endpoint'],
        [{ ...body(sub), pushSubscription: { ...body(sub).pushSubscription, keys: { ...sub.keys, p256dh: 'BAAA' } } }, 'pushSubscription.keys.p256dh'],
        [
          { ...body(sub), pushSubscription: { ...body(sub).pushSubscription, keys: { ...sub.keys, p256dh: `B${'A'.repeat(86)}` } } },
          'pushSubscription.keys.p256dh',
        ],
        [{ ...body(sub), pushSubscription: { ...body(sub).pushSubscription, keys: { ...sub.keys, auth: 'short' } } }, 'pushSubscription.keys.auth'],
        [{ ...body(sub), pushSubscription: { endpoint: sub.endpoint } }, 'pushSubscription.keys'],
        [{ ...body(sub), browserId: 'a b/c' }, 'browserId'],
        [{ ...body(sub), userId: 99999999999 }, 'userId'],
        [{ browserId: 'x' }, 'pushSubscription'],
      ];
      for (const [payload, field] of cases) {
        const res = await post(payload);
        expect({ field, status: res.status, error: res.body.error }).toEqual({ field, status: 400, error: 'ERR_VALIDATION' });
        expect(res.body.fields.map((f: { field: string }) => f.field)).toContain(field);
      }
      expect((await t.http().delete('/subscribe/99999999999').set(bearer(a.userToken))).status).toBe(400);
      expect((await t.http().delete(`/subscribe/${a.user.id}?browserId=../x`).set(bearer(a.userToken))).status).toBe(400);
      const notify = (payload: object) => t.http().post('/notifications').set(bearer(a.userToken)).send(payload);
      expect((await notify({ title: '', message: 'y', userId: a.user.id })).status).toBe(400);
      expect((await notify({ title: 'x', message: 'y', userId: 99999999999 })).status).toBe(400);
      expect((await notify({ title: 'x', message: 'y', userId: a.user.id, url: 'https://evil.example' })).status).toBe(400);
      expect((await notify({ title: 'x', message: 'y', userId: a.user.id, url: '//evil.example' })).status).toBe(400);
      expect((await notify({ title: 'x', message: 'y', userId: a.user.id, icon: 'javascript:alert(1)' })).status).toBe(400);
      expect(await subsOf(a.user.id)).toEqual([]);
    });
  });
});
