// tsc emits no .d.ts source into dist: the generated schema types are copied beside the index.d.ts that imports them.
import { copyFileSync } from 'node:fs';

copyFileSync(new URL('../src/schema.d.ts', import.meta.url), new URL('../dist/schema.d.ts', import.meta.url));
