/** npm run openapi: writes api/openapi.json, from which ui-kit's client types are generated. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateOpenApi } from '../src/openapi';

generateOpenApi()
  .then((json) => {
    const file = join(__dirname, '..', 'openapi.json');
    writeFileSync(file, json);
    const doc = JSON.parse(json) as { paths: Record<string, Record<string, unknown>> };
    const operations = Object.values(doc.paths).reduce((n, p) => n + Object.keys(p).length, 0);
    console.log(`Wrote ${file}: ${Object.keys(doc.paths).length} paths, ${operations} operations`);
    process.exit(0);
  })
  .catch((e) => {
    console.error(e);
    process.exit(1);
  });
