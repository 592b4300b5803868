import { describe, expect, it } from 'vitest';
import { embedKeyBody, invalidOrigins, parseOrigin } from './embed-key-rules';

describe('embed key rules', () => {
  it('takes http(s) origins with a host and an optional port, as the browser spells them', () => {
    expect(parseOrigin('https://Portal.Example.com')).toBe('https://portal.example.com');
    expect(parseOrigin('http://localhost:5173/')).toBe('http://localhost:5173');
    expect(parseOrigin('https://a.com:443')).toBe('https://a.com');
  });

  it('refuses a path, a query, a fragment, credentials, another scheme or no scheme', () => {
    for (const bad of ['https://a.com/app', 'https://a.com?x=1', 'https://a.com#x', 'https://u:p@a.com', 'ftp://a.com', 'a.com', '*', 'https://']) {
      expect(parseOrigin(bad), bad).toBeNull();
    }
  });

  it('names the bad lines and builds the body from the good ones, trimmed and once each', () => {
    expect(invalidOrigins('https://a.com\n\n  a.com \nhttps://b.com/x')).toEqual(['a.com', 'https://b.com/x']);
    expect(embedKeyBody({ name: '  Loja ', origins: 'https://A.com/\r\nhttps://a.com\n\nhttp://localhost:3000' })).toEqual({
      name: 'Loja',
      allowedOrigins: ['https://a.com', 'http://localhost:3000'],
    });
  });
});
