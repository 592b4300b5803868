import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { ModulesContainer } from '@nestjs/core';
import { ENDPOINT_KEY, EndpointOptions } from '../src/common/http/endpoint.decorator';
import { PERMISSION_RULES } from '../src/common/access/permissions';
import { generateOpenApi } from '../src/openapi';
import { errorCatalogue } from '../src/common/http/errors';
import { createTestApp, TestApp } from './harness';

interface RouteInfo {
  method: string;
  path: string;
  handler: string;
  rule?: EndpointOptions;
  /** Left out of the contract on purpose (@ApiExcludeEndpoint): only the routes of OUT_OF_CONTRACT may be. */
  excluded: boolean;
}

/** @ApiExcludeEndpoint's metadata key (@nestjs/swagger's DECORATORS.API_EXCLUDE_ENDPOINT, not exported). */
const API_EXCLUDE_ENDPOINT = 'swagger/apiExcludeEndpoint';

/** The routes the contract leaves out, and why: probes for orchestrators, not an API for integrators. */
const OUT_OF_CONTRACT: Record<string, string> = {
  'GET /health/live': "the orchestrator's liveness probe (docs/operations/observability.md)",
  'GET /health/ready': "the orchestrator's readiness probe (docs/operations/observability.md)",
};

/** Every controller route of the running app, with the access rule its handler declares. */
function controllerRoutes(t: TestApp): RouteInfo[] {
  const routes: RouteInfo[] = [];
  for (const module of t.app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const type = wrapper.metatype as { prototype: object; name: string } | null;
      if (!type) continue;
      const base = String(Reflect.getMetadata(PATH_METADATA, type) ?? '');
      for (const name of Object.getOwnPropertyNames(type.prototype)) {
        const fn = (type.prototype as Record<string, unknown>)[name];
        if (name === 'constructor' || typeof fn !== 'function') continue;
        const path = Reflect.getMetadata(PATH_METADATA, fn);
        if (path === undefined) continue;
        const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, fn) as number];
        const full = `/${[base, String(path)].filter(Boolean).join('/')}`.replace(/\/+/g, '/').replace(/(.)\/$/, '$1');
        const excluded = Reflect.getMetadata(API_EXCLUDE_ENDPOINT, fn) !== undefined;
        routes.push({ method, path: full, handler: `${type.name}.${name}`, rule: Reflect.getMetadata(ENDPOINT_KEY, fn), excluded });
      }
    }
  }
  return routes;
}

