import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
const db = process.argv[2]; const path = process.argv[3]; const secs = Number(process.argv[4] ?? 10); const conc = Number(process.argv[5] ?? 10);
const prof = process.env.PROF === '1';
const procs = Number(process.env.PROCS ?? 1);
const env = { ...process.env, NODE_ENV: 'production', ROLE: 'api', LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: process.env.PORT ?? '0',
  DATABASE_URL: process.env.SOCK ? `postgres://postgres@localhost/${db}?host=/var/run/postgresql` : `postgres://postgres@127.0.0.1:5432/${db}`, REDIS_URL: 'redis://127.0.0.1:6379', REDIS_PREFIX: 'prof' + randomBytes(2).toString('hex'),
  MEDIA_DIR: '/tmp/prof/media', CONSOLE_DIR: '/tmp/prof/none', JWT_SECRET: 'x'.repeat(40), JWT_REFRESH_SECRET: 'y'.repeat(40), SECRETS_KEY: randomBytes(32).toString('hex'),
  ACCESS_TOKEN_TTL: '86400', MIGRATE_ON_START: 'false', SEED_DEMO: 'false', API_PROCESSES: String(procs) };
const ticks = (pid: number) => { const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' '); return Number(f[11]) + Number(f[12]); };
const pgTicks = () => execSync('pgrep -x postgres').toString().trim().split('\n').reduce((s, pid) => { try { return s + ticks(Number(pid)); } catch { return s; } }, 0);
const treeTicks = (pid: number): number => { let t = ticks(pid); try { for (const c of execSync(`pgrep -P ${pid}`).toString().trim().split('\n').filter(Boolean)) t += treeTicks(Number(c)); } catch {} return t; };
async function main() {
  const child = fork(join(__dirname, 'scale', 'server.ts'), [], { execArgv: ['-r', '@swc-node/register', ...(prof ? ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] : [])], env, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  const port = await new Promise<number>((r) => child.once('message', (m: { port: number }) => r(m.port)));
  const origin = `http://127.0.0.1:${port}`;
  const login = await fetch(`${origin}/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: process.env.WHO === 'agent' ? 'agent@bench.local' : 'big@bench.local', password: 'Bench1234' }) });
  const token = ((await login.json()) as { token: string }).token;
  const once = async () => { const res = await fetch(origin + path, { headers: { Authorization: `Bearer ${token}` } }); await res.arrayBuffer(); if (res.status !== 200) throw new Error(String(res.status)); };
  for (let i = 0; i < 50; i++) await once();
  const times: number[] = []; const end = performance.now() + secs * 1000;
  const a0 = treeTicks(child.pid!); const p0 = Number(execSync("awk '{print $14+$15}' /proc/stat | head -0; cat /proc/stat | head -1").toString().split(/\s+/).slice(1, 8).reduce((s, x) => s + Number(x), 0)); const s0 = process.cpuUsage();
  const idle0 = Number(readFileSync('/proc/stat', 'utf8').split('\n')[0].split(/\s+/)[4]);
  const g0 = pgTicks();
  const t0 = performance.now();
  await Promise.all(Array.from({ length: conc }, async () => { while (performance.now() < end) { const t = performance.now(); await once(); times.push(performance.now() - t); } }));
  const wall = (performance.now() - t0) / 1000;
  const g1 = pgTicks(); const a1 = treeTicks(child.pid!); const s1 = process.cpuUsage(s0); const idle1 = Number(readFileSync('/proc/stat', 'utf8').split('\n')[0].split(/\s+/)[4]);
  times.sort((x, y) => x - y); const pc = (p: number) => times[Math.floor((times.length - 1) * p)].toFixed(1);
  const n = times.length;
  console.log(`${path} c${conc} procs=${procs}: ${n} req in ${wall.toFixed(1)} s = ${(n / wall).toFixed(0)} req/s; p50 ${pc(0.5)} p95 ${pc(0.95)} p99 ${pc(0.99)}`);
  console.log(`  CPU ms per request: api ${((a1 - a0) * 10 / n).toFixed(2)}, postgres ${(((g1 - g0) * 10) / n).toFixed(2)}, loadgen ${((s1.user + s1.system) / 1000 / n).toFixed(2)}, idle ${(((idle1 - idle0) * 10) / n).toFixed(2)} (of ${(2000 * wall / n).toFixed(2)} total)`);
  child.kill('SIGTERM'); await new Promise((r) => child.once('exit', r));
  void p0; void pgTicks;
}
main().catch((e) => { console.error(e); process.exit(1); });
