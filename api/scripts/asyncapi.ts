/** npm run asyncapi: writes api/asyncapi.json (the socket events) from src/realtime/realtime-events.ts. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateAsyncApi } from '../src/contract/asyncapi';

const json = generateAsyncApi();
const file = join(__dirname, '..', 'asyncapi.json');
writeFileSync(file, json);
const doc = JSON.parse(json) as { channels: object; components: { messages: object } };
console.log(`Wrote ${file}: ${Object.keys(doc.channels).length} channels, ${Object.keys(doc.components.messages).length} messages`);
