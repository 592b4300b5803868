/**
 * npm run bench:profile -- FILE.cpuprofile [--top 30] [--last SECONDS]
 *
 * Where a V8 CPU profile (node --cpu-prof; bench:cpu --profile DIR, bench:ingest's) spent its busy time: self time by
 * package (node_modules/<name>), by our module (api/src/<domain>/<module>), by Node's internals, the garbage collector
 * and native code, then the top functions. `--last S` keeps the last S seconds (the measured phase, without startup).
 * On a loaded machine, native frames (writev, the socket's writes) carry time the thread spent descheduled inside
 * them: read them beside bench:cpu's figures from /proc, which count CPU only.
 */
import { readFileSync } from 'node:fs';
import { arg } from './scratch';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

const shortUrl = (url: string) => url.replace(/.*node_modules\//, '').replace(/.*\/api\/src\//, 'src/');

function bucketOf(frame: ProfileNode['callFrame']): string {
  const { functionName: name, url } = frame;
  if (name === '(idle)' || name === '(garbage collector)' || name === '(program)') return name;
  if (url.includes('node_modules/')) return url.replace(/.*node_modules\/((@[^/]+\/)?[^/]+).*/, '$1');
  if (url.includes('/api/src/'))
    return url.replace(/.*\/api\/src\/([^/]+)(\/([^/]+))?.*/, (_m, a: string, _b, c?: string) => (c && !c.includes('.') ? `src/${a}/${c}` : `src/${a}`));
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`;
  return url ? shortUrl(url) : `(native) ${name}`;
}

function main() {
  const file = process.argv.slice(2).find((a) => !a.startsWith('--') && a.endsWith('.cpuprofile'));
  if (!file) throw new Error('usage: npm run bench:profile -- FILE.cpuprofile [--top 30] [--last SECONDS]');
  const top = arg('top', 30);
  const last = arg('last', 0);
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const from = last > 0 ? profile.endTime - last * 1e6 : -Infinity;
  const self = new Map<number, number>();
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i];
    if (at < from) continue;
    // A sample's time is the gap to the next one.
    const dt = profile.timeDeltas[i + 1] ?? 0;
    self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + dt);
  }
  const buckets = new Map<string, number>();
  const functions = new Map<string, number>();
  let total = 0;
  for (const [id, us] of self) {
    const frame = byId.get(id)!.callFrame;
    total += us;
    const bucket = bucketOf(frame);
    buckets.set(bucket, (buckets.get(bucket) ?? 0) + us);
    const fn = `${frame.functionName || '(anonymous)'} ${shortUrl(frame.url)}:${frame.lineNumber + 1}`;
    functions.set(fn, (functions.get(fn) ?? 0) + us);
  }
  const busy = total - (buckets.get('(idle)') ?? 0);
  const share = (us: number) => `${((us / busy) * 100).toFixed(1).padStart(5)}%`;
  console.log(`${file}: ${(total / 1e6).toFixed(1)} s sampled, ${(busy / 1e6).toFixed(1)} s busy (${((busy / total) * 100).toFixed(0)}%)`);
  console.log('\nself time by package or module (share of busy time)');
  for (const [name, us] of [...buckets]
    .filter(([n]) => n !== '(idle)')
    .sort((a, b) => b[1] - a[1])
    .slice(0, top))
    console.log(`  ${share(us)}  ${name}`);
  console.log('\ntop functions by self time');
  for (const [name, us] of [...functions]
    .filter(([n]) => !n.startsWith('(idle)'))
    .sort((a, b) => b[1] - a[1])
    .slice(0, top))
    console.log(`  ${share(us)}  ${name}`);
}

main();
