import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * Every multipart route takes its files through `@Upload` (authorised first, streamed to disk, cleaned up): a route
 * that reaches for multer itself (FileInterceptor, memoryStorage, MulterModule) would read bodies before its
 * resource check and could hold them in memory, so none may, outside this folder.
 */
describe('uploads go through @Upload only', () => {
  const src = join(__dirname, '..', '..');
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? files(path) : path.endsWith('.ts') && !path.endsWith('.spec.ts') ? [path] : [];
    });

  it('finds no other use of multer in the API', () => {
    const offenders = files(src)
      .filter((path) => !path.startsWith(__dirname))
      .filter((path) =>
        /\b(FileInterceptor|FilesInterceptor|FileFieldsInterceptor|AnyFilesInterceptor|memoryStorage|MulterModule)\b|from 'multer'/.test(
          readFileSync(path, 'utf8'),
        ),
      )
      .map((path) => relative(src, path));
    expect(offenders).toEqual([]);
  });
});
