// @atende/client's generated sources, rendered from the API's committed contract:
// - src/schema.d.ts from api/openapi.json (openapi-typescript)
// - src/realtime-events.ts, a copy of the API's socket event map (api/src/realtime/realtime-events.ts)
// - src/message-variables.ts, a copy of the variables messages may hold (api/src/ticket/quick-messages/message-variables.ts)
// `npm run generate -w client` (and `npm run openapi` at the root) writes them; a test fails when the committed ones are stale.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';

export const SPEC = fileURLToPath(new URL('../../api/openapi.json', import.meta.url));
export const EVENTS_SOURCE = fileURLToPath(new URL('../../api/src/realtime/realtime-events.ts', import.meta.url));
export const SCHEMA_OUT = fileURLToPath(new URL('../src/schema.d.ts', import.meta.url));
export const EVENTS_OUT = fileURLToPath(new URL('../src/realtime-events.ts', import.meta.url));
export const VARIABLES_SOURCE = fileURLToPath(new URL('../../api/src/ticket/quick-messages/message-variables.ts', import.meta.url));
export const VARIABLES_OUT = fileURLToPath(new URL('../src/message-variables.ts', import.meta.url));

const VARIABLES_HEADER = '// Generated from api/src/ticket/quick-messages/message-variables.ts by `npm run generate -w client`. Do not edit.\n';
const EVENTS_HEADER = '// Generated from api/src/realtime/realtime-events.ts by `npm run generate -w client`. Do not edit.\n';

export async function renderClient() {
  const spec = JSON.parse(readFileSync(SPEC, 'utf8'));
  const schema = COMMENT_HEADER + astToString(await openapiTS(spec, { defaultNonNullable: false }));
  const events = EVENTS_HEADER + bindEntities(readFileSync(EVENTS_SOURCE, 'utf8'), spec);
  const variables = VARIABLES_HEADER + readFileSync(VARIABLES_SOURCE, 'utf8');
  return { schema, events, variables };
}

/**
 * The API binds each event entity to its DTO class by declaration merging; the client's copy binds it to the
 * generated schema named in REALTIME_SCHEMAS instead, so events and HTTP answers share one type.
 */
function bindEntities(source, spec) {
  const map = /export const REALTIME_SCHEMAS = \{([^}]*)\}/.exec(source);
  const empty = /^(\/\/ eslint-disable-next-line [^\n]*\n)?export interface RealtimeEntities \{\}\n/m;
  if (!map || !empty.test(source)) throw new Error('realtime-events.ts: REALTIME_SCHEMAS or the empty RealtimeEntities interface not found');
  const entries = [...map[1].matchAll(/(\w+): '(\w+)'/g)].map(([, key, schema]) => {
    if (!spec.components?.schemas?.[schema]) throw new Error(`realtime-events.ts: no schema ${schema} in the contract`);
    return `  ${key}: components['schemas']['${schema}'];`;
  });
  const bound = `import type { components } from './schema.js';\n\nexport interface RealtimeEntities {\n${entries.join('\n')}\n}\n`;
  return source.replace(empty, bound);
}
