// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM script without types
import { EVENTS_OUT, renderClient, SCHEMA_OUT, VARIABLES_OUT } from '../scripts/codegen.mjs';
import { createAtendeClient } from './index.js';

describe('generated client', () => {
  it('is up to date with api/openapi.json, the API socket event map and its message variables (run `npm run generate -w client`)', async () => {
    const { schema, events, variables } = await renderClient();
    expect(readFileSync(SCHEMA_OUT, 'utf8')).toBe(schema);
    expect(readFileSync(EVENTS_OUT, 'utf8')).toBe(events);
    expect(readFileSync(VARIABLES_OUT, 'utf8')).toBe(variables);
  });

  it('calls the API with typed paths and answers the error body on failure', async () => {
    const calls: Request[] = [];
    const client = createAtendeClient({
      baseUrl: 'http://api.test',
      fetch: async (req: Request) => {
        calls.push(req);
        return new Response(JSON.stringify({ error: 'ERR_INVALID_CREDENTIALS', message: 'Invalid e-mail or password' }), {
          status: 401,
          headers: { 'Content-Type': 'application/json' },
        });
      },
    });
    const { data, error, response } = await client.POST('/auth/login', { body: { email: 'a@b.co', password: 'x' } });
    expect(data).toBeUndefined();
    expect(response.status).toBe(401);
    expect(error).toEqual({ error: 'ERR_INVALID_CREDENTIALS', message: 'Invalid e-mail or password' });
    expect(calls[0].url).toBe('http://api.test/auth/login');
    expect(calls[0].method).toBe('POST');
  });
});
