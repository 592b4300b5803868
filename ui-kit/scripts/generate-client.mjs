import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { EVENTS_OUT, renderClient, SCHEMA_OUT } from './client-codegen.mjs';

const { schema, events } = await renderClient();
mkdirSync(dirname(SCHEMA_OUT), { recursive: true });
writeFileSync(SCHEMA_OUT, schema);
writeFileSync(EVENTS_OUT, events);
console.log(`Wrote ${SCHEMA_OUT} and ${EVENTS_OUT}`);
