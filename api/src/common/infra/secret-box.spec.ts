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

  describe('during a rotation (SECRETS_KEY_PREVIOUS)', () => {
    const oldKey = randomBytes(32);
    const newKey = randomBytes(32);
    const before = new SecretBox(oldKey);
    const rotating = new SecretBox(newKey, oldKey);

    it('opens what the previous key sealed, and seals only with the current key', () => {
      const old = before.seal('sk-old');
      expect(rotating.open(old)).toBe('sk-old');
      const fresh = rotating.seal('sk-new');
      expect(new SecretBox(newKey).open(fresh)).toBe('sk-new');
      expect(() => before.open(fresh)).toThrow();
    });

    it('reseals a value of the previous key onto the current one, leaves a current one alone, refuses an unknown key', () => {
      const moved = rotating.reseal(before.seal('sk-old'))!;
      expect(new SecretBox(newKey).open(moved)).toBe('sk-old');
      expect(rotating.reseal(rotating.seal('sk-new'))).toBeNull();
      expect(() => rotating.reseal(new SecretBox(randomBytes(32)).seal('x'))).toThrow(/neither SECRETS_KEY nor SECRETS_KEY_PREVIOUS/);
      expect(() => rotating.reseal('plain text')).toThrow(/not a sealed secret/);
    });

    it('is not rotating without a previous key, or with the same key twice', () => {
      expect(rotating.rotating).toBe(true);
      expect(before.rotating).toBe(false);
      expect(new SecretBox(oldKey, Buffer.from(oldKey)).rotating).toBe(false);
      expect(() => new SecretBox(newKey, randomBytes(16))).toThrow(/32-byte previous key/);
    });
  });
});
