/**
 * npm run bench:cpu -- --reuse atende_bench_xxxx --path '/tickets?status=pending' [--seconds 10 --concurrency 10 --as agent --profile DIR]
 *
 * Where a request's CPU goes, for one path of a database kept by `bench:scale --keep 1`: starts the API as
 * bench:scale does (ROLE=api, production mode), sends the path from --concurrency clients for --seconds, and prints
 * the CPU per request of the API process (and how much of it in the kernel), of every PostgreSQL process, of this
 * load generator, and the idle time, read from /proc (Linux), first for GET /health (the floor) then for the path, and
 * the path's API CPU as a ratio to /health's. --profile DIR writes the API's V8 CPU profile there (both phases).
 * On a 2-core machine the four add up to 2 x the wall time per request: the figure that bounds concurrency.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiEnv, httpClient, login, startApi } from './api-process';
import { ADMIN_EMAIL, AGENT_EMAIL } from './generate';
import { arg, percentile, textArg } from '../scratch';

/** [user, system] CPU ticks of a process (1/100 s). */
const ticksOf = (pid: number): [number, number] => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return [Number(f[11]), Number(f[12])];
};
const postgresTicks = () =>
  execFileSync('pgrep', ['-x', 'postgres'])
    .toString()
    .trim()
    .split('\n')
    .reduce((sum, pid) => {
      try {
        const [u, s] = ticksOf(Number(pid));
        return sum + u + s;
      } catch {
        return sum; // a backend that ended meanwhile
      }
    }, 0);
/** Issue 36: a list request's API CPU within this many times GET /health's, measured in the same run. */
const CPU_RATIO = 2.5;
const idleTicks = () => Number(readFileSync('/proc/stat', 'utf8').split('\n')[0].split(/\s+/)[4]);

async function main() {
  const db = textArg('reuse');
  const path = textArg('path');
  if (!db || !/^[a-z0-9_]+$/.test(db) || !path?.startsWith('/')) throw new Error("usage: --reuse DATABASE --path '/tickets?status=pending'");
  const seconds = arg('seconds', 10);
  const concurrency = arg('concurrency', 10);
  const profileDir = textArg('profile');
  const server = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  server.pathname = `/${db}`;
  const mediaDir = mkdtempSync(join(tmpdir(), 'atende-cpu-'));
  const { child, port } = await startApi(
    apiEnv(server.toString(), process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', mediaDir),
    profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
  );
  const client = httpClient(concurrency);
  try {
    const origin = `http://127.0.0.1:${port}`;
    const token = await login(origin, textArg('as') === 'agent' ? AGENT_EMAIL : ADMIN_EMAIL);
    /** Sends `target` from --concurrency clients for --seconds after 50 warm-up requests; prints and answers its figures. */
    const run = async (target: string, auth: string) => {
      const once = async () => {
        const res = await client.get(`${origin}${target}`, auth);
        if (res.status !== 200) throw new Error(`${target} answered ${res.status}`);
      };
      for (let i = 0; i < 50; i++) await once();
      const times: number[] = [];
      const [api0, sys0] = ticksOf(child.pid!);
      const pg0 = postgresTicks();
      const idle0 = idleTicks();
      const self0 = process.cpuUsage();
      const t0 = performance.now();
      const end = t0 + seconds * 1000;
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (performance.now() < end) {
            const t = performance.now();
            await once();
            times.push(performance.now() - t);
          }
        }),
      );
      const wall = (performance.now() - t0) / 1000;
      const [api1, sys1] = ticksOf(child.pid!);
      const self = process.cpuUsage(self0);
      const n = times.length;
      const perRequest = (ticks: number) => (ticks * 10) / n;
      times.sort((a, b) => a - b);
      const apiMs = perRequest(api1 + sys1 - api0 - sys0);
      console.log(`${target} at concurrency ${concurrency}: ${n} requests in ${wall.toFixed(1)} s, ${(n / wall).toFixed(0)}/s`);
      console.log(
        `  latency p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms`,
      );
      console.log(
        `  CPU ms per request: API ${apiMs.toFixed(2)} (kernel ${perRequest(sys1 - sys0).toFixed(2)}), PostgreSQL ${perRequest(postgresTicks() - pg0).toFixed(2)}, ` +
          `load generator ${((self.user + self.system) / 1000 / n).toFixed(2)}, idle ${perRequest(idleTicks() - idle0).toFixed(2)}; ` +
          `the machine's ${((2000 * wall) / n).toFixed(2)} on 2 cores`,
      );
      return { apiMs, rps: n / wall };
    };
    // The floor first, on the same process: issue 36 holds a list's API CPU within CPU_RATIO of /health's.
    const health = await run('/health', '');
    const ours = await run(path, token);
    const ratio = ours.apiMs / health.apiMs;
    console.log(
      `${path}: API CPU ${ratio.toFixed(2)}x /health's (target <= ${CPU_RATIO}x: ${ratio <= CPU_RATIO ? 'met' : 'NOT met'}); ` +
        `throughput ${((ours.rps / health.rps) * 100).toFixed(0)}% of /health's`,
    );
  } finally {
    client.close();
    child.kill('SIGTERM');
    await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(null)));
    rmSync(mediaDir, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
