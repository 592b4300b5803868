import { preferred } from './built-files';

describe('the encoding a built file is sent in', () => {
  it("takes the client's highest weight, brotli on a tie whatever the client's order, and the file itself when none fits", () => {
    const both = ['br', 'gzip'] as const;
    expect(preferred('gzip, deflate, br, zstd', both)).toBe('br');
    expect(preferred('br;q=0.5, gzip', both)).toBe('gzip');
    expect(preferred('gzip', both)).toBe('gzip');
    expect(preferred('gzip', ['br'])).toBeUndefined();
    expect(preferred('*', both)).toBe('br');
    expect(preferred('*;q=0.2, gzip;q=0.1', both)).toBe('br');
    expect(preferred('br;q=0, gzip;q=0', both)).toBeUndefined();
    expect(preferred('identity', both)).toBeUndefined();
    expect(preferred(undefined, both)).toBeUndefined();
    expect(preferred('BR', [])).toBeUndefined();
  });
});
