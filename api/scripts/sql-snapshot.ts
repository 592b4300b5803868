/** npm run sql:snapshot: writes api/sql.snapshot.sql, every statement of the *.queries.ts files (see src/database/README.md). */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { collectStatements, sqlSnapshot } from '../src/common/tenancy/sql-statements';

const statements = collectStatements();
const file = join(__dirname, '..', 'sql.snapshot.sql');
writeFileSync(file, sqlSnapshot(statements));
console.log(`Wrote ${file}: ${statements.length} statements from ${new Set(statements.map((s) => s.file)).size} files`);
process.exit(0);
