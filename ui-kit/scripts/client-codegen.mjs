// The ui-kit client's generated sources, rendered from the API's committed contract:
// - src/client/schema.d.ts from api/openapi.json (openapi-typescript)
// - src/client/realtime-events.ts, a copy of the API's socket event map (api/src/realtime/realtime-events.ts)
// `npm run generate:client -w ui-kit` writes them; a test fails when the committed ones are stale.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';

export const SPEC = fileURLToPath(new URL('../../api/openapi.json', import.meta.url));
export const EVENTS_SOURCE = fileURLToPath(new URL('../../api/src/realtime/realtime-events.ts', import.meta.url));
export const SCHEMA_OUT = fileURLToPath(new URL('../src/client/schema.d.ts', import.meta.url));
export const EVENTS_OUT = fileURLToPath(new URL('../src/client/realtime-events.ts', import.meta.url));

const EVENTS_HEADER = '// Generated from api/src/realtime/realtime-events.ts by `npm run generate:client -w ui-kit`. Do not edit.\n';

export async function renderClient() {
  const spec = JSON.parse(readFileSync(SPEC, 'utf8'));
  const schema = COMMENT_HEADER + astToString(await openapiTS(spec, { defaultNonNullable: false }));
  const events = EVENTS_HEADER + readFileSync(EVENTS_SOURCE, 'utf8');
  return { schema, events };
}
