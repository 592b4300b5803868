import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { backupStamp, formatBytes, pruneBackups } from './backup';

describe('backup folders', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'atende-backups-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const finished = (name: string, createdAt: string) => {
    mkdirSync(join(dir, name));
    writeFileSync(join(dir, name, 'manifest.json'), JSON.stringify({ format: 'atende-backup', formatVersion: 1, createdAt }));
  };

  it('names a backup by its time, sortable and without colons', () => {
    expect(backupStamp(new Date('2026-11-21T03:15:00.123Z'))).toBe('2026-11-21T03-15-00Z');
  });

  it('--keep removes the oldest finished backups and nothing else: not an unfinished one, not a stranger, not the new one', async () => {
    finished('2026-11-18T03-15-00Z', '2026-11-18T03:15:00.000Z');
    finished('2026-11-19T03-15-00Z', '2026-11-19T03:15:00.000Z');
    finished('2026-11-20T03-15-00Z', '2026-11-20T03:15:00.000Z');
    finished('2026-11-21T03-15-00Z', '2026-11-21T03:15:00.000Z');
    mkdirSync(join(dir, '2026-11-17T03-15-00Z')); // did not finish: no manifest
    mkdirSync(join(dir, 'notes'));
    writeFileSync(join(dir, 'notes', 'manifest.json'), '{"format":"something else"}');

    expect(await pruneBackups(dir, 2, join(dir, '2026-11-21T03-15-00Z'))).toEqual(['2026-11-19T03-15-00Z', '2026-11-18T03-15-00Z']);
    expect(readdirSync(dir).sort()).toEqual(['2026-11-17T03-15-00Z', '2026-11-20T03-15-00Z', '2026-11-21T03-15-00Z', 'notes']);
  });

  it('never removes the backup just written, even with a clock gone backwards', async () => {
    finished('a', '2026-11-21T03:15:00.000Z');
    finished('b', '2026-11-20T03:15:00.000Z');
    expect(await pruneBackups(dir, 1, join(dir, 'b'))).toEqual([]);
    expect(existsSync(join(dir, 'b'))).toBe(true);
  });

  it('prints sizes as an operator reads them', () => {
    expect([formatBytes(512), formatBytes(4_900), formatBytes(221_281), formatBytes(3_500_000_000)]).toEqual(['512 B', '4.8 kB', '216 kB', '3.3 GB']);
  });
});
