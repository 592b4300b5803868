import type { CompanyId } from '../src/common/tenancy/company-id';
import { SANDBOX_NETWORK } from '../src/connection/sandbox-api/sandbox.service';
import type { SandboxNetwork } from '../src/connection/providers/sandbox/sandbox-network';
import { Whatsapp } from '../src/connection/whatsapps/whatsapp.entity';
import { Company } from '../src/tenant/companies/company.entity';
import { Ticket } from '../src/ticket/tickets/ticket.entity';
import { TicketTracking } from '../src/ticket/tickets/ticket-tracking.entity';
import { AutomationClock } from '../src/automation/chatbot/automation-clock';
import { TicketBot } from '../src/automation/chatbot/ticket-bot.entity';
import { AutomationSweeperService } from '../src/automation/timers/automation-sweeper.service';
import { AutomationTimersService } from '../src/automation/timers/automation-timers.service';
import { connectSocket, createTestApp, eventsDelivered, record, TestApp, until } from './harness';
import {
  createHoliday,
  createQueue,
  createQueueOption,
  createSandboxConnection,
  createTenant,
  createUser,
  login,
  setSetting,
  settleConversations,
} from './factories';

const ALL_CLOSED = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => ({
  weekday: d,
  weekdayEn: d,
  startTime: '00:00',
  endTime: '00:00',
}));

