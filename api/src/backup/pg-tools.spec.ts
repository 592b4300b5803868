import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkDumpCanRead, checkRestoreCanRead, findPgTool, libpqConnection, majorOfServerVersionNum, parseToolVersion, PgToolError } from './pg-tools';

const tool = (name: 'pg_dump' | 'pg_restore', version: string) => ({ tool: name, command: name, version, major: Number(version.split('.')[0]) });

describe('the PostgreSQL client tools', () => {
  it('reads the version a tool prints, distribution suffixes and pre-releases included', () => {
    expect(parseToolVersion('pg_dump (PostgreSQL) 15.20 (Debian 15.20-0+deb12u1)\n')).toEqual({ version: '15.20', major: 15 });
    expect(parseToolVersion('pg_restore (PostgreSQL) 18beta1')).toEqual({ version: '18beta1', major: 18 });
    expect(parseToolVersion('pg_dump (PostgreSQL) 9.6.24')).toEqual({ version: '9.6.24', major: 9 });
    expect(parseToolVersion('bash: pg_dump: command not found')).toBeUndefined();
  });

  it("reads a server's major version from server_version_num", () => {
    expect(majorOfServerVersionNum(150020)).toBe(15);
    expect(majorOfServerVersionNum(180004)).toBe(18);
    expect(majorOfServerVersionNum(90624)).toBe(9);
  });

  it('lets pg_dump dump its own major version and older servers, and names both versions and the fix otherwise', () => {
    expect(() => checkDumpCanRead(tool('pg_dump', '16.4'), { version: '16.9', major: 16 })).not.toThrow();
    expect(() => checkDumpCanRead(tool('pg_dump', '17.2'), { version: '15.20', major: 15 })).not.toThrow();
    expect(() => checkDumpCanRead(tool('pg_dump', '15.20'), { version: '18.4', major: 18 })).toThrow(
      new PgToolError(
        'pg_dump is PostgreSQL 15.20 and the database server is PostgreSQL 18.4: pg_dump cannot dump a newer server. Install the PostgreSQL 18 ' +
          'client tools (or newer) and put them first on PATH or set PG_BIN to their folder (e.g. PG_BIN=/usr/lib/postgresql/18/bin)',
      ),
    );
  });

  it("lets pg_restore read archives of its own pg_dump's major version and older", () => {
    expect(() => checkRestoreCanRead(tool('pg_restore', '16.1'), { version: '15.20', major: 15 })).not.toThrow();
    expect(() => checkRestoreCanRead(tool('pg_restore', '15.20'), { version: '16.4', major: 16 })).toThrow(/backup was written by pg_dump 16\.4/);
  });

  it('finds a tool in PG_BIN and says what to install when it is not there', () => {
    const bin = mkdtempSync(join(tmpdir(), 'atende-pg-bin-'));
    try {
      writeFileSync(join(bin, 'pg_restore'), '#!/bin/sh\necho "pg_restore (PostgreSQL) 17.6"\n', { mode: 0o755 });
      expect(findPgTool('pg_restore', bin)).toEqual({ tool: 'pg_restore', command: join(bin, 'pg_restore'), version: '17.6', major: 17 });
      expect(() => findPgTool('pg_dump', bin)).toThrow(`pg_dump was not found in PG_BIN (${bin}) (ENOENT): install the PostgreSQL client tools`);
    } finally {
      rmSync(bin, { recursive: true, force: true });
    }
  });

  it('passes the password by the environment, never on the command line', () => {
    expect(libpqConnection('postgres://atende:s%40cret@db:5432/atende?sslmode=require')).toEqual({
      dbname: 'postgres://atende@db:5432/atende?sslmode=require',
      env: { PGPASSWORD: 's@cret' },
    });
    expect(libpqConnection('postgres://postgres@127.0.0.1:5432/atende')).toEqual({ dbname: 'postgres://postgres@127.0.0.1:5432/atende', env: {} });
  });
});
