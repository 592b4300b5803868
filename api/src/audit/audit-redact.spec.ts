import { redactChanges, REDACTED } from './audit-redact';

describe('audit redaction', () => {
  it('keeps plain fields and redacts secrets at any depth', () => {
    expect(
      redactChanges({
        name: 'Ana',
        password: 'hunter22',
        profile: 'admin',
        token: 'abc',
        integration: { apiKey: 'sk-1', url: 'https://x', nested: { clientSecret: 's' } },
        credentials: { user: 'u' },
        passwordHash: '$2a$',
      }),
    ).toEqual({
      name: 'Ana',
      password: REDACTED,
      profile: 'admin',
      token: REDACTED,
      integration: { apiKey: REDACTED, url: 'https://x', nested: { clientSecret: REDACTED } },
      credentials: REDACTED,
      passwordHash: REDACTED,
    });
  });

  it('leaves an empty secret empty (a cleared field is not a secret), cuts long texts and lists', () => {
    const out = redactChanges({ token: '', body: 'x'.repeat(500), ids: Array.from({ length: 60 }, (_, i) => i) })!;
    expect(out.token).toBe('');
    expect(String(out.body)).toHaveLength(201);
    expect((out.ids as unknown[]).length).toBe(51);
  });

  it("redacts a setting's value when the setting is a credential", () => {
    expect(redactChanges({ value: 'ixc-token' }, true)).toEqual({ value: REDACTED });
    expect(redactChanges({ value: 'enabled' })).toEqual({ value: 'enabled' });
  });

  it('answers null for no body', () => {
    expect(redactChanges(undefined)).toBeNull();
    expect(redactChanges({})).toBeNull();
  });
});
