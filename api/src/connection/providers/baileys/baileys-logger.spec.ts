import { baileysLogger } from './baileys-logger';

describe('baileysLogger', () => {
  const setup = () => {
    const lines: string[] = [];
    const logger = baileysLogger({ warn: (m) => lines.push(`warn ${m}`), error: (m) => lines.push(`error ${m}`) }, 'connection 7');
    return { lines, logger };
  };

  it('writes warnings and errors as one short line, and nothing below warn', () => {
    const { lines, logger } = setup();
    logger.trace({ a: 1 }, 'trace');
    logger.debug({ a: 1 }, 'debug');
    logger.info({ a: 1 }, 'info');
    logger.child({ class: 'baileys' }).warn({}, 'unexpected stanza');
    logger.error({ err: new Error('Connection Closed') }, 'stream errored out');
    logger.warn('plain text');
    expect(lines).toEqual([
      'warn connection 7: unexpected stanza',
      'error connection 7: stream errored out - Error: Connection Closed',
      'warn connection 7: plain text',
    ]);
    expect(logger.level).toBe('warn');
  });

  it('never prints the objects it is given: keys and credentials stay out of the log', () => {
    const { lines, logger } = setup();
    const secret = Buffer.from('super-secret-private-key-material');
    logger.warn({ creds: { noiseKey: { private: secret, public: secret } }, node: { attrs: { id: 'x' }, content: secret } }, 'failed to decrypt');
    logger.error({ key: secret.toString('base64'), private: secret.toString('hex') });
    expect(lines).toEqual(['warn connection 7: failed to decrypt', 'error connection 7: unspecified']);
    expect(lines.join('\n')).not.toMatch(/super-secret|c3VwZXI|7375706572/);
  });

  it('keeps lines short and on one line', () => {
    const { lines, logger } = setup();
    logger.warn({}, `${'x'.repeat(500)}\nsecond line`);
    expect(lines[0].length).toBeLessThan(230);
    expect(lines[0]).not.toContain('\n');
  });
});
