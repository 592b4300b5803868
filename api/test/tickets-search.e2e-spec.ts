import { createHash } from 'node:crypto';
import { Ticket } from '../src/ticket/tickets/ticket.entity';
import { buildTicketQueries, TicketListParams } from '../src/ticket/tickets/ticket-search.service';
import { tenantSql } from '../src/common/tenancy/tenant-sql';
import { ListTicketsDto } from '../src/ticket/tickets/dto/list-tickets.dto';
import { SearchStatisticsService } from '../src/ticket/tickets/search-statistics.service';
import { createTestApp, TestApp } from './harness';
import { createContact, createMessage, createTenant, createWhatsapp } from './factories';
import { ticketWorld, type TicketWorld as World } from './factories/ticket-world';

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const idsOf = (body: { tickets: { id: number }[] }) => body.tickets.map((x) => x.id).sort((a, b) => a - b);
const sorted = (...tickets: Ticket[]) => tickets.map((x) => x.id).sort((a, b) => a - b);

describe('tickets: search', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const list = (token: string, query: Record<string, string | number> = {}, path = '/tickets') => t.http().get(path).query(query).set(bearer(token));

  describe('search', () => {
    let w: World;
    let mariana: Ticket;
    let pedro: Ticket;
    beforeAll(async () => {
      w = await ticketWorld(t);
      const m = await createContact(t.orm, w.companyId, { name: 'Mariana Souza', number: '5511987654321' });
      const p = await createContact(t.orm, w.companyId, { name: 'Pedro Lima', number: '5521900001111' });
      mariana = await w.mk({ contactId: m.id, status: 'closed' });
      pedro = await w.mk({ contactId: p.id, queueId: w.q2.id });
      await createMessage(t.orm, pedro, 'Preciso de um orçamento do telhado, por favor');
      await createMessage(t.orm, mariana, 'Bom dia');
    });
    const search = async (token: string, searchParam: string) => idsOf((await list(token, { searchParam }).expect(200)).body);

    it('matches part of the contact name, any case', async () => {
      expect(await search(w.adminToken, 'ARIAN')).toEqual(sorted(mariana));
      expect(await search(w.adminToken, 'souza')).toEqual(sorted(mariana));
    });

    it('matches part of the number', async () => {
      expect(await search(w.adminToken, '98765')).toEqual(sorted(mariana));
      expect(await search(w.adminToken, '(21) 90000')).toEqual(sorted(pedro));
    });

    it('matches message words by prefix, all words required', async () => {
      expect(await search(w.adminToken, 'telha')).toEqual(sorted(pedro));
      expect(await search(w.adminToken, 'Orçamento telhado')).toEqual(sorted(pedro));
      expect(await search(w.adminToken, 'orçamento janela')).toEqual([]);
    });

    it('lists a ticket that matches by contact and by message once, and answers without badges', async () => {
      await createMessage(t.orm, mariana, 'Mariana aqui, sobre o pedido');
      const body = (await list(w.adminToken, { searchParam: 'mariana' }).expect(200)).body;
      expect(idsOf(body)).toEqual(sorted(mariana));
      expect(body).toMatchObject({ count: 1, hasMore: false, counts: null });
    });

    it('pages a common word alike by walking the recent tickets and from the full-text index, and finds a rare one', async () => {
      // 460 tickets a minute apart: every one mentions "orçamento"; only the oldest "xilofone".
      const tenant = await createTenant(t);
      const wapp = await createWhatsapp(t.orm, tenant.company.id);
      const conn = t.orm.em.fork().getConnection();
      const ids = (
        await conn.execute<{ id: number }[]>(
          `with c as (
             insert into contacts (company_id, name, number, created_at, updated_at)
             select ?, 'Walk ' || g, '5531' || lpad(g::text, 9, '0'), now(), now() from generate_series(1, 460) g returning id, number
           ), t as (
             insert into tickets (uuid, company_id, status, contact_id, whatsapp_id, created_at, updated_at)
             select gen_random_uuid(), ?, 'closed', c.id, ?, now(), timestamptz '2026-01-01' + right(c.number, 9)::int * interval '1 minute' from c
             returning id, updated_at
           ), m as (
             insert into messages (company_id, ticket_id, body, created_at, updated_at)
             select ?, t.id, case when t.updated_at = timestamptz '2026-01-01 00:01' then 'xilofone e orçamento' else 'o orçamento, por favor' end, now(), now()
               from t returning 1
           )
           select t.id from t order by t.updated_at desc`,
          [tenant.company.id, tenant.company.id, wapp.id, tenant.company.id],
        )
      ).map((r) => r.id);
      const pages = async (searchParam: string) => {
        const found: number[] = [];
        for (let page = 1; ; page++) {
          const body = (await list(tenant.adminToken, { searchParam, pageNumber: page }).expect(200)).body;
          found.push(...body.tickets.map((x: { id: number }) => x.id));
          if (!body.hasMore) return found;
        }
      };
      // PostgreSQL's statistics now say "orçamento" is in every message: the pages come from the walk (and from the
      // index once a page lies past the walk); with the word called rare, all of them from the index. Same pages.
      await conn.execute('analyze messages');
      const statistics = t.app.get(SearchStatisticsService);
      statistics.forget();
      expect(await statistics.shareOf(['orçamento'])).toBeGreaterThan(0.5);
      const walk = jest.spyOn(statistics, 'shareOf');
      expect(await pages('orçamento')).toEqual(ids);
      walk.mockResolvedValue(0);
      expect(await pages('orçamento')).toEqual(ids);
      // Called common (a word frequent in other companies): the short probe of recent tickets finds none, and the
      // company's index answers with the oldest ticket, past the probe.
      walk.mockResolvedValue(1);
      expect(idsOf((await list(tenant.adminToken, { searchParam: 'xilofone' }).expect(200)).body)).toEqual([ids[ids.length - 1]]);
      // "zabumba" in the 11th most recent ticket and in 45 past the probe's 300: the probe finds one, the walk goes on
      // past it and fills the first page; the second page comes from the index. Same pages as the index alone.
      const zabumba = [ids[10], ...ids.slice(310, 355)];
      for (const id of zabumba) {
        await conn.execute(`insert into messages (company_id, ticket_id, body, created_at, updated_at) values (?, ?, 'zabumba', now(), now())`, [
          tenant.company.id,
          id,
        ]);
      }
      expect(await pages('zabumba')).toEqual(zabumba);
      walk.mockResolvedValue(0);
      expect(await pages('zabumba')).toEqual(zabumba);
      walk.mockRestore();
      expect(idsOf((await list(tenant.adminToken, { searchParam: 'xilofone' }).expect(200)).body)).toEqual([ids[ids.length - 1]]);
      expect(idsOf((await list(tenant.adminToken, { searchParam: 'orçamento xilo' }).expect(200)).body)).toEqual([ids[ids.length - 1]]);
    });

    it("finds words through the company's own index entries: never another company's, any case and accent as typed", async () => {
      const other = await ticketWorld(t);
      const theirs = await other.mk({ contactId: (await createContact(t.orm, other.companyId, { name: 'Outro Cliente', number: '5511911112222' })).id });
      await createMessage(t.orm, theirs, 'Paralelepípedo quebrado na calçada');
      const ours = await w.mk({ contactId: (await createContact(t.orm, w.companyId, { name: 'Nosso Cliente', number: '5511933334444' })).id });
      await createMessage(t.orm, ours, 'Calçada nova');
      // The index path, as for a word the statistics call rare.
      const statistics = t.app.get(SearchStatisticsService);
      const share = jest.spyOn(statistics, 'shareOf').mockResolvedValue(0);
      try {
        expect(await search(w.adminToken, 'paralelep')).toEqual([]);
        expect(await search(other.adminToken, 'PARALELEPÍPEDO')).toEqual(sorted(theirs));
        expect(await search(w.adminToken, 'CALÇ')).toEqual(sorted(ours));
        expect(await search(other.adminToken, 'calçada')).toEqual(sorted(theirs));
      } finally {
        share.mockRestore();
      }
    });

    it('treats operators and quotes as text', async () => {
      for (const term of ['a:* | b', "'); drop table tickets; --", '!!', '50%', '&|!():*<->']) {
        await list(w.adminToken, { searchParam: term }).expect(200);
      }
      expect(await search(w.adminToken, '50%')).toEqual([]);
      expect(await search(w.adminToken, 'telhado:* | x')).toEqual([]);
    });

    it('a plain user searches only what they can see', async () => {
      expect(await search(w.anaToken, 'mariana')).toEqual(sorted(mariana));
      expect(await search(w.anaToken, 'telhado')).toEqual([]);
      expect(await search(w.caioToken, 'telhado')).toEqual(sorted(pedro));
    });

    it('the generated SQL is served by the trigram and full-text indexes', async () => {
      // A few thousand contacts, tickets and messages, so the planner has real tables to choose on.
      const conn = t.orm.em.fork().getConnection();
      await conn.execute(
        `insert into contacts (company_id, name, number, created_at, updated_at)
         select ?, 'Pessoa ' || g || ' ' || md5(g::text), '55' || (10000000000 + (g::bigint * 7919 * 104729) % 89999999999)::text, now(), now()
           from generate_series(1, 5000) g`,
        [w.companyId],
      );
      await conn.execute(
        `insert into tickets (uuid, company_id, status, contact_id, queue_id, whatsapp_id, created_at, updated_at)
         select gen_random_uuid(), ?, 'closed', c.id, ?, ?, now(), now() from contacts c where c.company_id = ? and c.name like 'Pessoa %'`,
        [w.companyId, w.q1.id, w.wapp.id, w.companyId],
      );
      await conn.execute(
        `insert into messages (company_id, ticket_id, body, created_at, updated_at)
         select t.company_id, t.id, 'mensagem ' || md5('m' || t.id) || ' sobre o pedido ' || t.id, now(), now()
           from tickets t join contacts c on c.id = t.contact_id where t.company_id = ? and c.name like 'Pessoa %'`,
        [w.companyId],
      );
      // Vacuum moves the new rows out of the GIN pending lists and gives the planner the indexes' statistics.
      for (const table of ['contacts', 'tickets', 'messages']) await conn.execute(`vacuum analyze ${table}`);

      const knex = t.orm.em.getKnex();
      const params = (searchParam: string): TicketListParams => ({
        viewer: { userId: w.admin.id, seesAll: true, queueIds: [] },
        showAll: true,
        groups: 'any',
        timezone: 'America/Sao_Paulo',
        companyQueueIds: [w.q1.id, w.q2.id],
        query: Object.assign(new ListTicketsDto(), { searchParam }),
      });
      // The contact matches and the message matches read from the index (the walk of recent tickets is not an index read).
      const explain = async (searchParam: string, seqscan: boolean) => {
        const built = buildTicketQueries(tenantSql(t.orm.em, w.companyId), knex, params(searchParam));
        const plans: string[] = [];
        for (const query of [built.head, built.messages?.index]) {
          if (!query) continue;
          const { sql, bindings } = query.toSQL();
          plans.push(
            await knex.transaction(async (trx) => {
              if (!seqscan) await trx.raw('set local enable_seqscan = off');
              const res = await trx.raw<{ rows: { 'QUERY PLAN': string }[] }>(`explain ${sql}`, bindings as never[]);
              return res.rows.map((r) => r['QUERY PLAN']).join('\n');
            }),
          );
        }
        return plans.join('\n');
      };

      // As the planner chooses on these tables.
      // A selective term, as real searches are: part of one contact's name (a hash no other row shares).
      const rare = createHash('md5').update('1234').digest('hex').slice(0, 10);
      const natural = await explain(rare, true);
      expect(natural).toContain('contacts_name_trgm_index');
      expect(natural).toContain('messages_company_words_index');
      expect(natural).not.toMatch(/Seq Scan on (contacts|messages)/);
      const [{ number }] = await conn.execute<{ number: string }[]>(`select number from contacts where company_id = ? and name like 'Pessoa 1234 %'`, [
        w.companyId,
      ]);
      const byNumber = await explain(number.slice(4, 11), true);
      expect(byNumber).toContain('contacts_number_trgm_index');
      expect(byNumber).not.toMatch(/Seq Scan on (contacts|messages)/);
      // And usable at all (sequential scans priced out).
      const forced = await explain('pedido', false);
      expect(forced).toContain('contacts_name_trgm_index');
      expect(forced).toContain('messages_company_words_index');

      expect(await search(w.adminToken, rare)).toHaveLength(1);
      expect(await search(w.adminToken, 'Pessoa 1234 ')).toHaveLength(1);
      expect(await search(w.adminToken, number.slice(4, 11))).toEqual(await search(w.adminToken, number));
      expect(await search(w.adminToken, number)).toHaveLength(1);
    });
  });
});
