import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { EVENTS_OUT, renderClient, SCHEMA_OUT, VARIABLES_OUT } from './codegen.mjs';

const { schema, events, variables } = await renderClient();
mkdirSync(dirname(SCHEMA_OUT), { recursive: true });
writeFileSync(SCHEMA_OUT, schema);
writeFileSync(EVENTS_OUT, events);
writeFileSync(VARIABLES_OUT, variables);
console.log(`Wrote ${SCHEMA_OUT}, ${EVENTS_OUT} and ${VARIABLES_OUT}`);
