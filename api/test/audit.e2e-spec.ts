import { ModulesContainer } from '@nestjs/core';
import { RequestMethod } from '@nestjs/common';
import { auditOf, routeMethod, routePath } from '../src/audit/audit-rules';
import { AuditLog } from '../src/audit/audit-log.entity';
import { Message } from '../src/ticket/messages/message.entity';
import { createTestApp, TestApp } from './harness';
import { createSandboxConnection, createSuperUser, createTenant, createTicket, login } from './factories';

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const UA = 'AuditTest/1.0 (e2e)';

describe('audit log', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const rows = (companyId: number | null) => t.orm.em.fork().find(AuditLog, { companyId }, { orderBy: { id: 'asc' } });
  const list = (token: string, query: Record<string, string | number> = {}) => t.http().get('/audit-logs').query(query).set(bearer(token));

  it('covers every write route: each non-GET route of every controller is audited or exempt with a reason', () => {
    const undecided: string[] = [];
    const actions: string[] = [];
    for (const module of t.app.get(ModulesContainer).values()) {
      for (const wrapper of module.controllers.values()) {
        const controller = wrapper.metatype as { prototype: Record<string, unknown>; name: string };
        const base = Reflect.getMetadata('path', controller) as string;
        for (const name of Object.getOwnPropertyNames(controller.prototype)) {
          const handler = controller.prototype[name];
          if (name === 'constructor' || typeof handler !== 'function' || routeMethod(handler) === undefined) continue;
          const rule = auditOf(controller as never, handler);
          const where = `${RequestMethod[routeMethod(handler)]} /${base}/${routePath(handler)} (${controller.name}.${name})`;
          if ('undecided' in rule) undecided.push(where);
          if ('audited' in rule) actions.push(rule.audited.action);
          if ('exempt' in rule) expect(rule.exempt.trim().length).toBeGreaterThan(5);
        }
      }
    }
    expect(undecided).toEqual([]);
    // The administrative areas the issue names are among them.
    expect(actions).toEqual(
      expect.arrayContaining([
        'user.create',
        'user.update',
        'user.delete',
        'queue.create',
        'connection.update',
        'connection.token',
        'setting.update',
        'plan.update',
        'company.update',
        'company.extend-due-date',
        'campaign.cancel',
        'prompt.create',
        'queue-integration.create',
        'tag.create',
        'quick-message.create',
        'holiday.create',
        'contact.delete',
        'ticket.delete',
      ]),
    );
  });

  it('records an administrative write: who, from where, which record, the fields sent with secrets redacted', async () => {
    const a = await createTenant(t);
    const before = new Date();
    const res = await t
      .http()
      .put(`/users/${a.user.id}`)
      .set(bearer(a.adminToken))
      .set('User-Agent', UA)
      .send({ name: 'Renamed', password: 'NewSecret123' })
      .expect(200);
    expect(res.body.name).toBe('Renamed');
    const [row] = await rows(a.company.id);
    expect(row).toMatchObject({
      companyId: a.company.id,
      userId: a.admin.id,
      userName: a.admin.name,
      impersonatorId: null,
      action: 'user.update',
      targetType: 'user',
      targetId: String(a.user.id),
      changes: { name: 'Renamed', password: '[redacted]' },
      method: 'PUT',
      path: `/users/${a.user.id}`,
      userAgent: UA,
    });
    expect(row.ip).toMatch(/127\.0\.0\.1|::1/);
    expect(row.createdAt.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
    expect(JSON.stringify(row)).not.toContain('NewSecret123');

    // A secret setting's value is redacted though its field is called `value`; a plain one is kept.
    await t.http().put('/settings/tokenixc').set(bearer(a.adminToken)).send({ value: 'ixc-secret-token' }).expect(200);
    await t.http().put('/settings/userRating').set(bearer(a.adminToken)).send({ value: 'enabled' }).expect(200);
    const settings = (await rows(a.company.id)).filter((r) => r.targetType === 'setting');
    expect(settings.map((r) => [r.action, r.targetId, r.changes])).toEqual([
      ['setting.update', 'tokenixc', { value: '[redacted]' }],
      ['setting.update', 'userRating', { value: 'enabled' }],
    ]);

    // A create names the record it made; a refused write is not recorded; attendance writes are not recorded.
    const queue = await t.http().post('/queue').set(bearer(a.adminToken)).send({ name: 'Vendas', color: '#123456' }).expect(201);
    await t.http().post('/queue').set(bearer(a.adminToken)).send({ name: '', color: '#123456' }).expect(400);
    const actions = (await rows(a.company.id)).map((r) => [r.action, r.targetId]);
    expect(actions.at(-1)).toEqual(['queue.create', String(queue.body.id)]);
    expect(actions).toHaveLength(4);
  });

  it('is append-only: the database refuses UPDATE and DELETE of its rows', async () => {
    const a = await createTenant(t);
    await t.http().post('/tags').set(bearer(a.adminToken)).send({ name: 'VIP', color: '#ff0000' }).expect(201);
    const knex = t.orm.em.getKnex();
    await expect(knex.raw('update audit_logs set action = ? where company_id = ?', ['forged', a.company.id])).rejects.toThrow(/append-only/);
    await expect(knex.raw('delete from audit_logs where company_id = ?', [a.company.id])).rejects.toThrow(/append-only/);
    expect((await rows(a.company.id)).map((r) => r.action)).toEqual(['tag.create']);
  });

  it("shows a company admin their own company's rows only; a super user every company's, or one", async () => {
    const a = await createTenant(t);
    const b = await createTenant(t);
    const su = await createSuperUser(t);
    await t.http().post('/tags').set(bearer(a.adminToken)).send({ name: 'A-tag', color: '#ff0000' }).expect(201);
    await t.http().post('/tags').set(bearer(b.adminToken)).send({ name: 'B-tag', color: '#00ff00' }).expect(201);

    const seenByA = (await list(a.adminToken).expect(200)).body;
    expect(seenByA.records.map((r: any) => r.companyId)).toEqual([a.company.id]);
    expect(seenByA.records[0]).toMatchObject({ action: 'tag.create', changes: { name: 'A-tag', color: '#ff0000' }, userName: a.admin.name });
    expect((await list(a.adminToken, { companyId: b.company.id }).expect(403)).body.error).toBe('ERR_NO_PERMISSION');
    await list(a.userToken).expect(403);
    // The export keeps the same scope.
    const csvA = (await t.http().get('/audit-logs/export').set(bearer(a.adminToken)).expect(200)).text;
    expect(csvA).toContain('A-tag');
    expect(csvA).not.toContain('B-tag');

    const all = (await list(su.token).expect(200)).body;
    const companies = new Set(all.records.map((r: any) => r.companyId));
    expect(companies.has(a.company.id) && companies.has(b.company.id)).toBe(true);
    const onlyB = (await list(su.token, { companyId: b.company.id }).expect(200)).body;
    expect(onlyB.records.map((r: any) => [r.companyId, r.changes.name])).toEqual([[b.company.id, 'B-tag']]);
  });

  it('records platform writes without a company, and a write to a company in that company', async () => {
    const a = await createTenant(t);
    const su = await createSuperUser(t);
    await t.http().post(`/companies/${a.company.id}/extend-due-date`).set(bearer(su.token)).expect(200);
    const plan = await t
      .http()
      .post('/plans')
      .set(bearer(su.token))
      .send({ name: `Plano ${Date.now()}`, users: 3, connections: 1, queues: 2, amount: '10' });
    expect(plan.status).toBe(201);
    const seenByA = (await list(a.adminToken).expect(200)).body.records;
    expect(seenByA.map((r: any) => [r.action, r.targetId, r.userId])).toEqual([['company.extend-due-date', String(a.company.id), su.user.id]]);
    const platform = await t.orm.em.fork().find(AuditLog, { action: 'plan.create', targetId: String(plan.body.id) });
    expect(platform.map((r) => r.companyId)).toEqual([null]);
  });

  it('filters by user, action and dates, pages, and exports the filtered rows as CSV', async () => {
    const a = await createTenant(t);
    await t.http().post('/tags').set(bearer(a.adminToken)).send({ name: '=HYPERLINK("x")', color: '#ff0000' }).expect(201);
    await t.http().put(`/users/${a.user.id}`).set(bearer(a.adminToken)).send({ name: 'Beto' }).expect(200);
    await t.http().put(`/users/${a.user.id}`).set(bearer(a.userToken)).send({ name: 'Beto B' }).expect(200);

    const actionsOf = (body: any) => body.records.map((r: any) => r.action);
    expect(actionsOf((await list(a.adminToken).expect(200)).body)).toEqual(['user.update', 'user.update', 'tag.create']);
    expect(actionsOf((await list(a.adminToken, { action: 'user.' }).expect(200)).body)).toEqual(['user.update', 'user.update']);
    expect(actionsOf((await list(a.adminToken, { action: 'tag.create' }).expect(200)).body)).toEqual(['tag.create']);
    const byUser = (await list(a.adminToken, { userId: a.user.id }).expect(200)).body;
    expect(byUser.records.map((r: any) => r.changes.name)).toEqual(['Beto B']);
    expect((await list(a.adminToken, { to: new Date(Date.now() - 60_000).toISOString() }).expect(200)).body.count).toBe(0);
    expect((await list(a.adminToken, { from: new Date(Date.now() - 60_000).toISOString() }).expect(200)).body.count).toBe(3);
    expect((await list(a.adminToken, { from: 'yesterday' }).expect(400)).body.error).toBe('ERR_VALIDATION');
    expect((await list(a.adminToken, { action: "x' or 1=1" }).expect(400)).body.error).toBe('ERR_VALIDATION');

    const csv = await t.http().get('/audit-logs/export').query({ action: 'tag.' }).set(bearer(a.adminToken)).expect(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toContain('audit-log.csv');
    const lines = csv.text.trim().split('\r\n');
    expect(lines[0]).toBe('createdAt,companyId,userId,userName,impersonatorId,impersonatorName,action,targetType,targetId,changes,method,path,ip,userAgent');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(',tag.create,tag,');
    // The tag's name is inside the JSON cell, quoted; no cell starts a formula.
    expect(lines[1]).toContain('""name"":""=HYPERLINK(\\""x\\"")""');
  });

  describe('impersonation', () => {
    it('records start and end, attributes messages sent meanwhile, and goes back to the super user without a new login', async () => {
      const a = await createTenant(t);
      const su = await createSuperUser(t);
      const whatsapp = await createSandboxConnection(t, a.company.id);
      const ticket = await createTicket(t.orm, a.company.id, { whatsappId: whatsapp.id, status: 'open', userId: a.user.id });

      const imp = await t.http().get(`/auth/impersonate/${a.user.id}/${su.user.id}`).set(bearer(su.token)).set('User-Agent', UA).expect(200);
      expect(imp.body.user).toMatchObject({
        id: a.user.id,
        impersonatorId: su.user.id,
        impersonator: { id: su.user.id, name: su.user.name, email: su.user.email },
      });
      const me = await t.http().get('/auth/me').set(bearer(imp.body.token)).expect(200);
      expect(me.body.impersonator).toEqual({ id: su.user.id, name: su.user.name, email: su.user.email });

      // A write while impersonating names both; a message sent meanwhile carries who really sent it.
      await t.http().post('/tags').set(bearer(imp.body.token)).send({ name: 'Suporte', color: '#0000ff' }).expect(201);
      const sent = await t.http().post(`/messages/${ticket.id}`).set(bearer(imp.body.token)).send({ body: 'Olá, aqui é o suporte' }).expect(201);
      expect(sent.body.messages[0].dataJson).toEqual({ sentAs: { impersonatorId: su.user.id, impersonatorName: su.user.name, userName: a.user.name } });
      const stored = await t.orm.em.fork().findOneOrFail(Message, { id: sent.body.messages[0].id }, { filters: false });
      expect(stored.userId).toBe(a.user.id);
      // The user's own message carries no such note.
      const own = await t.http().post(`/messages/${ticket.id}`).set(bearer(a.userToken)).send({ body: 'eu mesmo' }).expect(201);
      expect(own.body.messages[0].dataJson).toBeNull();

      // The way back: a session of the super user, a new refresh cookie, the impersonation's tokens ended.
      const back = await t.http().delete('/auth/impersonate').set(bearer(imp.body.token)).set('User-Agent', UA).expect(200);
      expect(back.body.user).toMatchObject({ id: su.user.id, super: true });
      expect(back.body.user.impersonatorId).toBeUndefined();
      expect(String(back.headers['set-cookie'])).toMatch(/^jrt=/);
      expect((await t.http().get('/auth/me').set(bearer(back.body.token)).expect(200)).body.id).toBe(su.user.id);
      await t.http().get('/auth/me').set(bearer(imp.body.token)).expect(401);
      // The super user's earlier session and the user's own session still stand.
      await t.http().get('/auth/me').set(bearer(su.token)).expect(200);
      expect((await t.http().get('/auth/me').set(bearer(a.userToken)).expect(200)).body.id).toBe(a.user.id);
      // Ending what is not an impersonation is refused.
      expect((await t.http().delete('/auth/impersonate').set(bearer(back.body.token)).expect(409)).body.error).toBe('ERR_NOT_IMPERSONATING');

      const trail = (await list(a.adminToken).expect(200)).body.records.reverse();
      expect(trail.map((r: any) => [r.action, r.userId, r.impersonatorId, r.impersonatorName, r.targetId])).toEqual([
        ['impersonation.start', su.user.id, null, null, String(a.user.id)],
        ['tag.create', a.user.id, su.user.id, su.user.name, expect.any(String)],
        ['impersonation.end', a.user.id, su.user.id, su.user.name, String(a.user.id)],
      ]);
      expect(trail[0].userAgent).toBe(UA);
      // The super user finds it filtering by themself.
      const bySuper = (await list(back.body.token, { userId: su.user.id, companyId: a.company.id }).expect(200)).body.records;
      expect(bySuper).toHaveLength(3);
    });

    it("keeps the impersonated user's own login working meanwhile", async () => {
      const a = await createTenant(t);
      const su = await createSuperUser(t);
      const imp = await t.http().get(`/auth/impersonate/${a.user.id}/${su.user.id}`).set(bearer(su.token)).expect(200);
      const relogin = await login(t, a.user.email);
      await t.http().delete('/auth/impersonate').set(bearer(imp.body.token)).expect(200);
      expect((await t.http().get('/auth/me').set(bearer(relogin.token)).expect(200)).body.id).toBe(a.user.id);
    });
  });
});
