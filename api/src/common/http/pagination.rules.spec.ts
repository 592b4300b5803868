import { hasMorePages, likeTerm, PAGE_SIZE, pageWindow } from './pagination.rules';

describe('pagination.rules', () => {
  it('reads page n as the rows after the n - 1 pages before it, 20 by default', () => {
    expect(PAGE_SIZE).toBe(20);
    expect(pageWindow()).toEqual({ limit: 20, offset: 0 });
    expect(pageWindow(1)).toEqual({ limit: 20, offset: 0 });
    expect(pageWindow(3)).toEqual({ limit: 20, offset: 40 });
    expect(pageWindow(2, 40)).toEqual({ limit: 40, offset: 40 });
  });

  it('searches for a term anywhere, its LIKE wildcards and backslashes taken literally', () => {
    expect(likeTerm('ana')).toBe('%ana%');
    expect(likeTerm('50%')).toBe('%50\\%%');
    expect(likeTerm('a_b')).toBe('%a\\_b%');
    expect(likeTerm('c:\\dir')).toBe('%c:\\\\dir%');
    expect(likeTerm('')).toBe('%%');
  });

  it('says more rows follow while the rows up to this page are fewer than the count', () => {
    expect(hasMorePages(0, 20, 21)).toBe(true);
    expect(hasMorePages(0, 20, 20)).toBe(false);
    expect(hasMorePages(40, 5, 45)).toBe(false);
    expect(hasMorePages(40, 0, 10)).toBe(false);
    expect(hasMorePages(0, 0, 0)).toBe(false);
  });
});
