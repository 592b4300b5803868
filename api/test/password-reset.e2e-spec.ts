import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { createTestApp, sleep, TestApp } from './harness';
import { PASSWORD, createTenant, login } from './factories';

const WEAK = 'Sua senha precisa ter no mínimo 8 caracteres, sendo uma letra maiúscula, uma minúscula e um número.';
const NEW_PASSWORD = 'NovaSenha123';

interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
}

/** A real SMTP server on a free port that keeps what it receives. */
async function startInbox() {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on loopback: offering STARTTLS with smtp-server's self-signed certificate would make the client refuse.
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), subject: subjectOf(raw), text: plainTextOf(raw) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    received,
    /** The first mail to `to` not yet taken. */
    async take(to: string, ms = 5000): Promise<ReceivedMail> {
      const until = Date.now() + ms;
      while (Date.now() < until) {
        const i = received.findIndex((m) => m.to.includes(to));
        if (i >= 0) return received.splice(i, 1)[0];
        await sleep(20);
      }
      throw new Error(`no mail to ${to} within ${ms} ms`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function decodeQuotedPrintable(s: string): string {
  const bytes = s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function subjectOf(raw: string): string {
  const header = raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' ');
  const value = /^Subject: (.*)$/im.exec(header)?.[1] ?? '';
  return value.replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_, enc: string, text: string) =>
    enc.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );
}