describe('automation: the conversation before and around a person', () => {
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

  async function setConnection(w: Whatsapp, fields: Partial<Whatsapp>): Promise<void> {
    await t.orm.em.fork().nativeUpdate(Whatsapp, { id: w.id }, fields, { filters: false });
  }

  async function menuCompany() {
    const tenant = await createTenant(t);
    const sales = await createQueue(t.orm, tenant.company.id, { name: 'Vendas', orderQueue: 1, greetingMessage: 'Bem-vindo a Vendas, {{name}}!' });
    const support = await createQueue(t.orm, tenant.company.id, { name: 'Suporte', orderQueue: 2, greetingMessage: 'Suporte aqui.' });
    const w = await createSandboxConnection(t, tenant.company.id, [sales.id, support.id]);
    await setConnection(w, { greetingMessage: 'Olá! Escolha um setor:', maxUseBotQueues: 3 });
    return { ...tenant, sales, support, w };
  }

  describe('greeting and queue choice', () => {
    it('greets a new ticket with the numbered queue menu; a wrong answer repeats it; the answer picks the queue and its greeting follows', async () => {
      const c = await menuCompany();
      const phone = phoneOn(c.w);
      await phone.say('Oi');
      expect(phone.inbox()).toEqual(['Olá! Escolha um setor:\n\n*1* - Vendas\n*2* - Suporte']);
      let ticket = await phone.ticket();
      expect(ticket).toMatchObject({ status: 'pending', queue: null });

      await phone.say('quero falar com alguém');
      expect(phone.inbox()).toHaveLength(2);
      expect(phone.inbox()[1]).toContain('*2* - Suporte');

      await phone.say('suporte');
      expect(phone.inbox()[2]).toBe('Suporte aqui.');
      ticket = await phone.ticket();
      expect(ticket.queue?.id).toBe(c.support.id);
      expect(ticket.status).toBe('pending');
      const cycle = await t.orm.em.fork().findOneOrFail(TicketTracking, { ticketId: ticket.id, finishedAt: null }, { filters: false });
      expect(cycle.queueId).toBe(c.support.id);

      // A later message is for people now: no more menus.
      await phone.say('1');
      expect(phone.inbox()).toHaveLength(3);
    });

    it('picks by number, fills the contact name, and gives up after maxUseBotQueues menus', async () => {
      const c = await menuCompany();
      const one = phoneOn(c.w);
      await one.say('Bom dia');
      await one.say('1');
      expect(one.inbox()[1]).toBe('Bem-vindo a Vendas, Cliente ' + phoneSeq + '!');
      expect((await one.ticket()).queue?.id).toBe(c.sales.id);

      await setConnection(c.w, { maxUseBotQueues: 2 });
      const two = phoneOn(c.w);
      await two.say('Oi');
      await two.say('x');
      await two.say('y');
      await two.say('z');
      expect(two.inbox()).toHaveLength(2); // the first menu and one repeat
      const bot = await t.orm.em.fork().findOneOrFail(TicketBot, { ticketId: (await two.ticket()).id }, { filters: false });
      expect(bot.stage).toBeNull();
      // The bot gave up: a number now is not read as a choice.
      await two.say('1');
      expect((await two.ticket()).queue).toBeNull();
    });

    it('repeats a menu at most every timeUseBotQueues minutes', async () => {
      const c = await menuCompany();
      await setConnection(c.w, { timeUseBotQueues: 10, maxUseBotQueues: 5 });
      const phone = phoneOn(c.w);
      await phone.say('Oi');
      await phone.say('?');
      expect(phone.inbox()).toHaveLength(1);
      clock.advance(11 * 60_000);
      await phone.say('?');
      expect(phone.inbox()).toHaveLength(2);
    });

    it('skips the menu with one queue: greeting, then the queue greeting', async () => {
      const tenant = await createTenant(t);
      const only = await createQueue(t.orm, tenant.company.id, { name: 'Geral', greetingMessage: 'Você está na fila Geral.' });
      const w = await createSandboxConnection(t, tenant.company.id, [only.id]);
      await setConnection(w, { greetingMessage: 'Olá!' });
      const phone = phoneOn(w);
      await phone.say('Oi');
      expect(phone.inbox()).toEqual(['Olá!', 'Você está na fila Geral.']);
      expect((await phone.ticket()).queue?.id).toBe(only.id);
    });
  });

  describe('option tree', () => {
    it('walks the tree by number with back and main-menu keys; a leaf hands the ticket to the queue', async () => {
      const c = await menuCompany();
      const q = c.support.id;
      const billing = await createQueueOption(t.orm, c.company.id, { queueId: q, option: 1, title: 'Financeiro', message: 'Assuntos financeiros.' });
      await createQueueOption(t.orm, c.company.id, { queueId: q, option: 1, parentId: billing.id, title: 'Segunda via', message: 'Envie seu CPF.' });
      await createQueueOption(t.orm, c.company.id, { queueId: q, option: 2, parentId: billing.id, title: 'Pix', message: 'Nossa chave é a do CNPJ.' });
      await createQueueOption(t.orm, c.company.id, { queueId: q, option: 2, title: 'Técnico', message: null });
      const phone = phoneOn(c.w);
      await phone.say('Oi');
      await phone.say('2');
      expect(phone.inbox().slice(1)).toEqual(['Suporte aqui.', '*1* - Financeiro\n*2* - Técnico\n\n*#* - Menu principal']);

      await phone.say('1');
      expect(phone.inbox().slice(3)).toEqual(['Assuntos financeiros.', '*1* - Segunda via\n*2* - Pix\n\n*0* - Voltar\n*#* - Menu principal']);
      await phone.say('0');
      expect(phone.inbox()[5]).toBe('*1* - Financeiro\n*2* - Técnico\n\n*#* - Menu principal');
      await phone.say('#');
      expect(phone.inbox()[6]).toBe('Olá! Escolha um setor:\n\n*1* - Vendas\n*2* - Suporte');
      await phone.say('2');
      await phone.say('1');
      await phone.say('2');
      expect(phone.inbox().slice(-1)).toEqual(['Nossa chave é a do CNPJ.']);
      const ticket = await phone.ticket();
      expect(ticket.queue?.id).toBe(q);
      const bot = await t.orm.em.fork().findOneOrFail(TicketBot, { ticketId: ticket.id }, { filters: false });
      expect(bot.stage).toBeNull();
      const count = phone.inbox().length;
      await phone.say('1');
      expect(phone.inbox()).toHaveLength(count);
    });
  });

  describe('business hours and holidays', () => {
    it('answers out of hours instead of the menu (company hours), once an hour', async () => {
      const c = await menuCompany();
      await setSetting(t.orm, c.company.id, 'scheduleType', 'company');
      await t.orm.em.fork().nativeUpdate(Company, { id: c.company.id }, { schedules: ALL_CLOSED });
      await setConnection(c.w, { outOfHoursMessage: 'Estamos fechados.' });
      const phone = phoneOn(c.w);
      await phone.say('Oi');
      await phone.say('Alô?');
      expect(phone.inbox()).toEqual(['Estamos fechados.']);
      expect((await phone.ticket()).status).toBe('pending');
    });

    it("closes a queue by its own hours (scheduleType queue) with the queue's message", async () => {
      const c = await menuCompany();
      await setSetting(t.orm, c.company.id, 'scheduleType', 'queue');
      const em = t.orm.em.fork();
      await em
        .getConnection()
        .execute('update queues set schedules = ?::jsonb, out_of_hours_message = ? where id = ?', [
          JSON.stringify(ALL_CLOSED),
          'Suporte só em horário comercial.',
          c.support.id,
        ]);
      const phone = phoneOn(c.w);
      await phone.say('Oi');
      await phone.say('2');
      expect(phone.inbox().slice(1)).toEqual(['Suporte só em horário comercial.']);
      expect((await phone.ticket()).queue?.id).toBe(c.support.id);
      // Vendas keeps the default hours and no holiday: open or closed by the clock, never the Suporte text.
    });

    it("answers with the holiday's message in queues whose optionHolidays is enabled", async () => {
      const c = await menuCompany();
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
      await createHoliday(t.orm, c.company.id, { dateHoliday: today, body: 'Feliz feriado! Voltamos amanhã.' });
      await t.orm.em.fork().getConnection().execute("update queues set option_holidays = 'enabled' where id = ?", [c.sales.id]);
      const phone = phoneOn(c.w);
      await phone.say('Oi');
      await phone.say('1');
      expect(phone.inbox().slice(1)).toEqual(['Feliz feriado! Voltamos amanhã.']);
    });

    it('a holiday goes from PENDENTE to ENVIADA (sentAt) when its message first reaches a customer, live on the admin socket', async () => {
      const c = await menuCompany();
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
      const holiday = await createHoliday(t.orm, c.company.id, { dateHoliday: today, body: 'Hoje é feriado.' });
      await t.orm.em.fork().getConnection().execute("update queues set option_holidays = 'enabled' where id = ?", [c.sales.id]);
      const admin = c.auth(c.adminToken);
      expect((await t.http().get(`/holidays/${holiday.id}`).set(admin).expect(200)).body).toMatchObject({ status: 'PENDENTE', sentAt: null });
      const socket = await connectSocket(t.url, c.adminToken);
      const attendant = await connectSocket(t.url, c.userToken);
      const events = record<{ action: string; holiday: { id: number; status: string; sentAt: string | null } }>(socket, `company-${c.company.id}-holiday`);
      const overheard = record(attendant, `company-${c.company.id}-holiday`);
      try {
        const phone = phoneOn(c.w);
        await phone.say('Oi');
        await phone.say('1');
        expect(phone.inbox().slice(1)).toEqual(['Hoje é feriado.']);
        const sent = (await t.http().get(`/holidays/${holiday.id}`).set(admin).expect(200)).body;
        expect(sent).toMatchObject({ status: 'ENVIADA', sentAt: expect.any(String) });
        await until(() => events.length >= 1);
        expect(events).toEqual([{ action: 'update', holiday: sent }]);
        // History now: another customer gets the message, the first sending time stays; the holiday no longer changes.
        const second = phoneOn(c.w);
        await second.say('Bom dia');
        await second.say('1');
        expect(second.inbox().slice(1)).toEqual(['Hoje é feriado.']);
        expect((await t.http().get(`/holidays/${holiday.id}`).set(admin).expect(200)).body.sentAt).toBe(sent.sentAt);
        expect((await t.http().put(`/holidays/${holiday.id}`).set(admin).send({ name: 'Outro' }).expect(409)).body.error).toBe('ERR_HOLIDAY_ALREADY_SENT');
        await eventsDelivered(t, attendant);
        expect(overheard).toEqual([]);
      } finally {
        socket.close();
        attendant.close();
      }
    });
  });

  describe('timers', () => {
    async function openTicket() {
      const tenant = await createTenant(t);
      const q = await createQueue(t.orm, tenant.company.id, { name: 'Geral', greetingMessage: null });
      const other = await createQueue(t.orm, tenant.company.id, { name: 'Plantão', greetingMessage: 'x' });
      const agent = await createUser(t.orm, { companyId: tenant.company.id, queueIds: [q.id] });
      const agentToken = (await login(t, agent.email)).token;
      const w = await createSandboxConnection(t, tenant.company.id, [q.id]);
      const phone = phoneOn(w);
      return { ...tenant, q, other, agent, agentToken, w, phone };
    }

    it('closes an open ticket after expiresTicket minutes without activity, once, with expiresInactiveMessage', async () => {
      const c = await openTicket();
      await setConnection(c.w, { expiresTicket: 5, expiresInactiveMessage: 'Encerramos por inatividade.' });
      await c.phone.say('Oi');
      const ticket = await c.phone.ticket();
      await t.http().put(`/tickets/${ticket.id}`).set('Authorization', `Bearer ${c.agentToken}`).send({ status: 'open', userId: c.agent.id }).expect(200);
      const sweeper = t.app.get(AutomationSweeperService);

      clock.advance(4 * 60_000);
      await sweeper.sweep();
      expect((await c.phone.ticket()).status).toBe('open');

      clock.advance(2 * 60_000);
      await sweeper.sweep();
      await settle(c.company.id);
      expect((await c.phone.ticket()).status).toBe('closed');
      expect(c.phone.inbox()).toEqual(['Encerramos por inatividade.']);

      // The job and the sweeper firing again change nothing.
      await t.app.get(AutomationTimersService).run(c.company.id, ticket.id, 'inactive');
      await sweeper.sweep();
      await settle(c.company.id);
      expect(c.phone.inbox()).toHaveLength(1);
    });

    it('a delayed job that fires before the time (activity moved it) reschedules instead of closing', async () => {
      const c = await openTicket();
      await setConnection(c.w, { expiresTicket: 5 });
      await c.phone.say('Oi');
      const ticket = await c.phone.ticket();
      await t.http().put(`/tickets/${ticket.id}`).set('Authorization', `Bearer ${c.agentToken}`).send({ status: 'open', userId: c.agent.id }).expect(200);
      const timers = t.app.get(AutomationTimersService);
      const due = await timers.run(c.company.id, ticket.id, 'inactive');
      expect(due).toBeInstanceOf(Date);
      expect(due!.getTime()).toBeGreaterThan(Date.now() + 4 * 60_000);
      clock.advance(6 * 60_000);
      expect(await timers.run(c.company.id, ticket.id, 'inactive')).toBeNull();
      expect((await c.phone.ticket()).status).toBe('closed');
    });

    it('moves a ticket left without a queue for timeSendQueue minutes to sendIdQueue, once, ending the menu', async () => {
      const c = await menuCompany();
      await setConnection(c.w, { timeSendQueue: 3, sendIdQueue: c.support.id });
      await setSetting(t.orm, c.company.id, 'timeOut', '60');
      const phone = phoneOn(c.w);
      await phone.say('Oi');
      const sweeper = t.app.get(AutomationSweeperService);
      clock.advance(2 * 60_000);
      await sweeper.sweep();
      expect((await phone.ticket()).queue).toBeNull();
      clock.advance(2 * 60_000);
      await sweeper.sweep();
      const moved = await phone.ticket();
      expect(moved).toMatchObject({ status: 'pending', user: null });
      expect(moved.queue?.id).toBe(c.support.id);
      const bot = await t.orm.em.fork().findOneOrFail(TicketBot, { ticketId: moved.id }, { filters: false });
      expect(bot.stage).toBeNull();
      // A ticket already in a queue never moves.
      const other = phoneOn(c.w);
      await other.say('Oi');
      await other.say('1');
      clock.advance(10 * 60_000);
      await sweeper.sweep();
      expect((await other.ticket()).queue?.id).toBe(c.sales.id);
      expect((await phone.ticket()).queue?.id).toBe(c.support.id);
    });

    it('drops a menu unanswered for timeOut minutes; the next message starts over', async () => {
      const c = await menuCompany();
      await setSetting(t.orm, c.company.id, 'timeOut', '2');
      const phone = phoneOn(c.w);
      await phone.say('Oi');
      clock.advance(3 * 60_000);
      await t.app.get(AutomationSweeperService).sweep();
      expect(await t.orm.em.fork().findOne(TicketBot, { ticketId: (await phone.ticket()).id }, { filters: false })).toBeNull();
      await phone.say('voltei');
      expect(phone.inbox()).toHaveLength(2);
      expect(phone.inbox()[1]).toContain('*1* - Vendas');
    });
  });

  describe('rating', () => {
    async function rated() {
      const tenant = await createTenant(t);
      const q = await createQueue(t.orm, tenant.company.id, { name: 'Geral', greetingMessage: null });
      const agent = await createUser(t.orm, { companyId: tenant.company.id, queueIds: [q.id] });
      const agentToken = (await login(t, agent.email)).token;
      const w = await createSandboxConnection(t, tenant.company.id, [q.id]);
      await setConnection(w, { ratingMessage: 'Como foi o atendimento?', complationMessage: 'Obrigado pelo contato!' });
      await setSetting(t.orm, tenant.company.id, 'userRating', 'enabled');
      const phone = phoneOn(w);
      await phone.say('Oi');
      const ticket = await phone.ticket();
      const auth = { Authorization: `Bearer ${agentToken}` };
      await t.http().put(`/tickets/${ticket.id}`).set(auth).send({ status: 'open', userId: agent.id }).expect(200);
      await t.http().put(`/tickets/${ticket.id}`).set(auth).send({ status: 'closed' }).expect(200);
      await settle(tenant.company.id);
      return { ...tenant, agent, ticket, phone, w };
    }

    it('asks for a 1 to 3 rating on close, stores the answer for the attendant, and thanks', async () => {
      const c = await rated();
      expect(c.phone.inbox()).toEqual(['Como foi o atendimento?\n\n*1* - Insatisfeito\n*2* - Satisfeito\n*3* - Muito satisfeito']);
      await c.phone.say('3');
      expect(c.phone.inbox()[1]).toBe('Obrigado pelo contato!');
      const ticket = await c.phone.ticket();
      expect(ticket.id).toBe(c.ticket.id);
      expect(ticket).toMatchObject({ status: 'closed', ratingUntil: null });
      const cycle = await t.orm.em.fork().findOneOrFail(TicketTracking, { ticketId: c.ticket.id }, { filters: false, orderBy: { id: 'desc' } });
      expect(cycle).toMatchObject({ rating: 3, userId: c.agent.id });

      const dash = await t.http().get('/dashboard').set('Authorization', `Bearer ${c.adminToken}`).expect(200);
      const row = (dash.body.attendants as { id: number; rating: number | null }[]).find((a) => a.id === c.agent.id);
      expect(row?.rating).toBe(3);

      // A second "1" is a new conversation, not a second rating.
      await c.phone.say('1');
      expect(cycle.rating).toBe(3);
      const again = await c.phone.ticket();
      expect(again.status).toBe('pending');
    });

    it('reopens the ticket when the answer is not a rating', async () => {
      const c = await rated();
      await c.phone.say('Na verdade ainda tenho uma dúvida');
      const ticket = await c.phone.ticket();
      expect(ticket.id).toBe(c.ticket.id);
      expect(ticket).toMatchObject({ status: 'pending', user: null, ratingUntil: null });
      const cycles = await t.orm.em.fork().find(TicketTracking, { ticketId: c.ticket.id }, { filters: false, orderBy: { id: 'asc' } });
      expect(cycles).toHaveLength(2);
      expect(cycles[0].rating).toBeNull();
    });

    it('sends only the completion message when rating is off', async () => {
      const c = await rated();
      await setSetting(t.orm, c.company.id, 'userRating', 'disabled');
      const phone = phoneOn(c.w);
      await phone.say('Oi');
      const ticket = await phone.ticket();
      await t.http().put(`/tickets/${ticket.id}`).set('Authorization', `Bearer ${c.adminToken}`).send({ status: 'closed' }).expect(200);
      await settle(c.company.id);
      expect(phone.inbox()).toEqual(['Obrigado pelo contato!']);
    });
  });
});
