import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { moveUpload, readHead, removeUploads, sweepUploadTemp } from './uploaded-file';

describe('uploaded files on disk', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'atende-uploads-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('reads only the first bytes', async () => {
    writeFileSync(join(dir, 'f'), Buffer.alloc(1000, 7));
    expect(await readHead(join(dir, 'f'))).toEqual(Buffer.alloc(64, 7));
    writeFileSync(join(dir, 'small'), 'abc');
    expect((await readHead(join(dir, 'small'))).toString()).toBe('abc');
  });

  it('moves an upload into a folder it makes, and removing it afterwards is harmless', async () => {
    const file = { path: join(dir, 'upload') };
    writeFileSync(file.path, 'content');
    const target = join(dir, 'company1', 'messages', 'x.png');
    await moveUpload(file, target);
    expect(readFileSync(target, 'utf8')).toBe('content');
    expect(existsSync(file.path)).toBe(false);
    await expect(removeUploads([file])).resolves.toBeUndefined();
  });

  it("sweeps only temp files older than the limit (younger ones may be another process's upload in progress)", async () => {
    writeFileSync(join(dir, 'old'), 'x');
    writeFileSync(join(dir, 'new'), 'x');
    const twoHoursAgo = (Date.now() - 2 * 60 * 60 * 1000) / 1000;
    utimesSync(join(dir, 'old'), twoHoursAgo, twoHoursAgo);
    expect(await sweepUploadTemp(dir, 60 * 60 * 1000)).toBe(1);
    expect(existsSync(join(dir, 'old'))).toBe(false);
    expect(existsSync(join(dir, 'new'))).toBe(true);
    expect(await sweepUploadTemp(join(dir, 'missing'), 0)).toBe(0);
  });
});
