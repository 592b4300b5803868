// The Node lines the platform is tested on are the root package.json's `engines.node` (`^20.19.0 || ^26.0.0`: the
// development line of this machine and the active LTS the images use). A dependency whose own `engines.node`
// excludes one of them may work today and break on the next patch, or refuse to install with `engine-strict`: this
// check, run by `npm run lint`, names every installed package (direct or not, in every workspace) that does.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';

const root = JSON.parse(readFileSync('package.json', 'utf8'));
const lines = root.engines.node.split('||').map((range) => semver.minVersion(range.trim()).version);
const offenders = [];
let checked = 0;

function walk(dir) {
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir)) {
    if (name.startsWith('.')) continue;
    const path = join(dir, name);
    if (name.startsWith('@')) {
      walk(path);
      continue;
    }
    const manifest = join(path, 'package.json');
    if (existsSync(manifest)) {
      const pkg = JSON.parse(readFileSync(manifest, 'utf8'));
      const range = pkg.engines?.node;
      checked++;
      if (typeof range === 'string' && semver.validRange(range)) {
        const excluded = lines.filter((v) => !semver.satisfies(v, range));
        if (excluded.length) offenders.push(`${pkg.name}@${pkg.version} (${path}) asks for node ${range}: excludes ${excluded.join(', ')}`);
      }
    }
    walk(join(path, 'node_modules'));
  }
}

for (const workspace of ['.', ...root.workspaces]) walk(join(workspace, 'node_modules'));
if (offenders.length) {
  console.error(`Dependencies that exclude a Node line the platform is tested on (${lines.join(', ')}):\n  ${offenders.join('\n  ')}`);
  process.exit(1);
}
process.stdout.write(`engines: ${checked} installed packages accept Node ${lines.join(' and ')}\n`);