/** The decoded text/plain part of a MIME message. */
function plainTextOf(raw: string): string {
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  const part = parts.find((p) => /content-type: text\/plain/i.test(p.split(/\r?\n\r?\n/)[0])) ?? raw;
  const [head, ...rest] = part.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  const encoding = /content-transfer-encoding: *([\w-]+)/i.exec(head)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

function codeOf(mail: ReceivedMail): string {
  const match = /código de verificação para redefinir a senha é: (\d{6})/.exec(mail.text);
  if (!match) throw new Error(`no code in: ${mail.text}`);
  return match[1];
}

describe('password reset', () => {
  let t: TestApp;
  let inbox: Awaited<ReturnType<typeof startInbox>>;

  beforeAll(async () => {
    inbox = await startInbox();
    t = await createTestApp({ env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(inbox.port), SMTP_SECURE: 'false' } });
  });
  afterAll(async () => {
    await t?.close();
    await inbox?.close();
  });

  const forget = (email: string) => t.http().post(`/forgetpassword/${encodeURIComponent(email)}`);
  const reset = (email: string, code: string, password: string) =>
    t.http().post(`/resetpassword/${encodeURIComponent(email)}/${encodeURIComponent(code)}/${encodeURIComponent(password)}`);
  const mailedCode = async (email: string) => {
    await forget(email).expect(204);
    return codeOf(await inbox.take(email));
  };
  const canLogin = async (email: string, password: string) => (await t.http().post('/auth/login').send({ email, password })).status === 200;

  it('answers an unknown e-mail as a known one (204, no body: no account is revealed), and mails nothing', async () => {
    const res = await forget('nobody@nowhere.test').expect(204);
    expect(res.body).toEqual({});
    await sleep(200);
    expect(inbox.received.filter((m) => m.to.includes('nobody@nowhere.test'))).toEqual([]);
  });

  it('rejects a malformed e-mail with the field', async () => {
    const res = await forget('not-an-email').expect(400);
    expect(res.body).toMatchObject({ error: 'ERR_VALIDATION', fields: [{ field: 'email', messages: ['Email inválido'] }] });
  });

  it('mails a 6-digit code that sets the new password; the old one stops working', async () => {
    const { user } = await createTenant(t);
    const res = await forget(user.email.toUpperCase()).expect(204);
    expect(res.body).toEqual({});
    const mail = await inbox.take(user.email);
    expect(mail.subject).toBe('Código de verificação');
    expect(mail.text).toContain('30 minutos');
    const code = codeOf(mail);
    // only a keyed hash is stored
    const rows = await t.orm.em.fork().getConnection().execute(`select code_hash from password_resets where user_id = ?`, [user.id]);
    expect(rows).toHaveLength(1);
    expect(rows[0].code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0].code_hash).not.toContain(code);

    await reset(user.email, code, NEW_PASSWORD).expect(204);
    expect(await canLogin(user.email, NEW_PASSWORD)).toBe(true);
    expect(await canLogin(user.email, PASSWORD)).toBe(false);
  });

  it('accepts a code only once', async () => {
    const { user } = await createTenant(t);
    const code = await mailedCode(user.email);
    await reset(user.email, code, NEW_PASSWORD).expect(204);
    const again = await reset(user.email, code, 'OutraSenha456').expect(400);
    expect(again.body.error).toBe('ERR_INVALID_RESET_CODE');
    expect(await canLogin(user.email, NEW_PASSWORD)).toBe(true);
    expect(await canLogin(user.email, 'OutraSenha456')).toBe(false);
  });

  it('a newer code replaces an older unused one', async () => {
    const { user } = await createTenant(t);
    const first = await mailedCode(user.email);
    const second = await mailedCode(user.email);
    if (first !== second) {
      expect((await reset(user.email, first, NEW_PASSWORD).expect(400)).body.error).toBe('ERR_INVALID_RESET_CODE');
    }
    await reset(user.email, second, NEW_PASSWORD).expect(204);
  });

  it('fails a wrong code, and after 5 wrong tries even the right one', async () => {
    const { user } = await createTenant(t);
    const code = await mailedCode(user.email);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 5; i++) {
      const res = await reset(user.email, wrong, NEW_PASSWORD).expect(400);
      expect(res.body.error).toBe('ERR_INVALID_RESET_CODE');
    }
    expect((await reset(user.email, code, NEW_PASSWORD).expect(400)).body.error).toBe('ERR_INVALID_RESET_CODE');
    expect(await canLogin(user.email, PASSWORD)).toBe(true);
    // a new code starts over
    await reset(user.email, await mailedCode(user.email), NEW_PASSWORD).expect(204);
  });

  it('fails an expired code', async () => {
    const { user } = await createTenant(t);
    const code = await mailedCode(user.email);
    await t.orm.em.fork().getConnection().execute(`update password_resets set expires_at = now() - interval '1 second' where user_id = ?`, [user.id]);
    expect((await reset(user.email, code, NEW_PASSWORD).expect(400)).body.error).toBe('ERR_INVALID_RESET_CODE');
    expect(await canLogin(user.email, PASSWORD)).toBe(true);
  });

  it('answers ERR_INVALID_RESET_CODE for a code of an unknown e-mail or a malformed code', async () => {
    const { user } = await createTenant(t);
    await mailedCode(user.email);
    expect((await reset('nobody@nowhere.test', '123456', NEW_PASSWORD).expect(400)).body.error).toBe('ERR_INVALID_RESET_CODE');
    expect((await reset(user.email, 'abcdef', NEW_PASSWORD).expect(400)).body.error).toBe('ERR_INVALID_RESET_CODE');
  });

  it('rejects a weak new password with the field, without using up the code', async () => {
    const { user } = await createTenant(t);
    const code = await mailedCode(user.email);
    for (const weak of ['Curta1A', 'semmaiuscula1', 'SEMMINUSCULA1', 'SemNumeroAqui']) {
      const res = await reset(user.email, code, weak).expect(400);
      expect(res.body).toEqual({ error: 'ERR_WEAK_PASSWORD', message: WEAK, fields: [{ field: 'newPassword', messages: [WEAK] }] });
    }
    expect(await canLogin(user.email, PASSWORD)).toBe(true);
    await reset(user.email, code, NEW_PASSWORD).expect(204);
  });

  it('ends the old sessions: access token and refresh cookie answer 401', async () => {
    const { user } = await createTenant(t);
    const old = await login(t, user.email);
    await t.http().get('/auth/me').set('Authorization', `Bearer ${old.token}`).expect(200);
    await reset(user.email, await mailedCode(user.email), NEW_PASSWORD).expect(204);
    expect((await t.http().get('/auth/me').set('Authorization', `Bearer ${old.token}`).expect(401)).body.error).toBe('ERR_SESSION_EXPIRED');
    expect((await t.http().post('/auth/refresh_token').set('Cookie', old.cookie).expect(401)).body.error).toBe('ERR_SESSION_EXPIRED');
    const fresh = await login(t, user.email, NEW_PASSWORD);
    await t.http().get('/auth/me').set('Authorization', `Bearer ${fresh.token}`).expect(200);
  });

  it('answers 503 and keeps no live code when the mail server cannot be reached', async () => {
    const closed = await startInbox();
    await closed.close();
    const down = await createTestApp({ shareWith: t, env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(closed.port), SMTP_SECURE: 'false' } });
    try {
      const { user } = await createTenant(t);
      const res = await down
        .http()
        .post(`/forgetpassword/${encodeURIComponent(user.email)}`)
        .expect(503);
      expect(res.body.error).toBe('ERR_SERVICE_UNAVAILABLE');
      const rows = await t.orm.em.fork().getConnection().execute(`select id from password_resets where user_id = ?`, [user.id]);
      expect(rows).toEqual([]);
    } finally {
      await down.close();
    }
  });
});

describe('password reset without SMTP in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        NODE_ENV: 'production',
        JWT_SECRET: 'a-production-like-access-secret-of-enough-length',
        JWT_REFRESH_SECRET: 'a-production-like-refresh-secret-of-enough-length',
        SECRETS_KEY: 'e'.repeat(64),
      },
    });
  });
  afterAll(() => t?.close());

  it('answers 503 ERR_MAIL_NOT_CONFIGURED and stores no code', async () => {
    const { user } = await createTenant(t);
    const res = await t
      .http()
      .post(`/forgetpassword/${encodeURIComponent(user.email)}`)
      .expect(503);
    expect(res.body).toEqual({ error: 'ERR_MAIL_NOT_CONFIGURED', message: expect.any(String) });
    const rows = await t.orm.em.fork().getConnection().execute(`select id from password_resets where user_id = ?`, [user.id]);
    expect(rows).toEqual([]);
    // the same answer for an e-mail of no account: mail is checked before the account is looked up
    await t.http().post('/forgetpassword/nobody%40nowhere.test').expect(503);
  });
});
