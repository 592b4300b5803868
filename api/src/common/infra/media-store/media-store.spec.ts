import { parseRange } from '../../http/stored-file';
import { isMediaKey, keyInside, mediaKey } from './media-store';

describe('media keys', () => {
  it('takes a stored path as a key only inside its folder, never through .., an absolute path or a dot entry', () => {
    expect(keyInside('company1', 'messages/2026-11/ab.png')).toBe('company1/messages/2026-11/ab.png');
    expect(keyInside('company1/quick-messages', 'qm1-0123456789abcdef.png')).toBe('company1/quick-messages/qm1-0123456789abcdef.png');
    for (const path of ['../company2/x.png', 'messages/../../company2/x.png', '/etc/passwd', '.hidden/y.png', 'a\\b', 'a\0b', '', null, undefined]) {
      expect([path, keyInside('company1', path)]).toEqual([path, null]);
    }
    // A sibling folder whose name starts the same is another folder.
    expect(keyInside('company1', '../company12/x.png')).toBeNull();
    // Inside the folder, `a/../b` is just `b` and `a/./b` is `a/b` (as the folder's paths resolved them).
    expect(keyInside('company1', 'messages/../x.png')).toBe('company1/x.png');
    expect(keyInside('company1', 'a/./b')).toBe('company1/a/b');
  });

  it('refuses keys with empty, dot or dot-leading parts (MEDIA_DIR/.tmp is no object)', () => {
    expect(isMediaKey('public/company3/logos/light-0a.png')).toBe(true);
    for (const key of ['', '/a', 'a/', 'a//b', '.tmp/x', 'a/../b', 'a/.partial']) expect([key, isMediaKey(key)]).toEqual([key, false]);
    expect(() => mediaKey('company1', '..', 'x')).toThrow('not a media key');
  });
});

describe('byte ranges of a stored object', () => {
  it('answers one range clamped to the object, unsatisfiable past its end, and the whole object for anything else', () => {
    expect(parseRange('bytes=100-199', 1000)).toEqual({ start: 100, end: 199 });
    expect(parseRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=900-5000', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 });
    expect(parseRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=0-', 0)).toBe('unsatisfiable');
    for (const header of ['bytes=0-1,5-6', 'bytes=5-1', 'items=0-1', 'bytes=-', 'bytes=a-b'])
      expect([header, parseRange(header, 1000)]).toEqual([header, undefined]);
  });
});
