import type { CompanyId } from '../src/common/tenancy/company-id';
import { SANDBOX_NETWORK } from '../src/connection/sandbox-api/sandbox.service';
import type { SandboxNetwork } from '../src/connection/providers/sandbox/sandbox-network';
import { Whatsapp } from '../src/connection/whatsapps/whatsapp.entity';
import { Ticket } from '../src/ticket/tickets/ticket.entity';
import { AutomationClock } from '../src/automation/chatbot/automation-clock';
import { AutomationSweeperService } from '../src/automation/timers/automation-sweeper.service';
import { DistributionService } from '../src/automation/distribution/distribution.service';
import { createTestApp, sleep, TestApp } from './harness';
import { createQueue, createSandboxConnection, createTenant, createUser, login, setSetting, settleConversations } from './factories';

describe('automation: automatic distribution', () => {
  let t: TestApp;
  let network: SandboxNetwork;
  let clock: AutomationClock;
  let phoneSeq = 0;

  beforeAll(async () => {
    t = await createTestApp({ env: { AUTOMATION_SWEEP_MS: '3600000' } });
    network = t.app.get(SANDBOX_NETWORK);
    clock = t.app.get(AutomationClock);
  });
  afterEach(() => clock.reset());
  afterAll(() => t.close());

  const settle = (companyId: CompanyId) => settleConversations(t, companyId);

  function phoneOn(w: Whatsapp) {
    const number = `5511977${String(++phoneSeq).padStart(6, '0')}`;
    const phone = network.phone(number, `Cliente ${phoneSeq}`);
    return {
      number,
      inbox: () => phone.inbox.filter((m) => m.whatsappId === w.id).map((m) => m.body),
      async say(body: string) {
        network.sendFromPhone(number, w.id, { body });
        await settle(w.companyId);
      },
      async ticket(): Promise<Ticket> {
        return t.orm.em.fork().findOneOrFail(Ticket, { contact: { number }, companyId: w.companyId }, { orderBy: { id: 'desc' }, filters: false });
      },
    };
  }

  describe('automatic distribution', () => {
    it('spreads 50 concurrent arrivals over online users of the queue, within NumberOfTickets, each ticket once, across two processes', async () => {
      const tenant = await createTenant(t);
      const q = await createQueue(t.orm, tenant.company.id, { name: 'Geral', greetingMessage: null });
      const other = await createQueue(t.orm, tenant.company.id, { name: 'Outra', greetingMessage: 'x' });
      const users = await Promise.all([0, 1, 2, 3].map(() => createUser(t.orm, { companyId: tenant.company.id, queueIds: [q.id] })));
      const offline = await createUser(t.orm, { companyId: tenant.company.id, queueIds: [q.id] });
      const elsewhere = await createUser(t.orm, { companyId: tenant.company.id, queueIds: [other.id] });
      const conn = t.orm.em.fork().getConnection();
      await conn.execute("update users set automatic_distribution = 'habilitado', online = true where id = any(string_to_array(?, ',')::int[])", [
        [...users.map((u) => u.id), elsewhere.id].join(','),
      ]);
      await conn.execute("update users set automatic_distribution = 'habilitado', online = false where id = ?", [offline.id]);
      await conn.execute("update users set automatic_distribution = 'desabilitado' where id = ?", [users[3].id]);
      await setSetting(t.orm, tenant.company.id, 'AutomaticDistribution', 'enabled');
      await setSetting(t.orm, tenant.company.id, 'NumberOfTickets', '5');
      await setSetting(t.orm, tenant.company.id, 'UsersOnline', 'enabled');
      const w = await createSandboxConnection(t, tenant.company.id, [q.id]);

      // A second API process of the same deployment offers waiting tickets at the same time.
      const second = await createTestApp({ shareWith: t, env: { AUTOMATION_SWEEP_MS: '3600000' } });
      try {
        const phones = Array.from({ length: 50 }, () => phoneOn(w));
        const racing = (async () => {
          for (let i = 0; i < 3; i++) {
            await second.app.get(DistributionService).fill(tenant.company.id);
            await sleep(5);
          }
        })();
        for (const p of phones) network.sendFromPhone(p.number, w.id, { body: 'Oi' });
        await racing;
        await settle(tenant.company.id);
        await t.app.get(DistributionService).fill(tenant.company.id);

        const rows = await conn.execute<{ id: number; user_id: number | null; status: string }[]>(
          'select id, user_id, status from tickets where company_id = ? order by id',
          [tenant.company.id],
        );
        expect(rows).toHaveLength(50);
        const assigned = rows.filter((r) => r.user_id !== null);
        expect(assigned).toHaveLength(15); // 3 eligible users x 5
        for (const r of assigned) expect(r.status).toBe('open');
        const perUser = new Map<number, number>();
        for (const r of assigned) perUser.set(r.user_id!, (perUser.get(r.user_id!) ?? 0) + 1);
        expect([...perUser.keys()].sort()).toEqual(
          users
            .slice(0, 3)
            .map((u) => u.id)
            .sort(),
        );
        expect([...perUser.values()]).toEqual([5, 5, 5]);
        // Each ticket started one attendance cycle, with its one attendant.
        const cycles = await conn.execute<{ ticket_id: number; n: number }[]>(
          'select ticket_id, count(*)::int as n from ticket_trackings where company_id = ? and started_at is not null group by ticket_id',
          [tenant.company.id],
        );
        expect(cycles).toHaveLength(15);
        expect(cycles.every((c) => c.n === 1)).toBe(true);

        // Closing one frees room: the oldest waiting ticket goes to that attendant.
        const token = (await login(t, users[0].email)).token;
        const mine = assigned.find((r) => r.user_id === users[0].id)!;
        await t.http().put(`/tickets/${mine.id}`).set('Authorization', `Bearer ${token}`).send({ status: 'closed' }).expect(200);
        await settle(tenant.company.id);
        const [{ n }] = await conn.execute<{ n: number }[]>("select count(*)::int as n from tickets where user_id = ? and status = 'open'", [users[0].id]);
        expect(n).toBe(5);
      } finally {
        await second.close();
      }
    });

    it('is fair among equally loaded users and leaves everything alone when the setting is off', async () => {
      const tenant = await createTenant(t);
      const q = await createQueue(t.orm, tenant.company.id, { name: 'Geral', greetingMessage: null });
      const a = await createUser(t.orm, { companyId: tenant.company.id, queueIds: [q.id] });
      const b = await createUser(t.orm, { companyId: tenant.company.id, queueIds: [q.id] });
      const conn = t.orm.em.fork().getConnection();
      await conn.execute("update users set automatic_distribution = 'habilitado' where id = any(string_to_array(?, ',')::int[])", [`${a.id},${b.id}`]);
      const w = await createSandboxConnection(t, tenant.company.id, [q.id]);
      const p1 = phoneOn(w);
      await p1.say('Oi');
      expect((await p1.ticket()).user).toBeNull();

      await setSetting(t.orm, tenant.company.id, 'AutomaticDistribution', 'enabled');
      const owners: number[] = [];
      for (let i = 0; i < 4; i++) {
        const p = phoneOn(w);
        await p.say('Oi');
        owners.push((await p.ticket()).user!.id);
      }
      expect(owners.filter((id) => id === a.id)).toHaveLength(2);
      expect(owners.filter((id) => id === b.id)).toHaveLength(2);
      // The first ticket, waiting from before, is offered by the sweeper.
      await t.app.get(AutomationSweeperService).sweep();
      expect((await p1.ticket()).user).not.toBeNull();
    });
  });
});
