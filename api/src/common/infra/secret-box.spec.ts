import { randomBytes } from 'node:crypto';
import { SecretBox } from './secret-box';

describe('SecretBox', () => {
  const box = new SecretBox(randomBytes(32));

  it('opens what it sealed, and never seals the same text the same way twice', () => {
    const a = box.seal('sk-secret-key');
    const b = box.seal('sk-secret-key');
    expect(a).not.toEqual(b);
    expect(a).not.toContain('sk-secret');
    expect(box.open(a)).toBe('sk-secret-key');
    expect(box.open(b)).toBe('sk-secret-key');
  });

  it('refuses a tampered value or another key', () => {
    const sealed = box.seal('token');
    const parts = sealed.split(':');
    const flipped = Buffer.from(parts[3], 'base64url');
    flipped[0] ^= 1;
    expect(() => box.open([...parts.slice(0, 3), flipped.toString('base64url')].join(':'))).toThrow();
    expect(() => new SecretBox(randomBytes(32)).open(sealed)).toThrow();
    expect(() => box.open('plain text')).toThrow();
  });
});
