import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Encrypts third-party credentials at rest (AES-256-GCM, a fresh 12-byte IV each time). A sealed value reads
 * `v1:<iv>:<tag>:<ciphertext>` (base64url parts); it is useless without the key in `config.secretsKey`, and
 * tampering makes `open` throw. Sealed values never leave the server: DTOs say only whether one is set.
 *
 * A rotation (docs/operations/secrets.md) gives it the key being replaced too (SECRETS_KEY_PREVIOUS): `open` tries
 * the current key, then that one, so nothing stored becomes unreadable; `seal` only ever uses the current key, and
 * `reseal` (npm run secrets:reseal) moves a stored value onto it. The columns holding sealed values are listed in
 * src/secrets/sealed-columns.ts.
 */
export class SecretBox {
  private readonly previous?: Buffer;

  constructor(
    private readonly key: Buffer,
    previous?: Buffer,
  ) {
    if (key.length !== 32) throw new Error('SecretBox needs a 32-byte key');
    if (previous && previous.length !== 32) throw new Error('SecretBox needs a 32-byte previous key');
    // The same key twice is no rotation: values sealed with it are already on the current key.
    this.previous = previous && !previous.equals(key) ? previous : undefined;
  }

  /** Whether a previous key was given (a rotation is under way). */
  get rotating(): boolean {
    return this.previous !== undefined;
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join(':');
  }

  /** The plain text, with the current key or else the previous one; throws when neither opens it (or it was tampered with). */
  open(sealed: string): string {
    return this.opened(sealed).plain;
  }

  /**
   * `sealed` moved onto the current key: a new sealed value when the previous key opened it, null when it already is
   * on the current key. Throws, as `open` does, when neither key opens it.
   */
  reseal(sealed: string): string | null {
    const { plain, withPrevious } = this.opened(sealed);
    return withPrevious ? this.seal(plain) : null;
  }

  /** Null stays null; an empty string clears. */
  sealOptional(plain: string | null | undefined): string | null {
    return plain ? this.seal(plain) : null;
  }

  private opened(sealed: string): { plain: string; withPrevious: boolean } {
    const [version, iv, tag, data] = sealed.split(':');
    if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('not a sealed secret');
    try {
      return { plain: decrypt(this.key, iv, tag, data), withPrevious: false };
    } catch (e) {
      if (!this.previous) throw e;
    }
    try {
      return { plain: decrypt(this.previous, iv, tag, data), withPrevious: true };
    } catch {
      throw new Error('opens with neither SECRETS_KEY nor SECRETS_KEY_PREVIOUS');
    }
  }
}

/** GCM's tag check is what tells a wrong key from the right one: a wrong key throws in `final`. */
function decrypt(key: Buffer, iv: string, tag: string, data: string): string {
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}
