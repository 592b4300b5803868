import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';

/**
 * pg_dump and pg_restore as the operator has them: in PG_BIN when set, else on PATH. We never write a dump format of
 * our own: PostgreSQL's tools know every type, constraint, trigger, sequence and extension, and their custom format
 * (`-Fc`) is compressed, checked and restorable table by table.
 *
 * The version rule is PostgreSQL's own: pg_dump dumps servers of its own major version and older, never newer (it
 * refuses them), and pg_restore reads archives written by a pg_dump of its own major version and older. We check both
 * before starting, so an operator reads which versions met and what to install, not a half-written file.
 */

export type PgTool = 'pg_dump' | 'pg_restore';

export interface PgToolInfo {
  tool: PgTool;
  /** What was run: `<PG_BIN>/pg_dump` or the bare name found on PATH. */
  command: string;
  /** As the tool prints it, e.g. "15.20". */
  version: string;
  major: number;
}

/** The tools are missing or too old; the message says which versions met and what to do. */
export class PgToolError extends Error {
  override name = 'PgToolError';
}

/** "pg_dump (PostgreSQL) 15.20 (Debian 15.20-0+deb12u1)" -> 15.20; "pg_restore (PostgreSQL) 18beta1" -> 18beta1. */
export function parseToolVersion(output: string): { version: string; major: number } | undefined {
  const m = /\(PostgreSQL\)\s+(\d+)(\.\d+)?(\S*)/.exec(output);
  if (!m) return undefined;
  return { version: `${m[1]}${m[2] ?? ''}${m[3] ?? ''}`, major: Number(m[1]) };
}

/** PostgreSQL's server_version_num (150020, 180004; 90624 for 9.6) as its major version (15, 18; 9). */
export function majorOfServerVersionNum(num: number): number {
  return Math.floor(num / 10_000);
}

/** Finds a tool and asks its version; throws PgToolError (what to install, or PG_BIN) when it cannot run. */
export function findPgTool(tool: PgTool, pgBin?: string): PgToolInfo {
  const command = pgBin ? join(pgBin, tool) : tool;
  const run = spawnSync(command, ['--version'], { encoding: 'utf8' });
  const parsed = run.status === 0 ? parseToolVersion(run.stdout) : undefined;
  if (!parsed) {
    const where = pgBin ? `in PG_BIN (${pgBin})` : 'on PATH';
    const why = run.error ? (run.error as NodeJS.ErrnoException).code : (run.stderr || run.stdout).trim().split('\n')[0];
    throw new PgToolError(
      `${tool} was not found ${where}${why ? ` (${why})` : ''}: install the PostgreSQL client tools (e.g. the postgresql-client package) ` +
        `of the database server's major version or newer, or set PG_BIN to the folder holding them`,
    );
  }
  return { tool, command, ...parsed };
}

/** pg_dump must be at least the server's major version (pg_dump refuses a newer server). */
export function checkDumpCanRead(dump: PgToolInfo, server: { version: string; major: number }): void {
  if (dump.major >= server.major) return;
  throw new PgToolError(
    `${dump.command} is PostgreSQL ${dump.version} and the database server is PostgreSQL ${server.version}: pg_dump cannot dump a newer server. ` +
      `Install the PostgreSQL ${server.major} client tools (or newer) and put them first on PATH or set PG_BIN to their folder ` +
      `(e.g. PG_BIN=/usr/lib/postgresql/${server.major}/bin)`,
  );
}

/** pg_restore must be at least the major version of the pg_dump that wrote the archive (it cannot read newer archives). */
export function checkRestoreCanRead(restore: PgToolInfo, dumpedBy: { version: string; major: number }): void {
  if (restore.major >= dumpedBy.major) return;
  throw new PgToolError(
    `${restore.command} is PostgreSQL ${restore.version} and the backup was written by pg_dump ${dumpedBy.version}: pg_restore cannot read an archive ` +
      `of a newer pg_dump. Install the PostgreSQL ${dumpedBy.major} client tools (or newer) and put them first on PATH or set PG_BIN to their folder`,
  );
}

/**
 * libpq's connection settings from a database URL, the password apart: it goes to the tool through PGPASSWORD, never
 * on its command line, where any user of the machine could read it in the process list.
 */
export function libpqConnection(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = url.password ? decodeURIComponent(url.password) : undefined;
  url.password = '';
  return { dbname: url.toString(), env: password === undefined ? {} : { PGPASSWORD: password } };
}

/** Runs a tool to its end; rejects with its last lines of stderr when it fails. */
export function runPgTool(info: PgToolInfo, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(info.command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-8000);
    });
    child.on('error', fail);
    child.on('close', (code, signal) => {
      if (code === 0) return done();
      const lines = stderr.trim().split('\n').slice(-6).join('\n');
      fail(new Error(`${info.tool} failed (${signal ?? `exit code ${code}`})${lines ? `:\n${lines}` : ''}`));
    });
  });
}
