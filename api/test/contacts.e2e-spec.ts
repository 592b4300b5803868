import type { CompanyId } from '../src/common/tenancy/company-id';
import { Contact } from '../src/ticket/contacts/contact.entity';
import { Ticket } from '../src/ticket/tickets/ticket.entity';
import { Message } from '../src/ticket/messages/message.entity';
import { connectSocket, createTestApp, nextEvent, record, TestApp, eventsDelivered } from './harness';
import { createContact, createMessage, createQueue, createSandboxConnection, createTenant, createTicket, createUser, login, sandboxOf } from './factories';

const fieldsOf = (body: { fields?: { field: string; messages: string[] }[] }) => Object.fromEntries((body.fields ?? []).map((f) => [f.field, f.messages]));

describe('contacts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const dbContacts = (companyId: CompanyId) => t.orm.em.fork().find(Contact, { companyId }, { filters: false, populate: ['extraInfo'] });

  describe('creating', () => {
    it('creates a contact with digits-only number, e-mail and extra info, and tells the company', async () => {
      const a = await createTenant(t);
      const b = await createTenant(t);
      const socketA = await connectSocket(t.url, a.userToken);
      const socketB = await connectSocket(t.url, b.userToken);
      const seenByB = record(socketB, `company-${a.company.id}-contact`);
      try {
        const event = nextEvent<{ action: string; contact: { id: number; number: string } }>(socketA, `company-${a.company.id}-contact`);
        const res = await t
          .http()
          .post('/contacts')
          .set(a.auth(a.userToken))
          .send({
            name: '  Maria Souza ',
            number: '+55 (11) 99999-0000',
            email: 'maria@example.com',
            extraInfo: [
              { name: 'CPF', value: '123' },
              { name: 'Plano', value: 'Ouro' },
            ],
            companyId: b.company.id,
            id: 999,
            profilePicUrl: 'http://evil/x.png',
          })
          .expect(201);
        expect(res.body).toMatchObject({
          name: 'Maria Souza',
          number: '5511999990000',
          email: 'maria@example.com',
          companyId: a.company.id,
          profilePicUrl: null,
          extraInfo: [
            { id: expect.any(Number), name: 'CPF', value: '123' },
            { id: expect.any(Number), name: 'Plano', value: 'Ouro' },
          ],
        });
        expect(res.body.id).not.toBe(999);
        expect(await event).toMatchObject({ action: 'update', contact: { id: res.body.id, number: '5511999990000' } });
        await eventsDelivered(t, socketB);
        expect(seenByB).toEqual([]);
        expect(await dbContacts(b.company.id)).toEqual([]);
      } finally {
        socketA.close();
        socketB.close();
      }
    });

    it('validates name, number and e-mail with the form texts', async () => {
      const a = await createTenant(t);
      const post = (body: object) => t.http().post('/contacts').set(a.auth(a.userToken)).send(body);
      let res = await post({}).expect(400);
      expect(res.body.error).toBe('ERR_VALIDATION');
      expect(fieldsOf(res.body).name).toContain('Required');
      expect(fieldsOf(res.body).number).toContain('Required');
      res = await post({ name: 'M', number: '12-34-56-7', email: 'nope' }).expect(400);
      expect(fieldsOf(res.body)).toMatchObject({ name: ['Too Short!'], number: ['Too Short!'], email: ['Invalid email'] });
      res = await post({ name: 'x'.repeat(51), number: '1'.repeat(51) }).expect(400);
      expect(fieldsOf(res.body)).toMatchObject({ name: ['Too Long!'], number: ['Too Long!'] });
      res = await post({ name: 'Ok name', number: 'abc-def-ghij' }).expect(400);
      expect(fieldsOf(res.body).number).toContain('Too Short!');
      res = await post({ name: 'Ok name', number: '11999990000', extraInfo: [{ name: '', value: 'x' }] }).expect(400);
      expect(Object.keys(fieldsOf(res.body))).toEqual(['extraInfo.0.name']);
      res = await post({ name: 'Ok name', number: '11999990000', extraInfo: 'x' }).expect(400);
      expect(Object.keys(fieldsOf(res.body))).toEqual(['extraInfo']);
      // Boundaries pass; '' e-mail means none.
      res = await post({ name: 'Mo', number: '12345678', email: '' }).expect(201);
      expect(res.body).toMatchObject({ name: 'Mo', number: '12345678', email: '', extraInfo: [] });
      expect(await dbContacts(a.company.id)).toHaveLength(1);
    });

    it('answers 409 ERR_DUPLICATED_CONTACT for a number the company has, however it is written; another company may have it', async () => {
      const a = await createTenant(t);
      const b = await createTenant(t);
      await createContact(t.orm, a.company.id, { number: '5511988887777' });
      const res = await t.http().post('/contacts').set(a.auth(a.userToken)).send({ name: 'Dup', number: '+55 11 98888-7777' }).expect(409);
      expect(res.body.error).toBe('ERR_DUPLICATED_CONTACT');
      await t.http().post('/contacts').set(b.auth(b.userToken)).send({ name: 'Dup', number: '5511988887777' }).expect(201);
      // Two at once: exactly one wins.
      const both = await Promise.all([1, 2].map(() => t.http().post('/contacts').set(a.auth(a.userToken)).send({ name: 'Race', number: '5511977776666' })));
      expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    });
  });

  describe('reading', () => {
    it('lists by name, 20 a page, searching name parts and number digits; never another company', async () => {
      const a = await createTenant(t);
      const b = await createTenant(t);
      for (let i = 0; i < 22; i++)
        await createContact(t.orm, a.company.id, { name: `Cliente ${String(i).padStart(2, '0')}`, number: `551190000${String(i).padStart(4, '0')}` });
      const joana = await createContact(t.orm, a.company.id, { name: 'Joana Dárc', number: '5521912345678' });
      await createContact(t.orm, b.company.id, { name: 'Joana de B', number: '5521912345679' });

      const p1 = await t.http().get('/contacts').set(a.auth(a.userToken)).expect(200);
      expect(p1.body.count).toBe(23);
      expect(p1.body.countCapped).toBe(false);
      expect(p1.body.hasMore).toBe(true);
      expect(p1.body.contacts).toHaveLength(20);
      expect(p1.body.contacts[0]).toMatchObject({ name: 'Cliente 00' });
      const p2 = await t.http().get('/contacts?pageNumber=2').set(a.auth(a.userToken)).expect(200);
      expect(p2.body.contacts.map((c: { name: string }) => c.name)).toEqual(['Cliente 20', 'Cliente 21', 'Joana Dárc']);
      expect(p2.body.hasMore).toBe(false);

      const byName = await t.http().get('/contacts').query({ searchParam: 'JOANA' }).set(a.auth(a.userToken)).expect(200);
      expect(byName.body.contacts.map((c: { id: number }) => c.id)).toEqual([joana.id]);
      const byDigits = await t.http().get('/contacts').query({ searchParam: '(21) 91234' }).set(a.auth(a.userToken)).expect(200);
      expect(byDigits.body.contacts.map((c: { id: number }) => c.id)).toEqual([joana.id]);
      const wildcard = await t.http().get('/contacts').query({ searchParam: '%' }).set(a.auth(a.userToken)).expect(200);
      expect(wildcard.body.count).toBe(0);
      await t.http().get('/contacts?pageNumber=0').set(a.auth(a.userToken)).expect(400);

      const all = await t.http().get('/contacts/list').query({ companyId: b.company.id }).set(a.auth(a.userToken)).expect(200);
      expect(all.body).toHaveLength(23);
      expect(all.body[0]).toEqual({ id: expect.any(Number), name: 'Cliente 00', number: '5511900000000' });
      expect(all.body.some((c: { name: string }) => c.name === 'Joana de B')).toBe(false);
    });

    it('counts up to 1,000 (a search 100) and says when it stopped (countCapped), paging on to the last contact', async () => {
      const a = await createTenant(t);
      await t.orm.em
        .fork()
        .getConnection()
        .execute(
          `insert into contacts (company_id, name, number, created_at, updated_at)
           select ?, 'Lote ' || lpad(g::text, 4, '0'), '5541' || lpad(g::text, 9, '0'), now(), now() from generate_series(1, 1010) g`,
          [a.company.id],
        );
      const p1 = await t.http().get('/contacts').set(a.auth(a.userToken)).expect(200);
      expect(p1.body).toMatchObject({ count: 1000, countCapped: true, hasMore: true });
      const last = await t.http().get('/contacts?pageNumber=51').set(a.auth(a.userToken)).expect(200);
      expect(last.body.contacts.map((c: { name: string }) => c.name)).toEqual(Array.from({ length: 10 }, (_, i) => `Lote ${1001 + i}`));
      expect(last.body.hasMore).toBe(false);
      const search = await t.http().get('/contacts').query({ searchParam: 'lote' }).set(a.auth(a.userToken)).expect(200);
      expect(search.body).toMatchObject({ count: 100, countCapped: true, hasMore: true });
      // More matches than the cap: the page is still the first of all of them in name order.
      expect(search.body.contacts.map((c: { name: string }) => c.name)).toEqual(Array.from({ length: 20 }, (_, i) => `Lote ${String(i + 1).padStart(4, '0')}`));
      const deep = await t.http().get('/contacts').query({ searchParam: 'lote', pageNumber: 51 }).set(a.auth(a.userToken)).expect(200);
      expect(deep.body.contacts.map((c: { name: string }) => c.name)).toEqual(Array.from({ length: 10 }, (_, i) => `Lote ${1001 + i}`));
      // Fewer: the matches sorted (numbers ...000000100 and ...000001000 to ...000001009).
      const byNumber = await t.http().get('/contacts').query({ searchParam: '00000100' }).set(a.auth(a.userToken)).expect(200);
      expect(byNumber.body).toMatchObject({ count: 11, countCapped: false, hasMore: false });
      expect(byNumber.body.contacts.map((c: { name: string }) => c.name)).toEqual([
        'Lote 0100',
        'Lote 1000',
        'Lote 1001',
        'Lote 1002',
        'Lote 1003',
        'Lote 1004',
        'Lote 1005',
        'Lote 1006',
        'Lote 1007',
        'Lote 1008',
        'Lote 1009',
      ]);
    });

    it('a search pages in name order whether its matches are read from the index (up to 2,000) or found walking the names', async () => {
      const a = await createTenant(t);
      const insert = (name: string, count: number, prefix: string) =>
        t.orm.em
          .fork()
          .getConnection()
          .execute(
            `insert into contacts (company_id, name, number, created_at, updated_at)
             select ?, ? || ' ' || lpad(g::text, 4, '0'), ? || lpad(g::text, 9, '0'), now(), now() from generate_series(1, ?) g`,
            [a.company.id, name, prefix, count],
          );
      await insert('Amanda', 2050, '5541');
      await insert('Zuleica', 25, '5542');
      const names = async (searchParam: string, pageNumber = 1) => {
        const res = await t.http().get('/contacts').query({ searchParam, pageNumber }).set(a.auth(a.userToken)).expect(200);
        return { ...res.body, names: res.body.contacts.map((c: { name: string }) => c.name) } as { names: string[]; count: number; hasMore: boolean };
      };
      const seq = (name: string, from: number, n: number) => Array.from({ length: n }, (_, i) => `${name} ${String(from + i).padStart(4, '0')}`);
      // 25 matches sorted after 2,050 other names: read from the index and sorted.
      expect(await names('zuleica')).toMatchObject({ names: seq('Zuleica', 1, 20), count: 25, hasMore: true });
      expect(await names('zuleica', 2)).toMatchObject({ names: seq('Zuleica', 21, 5), hasMore: false });
      // 2,050 matches, past what is read from the index: the page walks the names.
      expect(await names('amanda')).toMatchObject({ names: seq('Amanda', 1, 20), count: 100, hasMore: true });
      expect(await names('amanda', 103)).toMatchObject({ names: seq('Amanda', 2041, 10), hasMore: false });
      // 'a' is in every name (no trigram to look up): the walk, first page of everyone.
      expect((await names('a')).names).toEqual(seq('Amanda', 1, 20));
    });

    it('gets one contact with its extra info; bad ids 400, unknown 404', async () => {
      const a = await createTenant(t);
      const c = await createContact(t.orm, a.company.id, { name: 'Pedro', extraInfo: [{ name: 'Empresa', value: 'ACME' }] });
      const res = await t.http().get(`/contacts/${c.id}`).set(a.auth(a.userToken)).expect(200);
      expect(res.body).toMatchObject({ id: c.id, name: 'Pedro', extraInfo: [{ name: 'Empresa', value: 'ACME' }] });
      expect((await t.http().get('/contacts/99999999').set(a.auth(a.userToken)).expect(404)).body.error).toBe('ERR_NO_CONTACT_FOUND');
      // An id no integer column can hold is malformed, like a non-numeric one: one answer for every bad id.
      expect((await t.http().get('/contacts/99999999999').set(a.auth(a.userToken)).expect(400)).body).toMatchObject({
        error: 'ERR_VALIDATION',
        fields: [{ field: 'id' }],
      });
      expect((await t.http().get('/contacts/abc').set(a.auth(a.userToken)).expect(400)).body).toMatchObject({
        error: 'ERR_VALIDATION',
        fields: [{ field: 'id' }],
      });
      await t.http().get(`/contacts/${c.id}`).expect(401);
    });
  });

  describe('updating', () => {
    it('changes only the fields sent, replaces extra info rows, and emits an update', async () => {
      const a = await createTenant(t);
      const c = await createContact(t.orm, a.company.id, {
        name: 'Ana',
        number: '5511911112222',
        email: 'ana@x.com',
        extraInfo: [{ name: 'Old', value: '1' }],
      });
      const socket = await connectSocket(t.url, a.adminToken);
      try {
        const event = nextEvent<{ action: string; contact: { id: number; name: string } }>(socket, `company-${a.company.id}-contact`);
        const res = await t
          .http()
          .put(`/contacts/${c.id}`)
          .set(a.auth(a.userToken))
          .send({
            name: 'Ana Paula',
            extraInfo: [
              { name: 'New', value: '2' },
              { name: 'Newer', value: '3' },
            ],
          })
          .expect(200);
        expect(res.body).toMatchObject({ name: 'Ana Paula', number: '5511911112222', email: 'ana@x.com' });
        expect(res.body.extraInfo.map((f: { name: string }) => f.name)).toEqual(['New', 'Newer']);
        expect(await event).toMatchObject({ action: 'update', contact: { id: c.id, name: 'Ana Paula' } });
      } finally {
        socket.close();
      }
      const [stored] = await dbContacts(a.company.id);
      expect(
        stored.extraInfo
          .getItems()
          .map((f) => f.name)
          .sort(),
      ).toEqual(['New', 'Newer']);

      const cleared = await t.http().put(`/contacts/${c.id}`).set(a.auth(a.userToken)).send({ email: '', extraInfo: [] }).expect(200);
      expect(cleared.body).toMatchObject({ email: '', extraInfo: [] });
      const renumbered = await t.http().put(`/contacts/${c.id}`).set(a.auth(a.userToken)).send({ number: '+55 11 93333-4444' }).expect(200);
      expect(renumbered.body.number).toBe('5511933334444');
    });

    it('refuses bad fields and a number another contact has, changing nothing', async () => {
      const a = await createTenant(t);
      const c = await createContact(t.orm, a.company.id, { name: 'Bia', number: '5511955556666' });
      await createContact(t.orm, a.company.id, { number: '5511944445555' });
      let res = await t.http().put(`/contacts/${c.id}`).set(a.auth(a.userToken)).send({ name: 'B', number: '123', email: 'x@' }).expect(400);
      expect(fieldsOf(res.body)).toMatchObject({ name: ['Too Short!'], number: ['Too Short!'], email: ['Invalid email'] });
      res = await t
        .http()
        .put(`/contacts/${c.id}`)
        .set(a.auth(a.userToken))
        .send({ name: 'Bianca', number: '5511944445555', extraInfo: [{ name: 'k', value: 'v' }] })
        .expect(409);
      expect(res.body.error).toBe('ERR_DUPLICATED_CONTACT');
      const stored = (await dbContacts(a.company.id)).find((x) => x.id === c.id)!;
      expect(stored.name).toBe('Bia');
      expect(stored.extraInfo.count()).toBe(0);
      await t.http().put(`/contacts/${c.id}`).set(a.auth(a.userToken)).send({ name: null }).expect(400);
    });
  });

  describe('deleting', () => {
    it('needs contacts-page:deleteContact (admin); deletes the contact with its tickets and emits delete', async () => {
      const a = await createTenant(t);
      const queue = await createQueue(t.orm, a.company.id);
      const c = await createContact(t.orm, a.company.id);
      const ticket = await createTicket(t.orm, a.company.id, { contactId: c.id, queueId: queue.id });
      const message = await createMessage(t.orm, ticket, 'oi');
      const res = await t.http().delete(`/contacts/${c.id}`).set(a.auth(a.userToken)).expect(403);
      expect(res.body.error).toBe('ERR_NO_PERMISSION');
      const socket = await connectSocket(t.url, a.adminToken);
      try {
        const contactEvent = nextEvent(socket, `company-${a.company.id}-contact`);
        const ticketEvent = nextEvent(socket, `company-${a.company.id}-ticket`);
        await t.http().delete(`/contacts/${c.id}`).set(a.auth(a.adminToken)).expect(204);
        expect(await contactEvent).toEqual({ action: 'delete', contactId: c.id });
        expect(await ticketEvent).toEqual({ action: 'delete', ticketId: ticket.id });
      } finally {
        socket.close();
      }
      expect(await dbContacts(a.company.id)).toEqual([]);
      expect(await t.orm.em.fork().count(Ticket, { id: ticket.id }, { filters: false })).toBe(0);
      // Its messages go with its tickets (messages.contact_id has no constraint of its own: Migration20261228100000).
      expect(await t.orm.em.fork().count(Message, { id: message.id }, { filters: false })).toBe(0);
      await t.http().delete(`/contacts/${c.id}`).set(a.auth(a.adminToken)).expect(404);
    });
  });

  describe('findOrCreate', () => {
    it('finds by normalised number, otherwise creates; validates', async () => {
      const a = await createTenant(t);
      const existing = await createContact(t.orm, a.company.id, { name: 'Antigo', number: '5511922223333' });
      const found = await t
        .http()
        .post('/contacts/findOrCreate')
        .set(a.auth(a.userToken))
        .send({ name: 'Outro nome', number: '+55 11 92222-3333' })
        .expect(200);
      expect(found.body).toMatchObject({ id: existing.id, name: 'Antigo' });
      const created = await t
        .http()
        .post('/contacts/findOrCreate')
        .set(a.auth(a.userToken))
        .send({ name: 'Novo', number: '5511900001111', email: 'n@x.com' })
        .expect(200);
      expect(created.body).toMatchObject({ name: 'Novo', number: '5511900001111', email: 'n@x.com', companyId: a.company.id });
      const again = await Promise.all(
        [1, 2, 3].map(() => t.http().post('/contacts/findOrCreate').set(a.auth(a.userToken)).send({ name: 'Corrida', number: '5511900002222' })),
      );
      expect(again.map((r) => r.status)).toEqual([200, 200, 200]);
      expect(new Set(again.map((r) => r.body.id)).size).toBe(1);
      const bad = await t.http().post('/contacts/findOrCreate').set(a.auth(a.userToken)).send({ name: 'X', number: '1' }).expect(400);
      expect(Object.keys(fieldsOf(bad.body)).sort()).toEqual(['name', 'number']);
      expect(await dbContacts(a.company.id)).toHaveLength(3);
    });
  });

  describe('import', () => {
    it("creates the connection's phone-book contacts the company lacks, leaving existing ones; all through the default connection", async () => {
      const a = await createTenant(t);
      const b = await createTenant(t);
      let res = await t.http().post('/contacts/import').set(a.auth(a.userToken)).expect(404);
      expect(res.body.error).toBe('ERR_NO_WAPP_FOUND');
      const w = await createSandboxConnection(t, a.company.id);
      const net = sandboxOf(t);
      net.saveContact(w.id, '5511900010001', 'Alice');
      net.saveContact(w.id, '5511900010002', 'Bob');
      net.saveContact(w.id, '1234', 'Curto');
      // Another company's sandbox on the same network: its phone book stays its own.
      const bw = await createSandboxConnection(t, b.company.id);
      net.saveContact(bw.id, '5511900010003', 'Cliente de B');
      net.phone('5511900010004', 'Telefone sem agenda');
      await createContact(t.orm, a.company.id, { name: 'Alice antiga', number: '5511900010001' });
      const socket = await connectSocket(t.url, a.userToken);
      try {
        const event = nextEvent<{ action: string; contact: { number: string } }>(socket, `company-${a.company.id}-contact`);
        res = await t.http().post('/contacts/import').set(a.auth(a.userToken)).expect(200);
        expect(res.body).toEqual({ created: 1, existing: 1, skipped: 1 });
        expect(await event).toMatchObject({ action: 'update', contact: { number: '5511900010002' } });
      } finally {
        socket.close();
      }
      const stored = (await dbContacts(a.company.id)).map((c) => [c.name, c.number]).sort();
      expect(stored).toEqual([
        ['Alice antiga', '5511900010001'],
        ['Bob', '5511900010002'],
      ]);
      res = await t.http().post('/contacts/import').set(a.auth(a.userToken)).send({ whatsappId: w.id }).expect(200);
      expect(res.body).toEqual({ created: 0, existing: 2, skipped: 1 });
      await t.http().post('/contacts/import').set(a.auth(a.userToken)).send({ whatsappId: 'x' }).expect(400);

      // Company B cannot read A's phone book through A's connection id; its own import brings only its own numbers.
      res = await t.http().post('/contacts/import').set(b.auth(b.adminToken)).send({ whatsappId: w.id }).expect(409);
      expect(res.body.error).toBe('ERR_WAPP_NOT_INITIALIZED');
      expect(await dbContacts(b.company.id)).toEqual([]);
      res = await t.http().post('/contacts/import').set(b.auth(b.adminToken)).expect(200);
      expect(res.body).toEqual({ created: 1, existing: 0, skipped: 0 });
      expect((await dbContacts(b.company.id)).map((c) => c.number)).toEqual(['5511900010003']);
    });
  });

  describe('tenant isolation', () => {
    it("company B's users get 404 for every read, update and delete of A's contacts, and findOrCreate makes B its own", async () => {
      const a = await createTenant(t);
      const b = await createTenant(t);
      const bAdmin = b.auth(b.adminToken);
      const c = await createContact(t.orm, a.company.id, { name: 'Segredo de A', number: '5511966667777' });
      expect((await t.http().get(`/contacts/${c.id}`).set(bAdmin).expect(404)).body.error).toBe('ERR_NO_CONTACT_FOUND');
      await t.http().put(`/contacts/${c.id}`).set(bAdmin).send({ name: 'Hacked' }).expect(404);
      await t.http().delete(`/contacts/${c.id}`).set(bAdmin).expect(404);
      expect((await t.http().get('/contacts').query({ searchParam: 'Segredo' }).set(bAdmin).expect(200)).body).toEqual({
        contacts: [],
        count: 0,
        countCapped: false,
        hasMore: false,
      });
      expect((await t.http().get('/contacts/list').set(bAdmin).expect(200)).body).toEqual([]);
      const own = await t.http().post('/contacts/findOrCreate').set(bAdmin).send({ name: 'Em B', number: '5511966667777' }).expect(200);
      expect(own.body.id).not.toBe(c.id);
      expect(own.body.companyId).toBe(b.company.id);
      const [stored] = await dbContacts(a.company.id);
      expect(stored.name).toBe('Segredo de A');
    });

    it('a plain user of another company cannot see the contact events of A', async () => {
      const a = await createTenant(t);
      const b = await createTenant(t);
      const other = await createUser(t.orm, { companyId: b.company.id });
      const token = (await login(t, other.email)).token;
      const socket = await connectSocket(t.url, token);
      const seen = record(socket, `company-${a.company.id}-contact`);
      try {
        await t.http().post('/contacts').set(a.auth(a.adminToken)).send({ name: 'Evento', number: '5511912121212' }).expect(201);
        await eventsDelivered(t, socket);
        expect(seen).toEqual([]);
      } finally {
        socket.close();
      }
    });
  });

  describe("inputs of the original system's clients (issue 34, src/common/http/original-inputs.ts)", () => {
    type OriginalTenant = Awaited<ReturnType<typeof createTenant>>;
    const api = (s: OriginalTenant, token = s.adminToken) => ({
      get: (path: string) => t.http().get(path).set(s.auth(token)),
      post: (path: string) => t.http().post(path).set(s.auth(token)),
      put: (path: string) => t.http().put(path).set(s.auth(token)),
    });
    it("email '' or null is stored as none and answered as ''", async () => {
      const s = await createTenant(t);
      const c = await api(s).post('/contacts').send({ name: 'Maria', number: '5511988887777', email: null }).expect(201);
      expect(c.body.email).toBe('');
      await api(s).put(`/contacts/${c.body.id}`).send({ email: 'maria@example.com' }).expect(200);
      const cleared = await api(s).put(`/contacts/${c.body.id}`).send({ email: '' }).expect(200);
      expect(cleared.body.email).toBe('');
      expect((await t.orm.em.fork().findOneOrFail(Contact, { id: c.body.id }, { filters: false })).email ?? null).toBeNull();
      expect((await api(s).get(`/contacts/${c.body.id}`).expect(200)).body.email).toBe('');
    });
  });
});