describe('contract', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('has a committed api/openapi.json identical to a fresh one (run `npm run openapi`)', async () => {
    const committed = readFileSync(join(__dirname, '..', 'openapi.json'), 'utf8');
    expect(await generateOpenApi()).toEqual(committed);
  });

  it('has committed migrations that produce exactly the schema the entities describe', async () => {
    expect(await t.orm.migrator.checkMigrationNeeded()).toBe(false);
  });

  it('declares every route public on purpose, guarded by a named permission, or taking an API token', () => {
    const routes = controllerRoutes(t);
    expect(routes.length).toBeGreaterThan(5);
    const offenders = routes.filter((r) => !r.rule || (!r.rule.public && !r.rule.apiToken && !(r.rule.permission && r.rule.permission in PERMISSION_RULES)));
    expect(offenders.map((r) => `${r.method} ${r.path} (${r.handler})`)).toEqual([]);
  });

  it('gates every route of a plan-flagged area by that flag (ERR_PLAN_FEATURE_DISABLED), so a new route cannot forget it', () => {
    // The areas each plan flag of spec administration §2 covers. Routes of an area that does not exist yet are gated
    // as soon as they are added: this map is the one place that says which flag they need.
    const AREAS: [prefix: RegExp, feature: string][] = [
      [/^\/(campaigns|campaign-settings|contact-lists|contact-list-items|files)(\/|$)/, 'useCampaigns'],
      [/^\/schedules(\/|$)/, 'useSchedules'],
      [/^\/chats(\/|$)/, 'useInternalChat'],
      [/^\/(prompt|prompts)(\/|$)/, 'useOpenAi'],
      [/^\/(queueIntegration|typebot)(\/|$)/, 'useIntegrations'],
      [/^\/ticket\/kanban(\/|$)|^\/kanban(\/|$)/, 'useKanban'],
      [/^\/messages\/send(\/|$)/, 'useExternalApi'],
    ];
    const routes = controllerRoutes(t);
    const offenders = routes.flatMap((r) => {
      const area = AREAS.find(([prefix]) => prefix.test(r.path));
      return area && r.rule?.feature !== area[1] ? [`${r.method} ${r.path} needs feature ${area[1]}, has ${String(r.rule?.feature)}`] : [];
    });
    expect(offenders).toEqual([]);
    // The areas that exist today are found, so the patterns are not silently matching nothing.
    expect(routes.filter((r) => r.rule?.feature === 'useKanban').length).toBeGreaterThan(0);
    expect(routes.filter((r) => r.rule?.feature === 'useExternalApi').length).toBeGreaterThan(0);
  });

  it('answers 401 without a token on every route that is not public', async () => {
    const routes = controllerRoutes(t).filter((r) => !r.rule?.public);
    const failures: string[] = [];
    for (const r of routes) {
      const path = r.path.replace(/:[A-Za-z]+/g, '1');
      const res = await t.http()[r.method.toLowerCase() as 'get'](path).set('Accept', 'application/json');
      // A user's token on an API-token route is no API token either.
      const expected = r.rule?.apiToken ? 'ERR_INVALID_API_TOKEN' : 'ERR_SESSION_EXPIRED';
      if (res.status !== 401 || res.body.error !== expected) failures.push(`${r.method} ${path} -> ${res.status} ${res.body.error}`);
    }
    expect(failures).toEqual([]);
  });

  it('answers unknown routes and missing public files with a 404 error body, not a 500', async () => {
    for (const path of ['/no-such-route', '/public/company1/logos/missing.png']) {
      const res = await t.http().get(path).set('Accept', 'application/json');
      expect({ path, status: res.status, error: res.body.error }).toEqual({ path, status: 404, error: 'ERR_NOT_FOUND' });
    }
  });

  it('answers a malformed JSON body with 400, not a 500', async () => {
    const res = await t.http().post('/auth/login').set('Content-Type', 'application/json').send('{"email": ');
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('ERR_BAD_REQUEST');
  });

  it('documents every route once, with a unique verb-first operationId and error responses', () => {
    const doc = JSON.parse(readFileSync(join(__dirname, '..', 'openapi.json'), 'utf8')) as {
      paths: Record<string, Record<string, { operationId: string; summary?: string; responses: Record<string, unknown> }>>;
    };
    const ops = Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([m, op]) => ({ path, m, op })));
    const ids = ops.map((o) => o.op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ops.filter((o) => !o.op.summary).map((o) => `${o.m} ${o.path}`)).toEqual([]);
    const routes = controllerRoutes(t);
    expect(ops.length).toBe(routes.filter((r) => !r.excluded).length);
    expect(routes.filter((r) => r.excluded).map((r) => `${r.method} ${r.path}`)).toEqual(Object.keys(OUT_OF_CONTRACT));
  });

  it('names every enum (a component schema the generated client turns into a named type)', () => {
    const doc = JSON.parse(readFileSync(join(__dirname, '..', 'openapi.json'), 'utf8')) as { components: { schemas: Record<string, unknown> } };
    const inline: string[] = [];
    const walk = (node: unknown, at: string, named: boolean): void => {
      if (Array.isArray(node)) return node.forEach((n, i) => walk(n, `${at}/${i}`, false));
      if (!node || typeof node !== 'object') return;
      if ('enum' in node && !named) inline.push(at);
      for (const [k, v] of Object.entries(node)) walk(v, `${at}/${k}`, false);
    };
    const { components, ...rest } = doc;
    walk(rest, '#', false);
    for (const [name, schema] of Object.entries(components.schemas)) walk(schema, `#/components/schemas/${name}`, true);
    expect(inline).toEqual([]);
    for (const name of ['Profile', 'Permission', 'TicketStatus', 'ErrorCode', 'PlanFeaturesDto']) expect(components.schemas).toHaveProperty(name);
  });

  it('lists every error code the API defines in the ErrorCode enum of the error body', () => {
    const doc = JSON.parse(readFileSync(join(__dirname, '..', 'openapi.json'), 'utf8')) as { components: { schemas: { ErrorCode: { enum: string[] } } } };
    expect(doc.components.schemas.ErrorCode.enum).toEqual(errorCatalogue());
    expect(doc.components.schemas.ErrorCode.enum).toEqual(expect.arrayContaining(['ERR_VALIDATION', 'ERR_NO_TICKET_FOUND', 'ERR_OTHER_OPEN_TICKET']));
  });

  it('passes `redocly lint` with the recommended rules (no errors, no warnings)', () => {
    const cli = require.resolve('@redocly/cli/bin/cli.js');
    const run = spawnSync(process.execPath, [cli, 'lint', join(__dirname, '..', 'openapi.json'), '--format=stylish'], {
      encoding: 'utf8',
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    });
    const problems = `${run.stdout}${run.stderr}`.split('\n').filter((l) => /\b(error|warning)\b/.test(l) && !/Node\.js/.test(l));
    expect({ status: run.status, problems }).toEqual({ status: 0, problems: [] });
  });
});
