import { apiEnv, httpClient, login, startApi } from './api-process';
import { ADMIN_EMAIL } from './generate';
(async () => {
  const env = apiEnv(`postgres://postgres@127.0.0.1:5432/atende_bench_35e39f0d`, 'redis://127.0.0.1:6379', '/tmp/benchmedia');
  const { child, port } = await startApi(env);
  const origin = `http://127.0.0.1:${port}`;
  const token = await login(origin, ADMIN_EMAIL);
  const c = httpClient(1);
  for (const p of process.argv.slice(2)) { const r = await c.get(origin + p, token); console.log(p, r.status, r.body.length, r.body.slice(0, 1500)); }
  c.close(); child.kill();
})();
