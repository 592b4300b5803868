import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { uploadTempDir } from '../src/common/http/uploads/uploaded-file';
import { createTestApp, TestApp, until } from './harness';
import { createQueue, createSuperUser, createTenant, createTicket, createUser, createWhatsapp, login } from './factories';

/**
 * Uploads are authorised before their body is read, stream to disk under per-route limits, and leave no temp file
 * behind. Bodies here are written in 1 MB chunks of one reused buffer: the test never holds a body either, so the
 * process' RSS (the API runs in it) shows what the API holds.
 */
const MB = 1024 * 1024;
const CHUNK = Buffer.alloc(MB, 0x61);
const PNG_HEAD = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
const BOUNDARY = 'atende-upload-test';

/** Resolves when the request can take more, or is gone; leaves no listener behind. */
const drained = (req: ClientRequest) =>
  new Promise<void>((resolve) => {
    const done = () => {
      req.off('drain', done);
      req.off('close', done);
      resolve();
    };
    req.on('drain', done);
    req.on('close', done);
  });

interface Sent {
  status: number;
  body: { error?: string; fields?: { field: string }[]; messages?: { id: string; mediaUrl: string | null }[] } & Record<string, unknown>;
  /** Whether the whole body had been written when the answer came. */
  answeredEarly: boolean;
}

/**
 * Streams a multipart body: `fields`, then one file in `field` made of PNG_HEAD and `megabytes` MB. With `stall`,
 * only the part header and the first megabyte are sent and the request waits for the answer (an answer then proves
 * the decision came before the body was read); the request is dropped after it.
 */
function streamUpload(
  t: TestApp,
  path: string,
  token: string,
  opts: { field: string; megabytes: number; fields?: Record<string, string>; stall?: boolean; abortAfter?: number },
): { done: Promise<Sent>; req: ClientRequest } {
  const head =
    Object.entries(opts.fields ?? {})
      .map(([k, v]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
      .join('') + `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${opts.field}"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`;
  const tail = `\r\n--${BOUNDARY}--\r\n`;
  const url = new URL(path, t.url);
  const req = httpRequest({
    host: url.hostname,
    port: url.port,
    path: url.pathname,
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  });
  let finished = false;
  req.on('error', () => undefined);
  const response = new Promise<IncomingMessage>((resolve, reject) => {
    req.once('response', resolve);
    req.once('close', () => reject(new Error('closed without an answer')));
    // A server that reads the whole body before deciding never answers a stalled one.
    if (opts.stall) setTimeout(() => req.destroy(new Error('no answer while the body was incomplete')), 10_000).unref();
  });
  const write = async () => {
    req.write(head);
    req.write(PNG_HEAD);
    const chunks = opts.stall ? 1 : opts.megabytes;
    for (let i = 0; i < chunks && !req.destroyed; i++) {
      if (opts.abortAfter !== undefined && i === opts.abortAfter) {
        req.destroy();
        return;
      }
      if (!req.write(CHUNK)) await drained(req);
    }
    if (opts.stall || req.destroyed) return;
    req.end(tail);
    finished = true;
  };
  const writing = write().catch(() => undefined);
  const done = (async (): Promise<Sent> => {
    const res = await response;
    const answeredEarly = !finished;
    const text: string[] = [];
    res.setEncoding('utf8');
    for await (const piece of res) text.push(piece as string);
    if (opts.stall) req.destroy();
    await writing;
    return { status: res.statusCode!, body: JSON.parse(text.join('') || '{}'), answeredEarly };
  })();
  return { done, req };
}

describe('uploads', () => {
  let t: TestApp;
  let tenant: Awaited<ReturnType<typeof createTenant>>;
  let attendantToken: string;
  let hiddenTicketIds: number[];
  let ownTicketId: number;
  const tmpFiles = () => (existsSync(uploadTempDir(t.config.mediaDir)) ? readdirSync(uploadTempDir(t.config.mediaDir)) : []);

  beforeAll(async () => {
    t = await createTestApp();
    tenant = await createTenant(t);
    const cid = tenant.company.id;
    const [sales, support] = [await createQueue(t.orm, cid), await createQueue(t.orm, cid)];
    const attendant = await createUser(t.orm, { companyId: cid, queueIds: [support.id] });
    const colleague = await createUser(t.orm, { companyId: cid, queueIds: [sales.id] });
    attendantToken = (await login(t, attendant.email)).token;
    const whatsapp = await createWhatsapp(t.orm, cid, { isDefault: true });
    hiddenTicketIds = [];
    for (let i = 0; i < 3; i++) {
      hiddenTicketIds.push((await createTicket(t.orm, cid, { status: 'open', queueId: sales.id, userId: colleague.id, whatsappId: whatsapp.id })).id);
    }
    ownTicketId = (await createTicket(t.orm, cid, { status: 'open', queueId: support.id, userId: attendant.id, whatsappId: whatsapp.id })).id;
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  it("refuses an attendant's 40 MB uploads to tickets she cannot see with 403, holding neither the bodies nor temp files", async () => {
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
    try {
      const sent = await Promise.all(
        hiddenTicketIds.map((id) => streamUpload(t, `/messages/${id}`, attendantToken, { field: 'medias', megabytes: 40, fields: { body: 'x' } }).done),
      );
      for (const s of sent) expect([s.status, s.body.error]).toEqual([403, 'ERR_NO_PERMISSION']);
    } finally {
      clearInterval(sampler);
    }
    peak = Math.max(peak, process.memoryUsage().rss);
    const grewMb = (peak - before) / MB;
    console.info(`RSS before ${Math.round(before / MB)} MB, peak during 3 x 40 MB refused uploads +${grewMb.toFixed(1)} MB`);
    // 120 MB were sent; buffering any one body whole would pass this alone.
    expect(grewMb).toBeLessThan(30);
    expect(tmpFiles()).toEqual([]);
  }, 120_000);

  it('answers 403 before the body has arrived: the ticket check runs before multer reads anything', async () => {
    const s = await streamUpload(t, `/messages/${hiddenTicketIds[0]}`, attendantToken, { field: 'medias', megabytes: 40, stall: true }).done;
    expect([s.status, s.body.error, s.answeredEarly]).toEqual([403, 'ERR_NO_PERMISSION', true]);
    expect(tmpFiles()).toEqual([]);
  });

  it('answers every upload route whose path names a missing resource before reading the body', async () => {
    const admin = tenant.adminToken;
    const { token: superToken } = await createSuperUser(t);
    const missing = 2_000_000_000;
    const routes: [string, string, string, number, string][] = [
      [`/schedules/${missing}/media-upload`, 'file', admin, 404, 'ERR_SCHEDULE_NOT_FOUND'],
      [`/campaigns/${missing}/media-upload`, 'file', admin, 404, 'ERR_CAMPAIGN_NOT_FOUND'],
      [`/quick-messages/${missing}/media-upload`, 'file', admin, 404, 'ERR_QUICK_MESSAGE_NOT_FOUND'],
      [`/holidays/${missing}/media-upload`, 'file', admin, 404, 'ERR_HOLIDAY_NOT_FOUND'],
      [`/announcements/${missing}/media-upload`, 'file', superToken, 404, 'ERR_ANNOUNCEMENT_NOT_FOUND'],
      [`/contact-lists/${missing}/upload`, 'file', admin, 404, 'ERR_CONTACT_LIST_NOT_FOUND'],
      [`/files/uploadList/${missing}`, 'files', admin, 404, 'ERR_FILE_LIST_NOT_FOUND'],
      [`/messages/${missing}`, 'medias', admin, 404, 'ERR_NO_TICKET_FOUND'],
      [`/messages/abc`, 'medias', admin, 400, 'ERR_VALIDATION'],
      // Permission first, by the global guard: an attendant may not touch announcements at all.
      [`/announcements/${missing}/media-upload`, 'file', attendantToken, 403, 'ERR_NO_PERMISSION'],
    ];
    for (const [path, field, token, status, error] of routes) {
      const s = await streamUpload(t, path, token, { field, megabytes: 20, stall: true }).done;
      expect([path, s.status, s.body.error, s.answeredEarly]).toEqual([path, status, error, true]);
    }
    expect(tmpFiles()).toEqual([]);
  }, 60_000);

  it('refuses a file over the route limit with 413 ERR_PAYLOAD_TOO_LARGE and removes what was written', async () => {
    // Message media: 64 MB a file.
    const s = await streamUpload(t, `/messages/${ownTicketId}`, attendantToken, { field: 'medias', megabytes: 65 }).done;
    expect([s.status, s.body.error, s.body.fields]).toEqual([413, 'ERR_PAYLOAD_TOO_LARGE', [{ field: 'medias', messages: ['Too large'] }]]);
    // A quick message's attachment: 16 MB.
    const qm = await t
      .http()
      .post('/quick-messages')
      .set('Authorization', `Bearer ${attendantToken}`)
      .send({ shortcode: 'big', message: 'Big one' })
      .expect(201);
    const q = await streamUpload(t, `/quick-messages/${qm.body.id}/media-upload`, attendantToken, { field: 'file', megabytes: 17 }).done;
    expect([q.status, q.body.error]).toEqual([413, 'ERR_PAYLOAD_TOO_LARGE']);
    expect(tmpFiles()).toEqual([]);
    const stored = await t.http().get(`/quick-messages/${qm.body.id}`).set('Authorization', `Bearer ${attendantToken}`).expect(200);
    expect(stored.body.mediaPath ?? null).toBeNull();
  }, 60_000);

  it('leaves no temp file when the client drops the upload halfway', async () => {
    const { done } = streamUpload(t, `/messages/${ownTicketId}`, attendantToken, { field: 'medias', megabytes: 30, abortAfter: 10 });
    await expect(done).rejects.toThrow();
    await until(() => tmpFiles().length === 0, 10_000);
    const page = await t.http().get(`/messages/${ownTicketId}`).set('Authorization', `Bearer ${attendantToken}`).expect(200);
    expect(page.body.messages).toEqual([]);
  });

  it('stores an accepted upload whole in the media store, moved out of the temp folder', async () => {
    const s = await streamUpload(t, `/messages/${ownTicketId}`, attendantToken, { field: 'medias', megabytes: 5, fields: { body: 'Segue a foto' } }).done;
    expect(s.status).toBe(201);
    const [message] = s.body.messages!;
    expect(message.mediaUrl).toBe(`/messages/media/${message.id}`);
    const [row] = await t.orm.em.fork().getConnection().execute<{ media_path: string }[]>('select media_path from messages where id = ?', [message.id]);
    const file = join(t.config.mediaDir, `company${tenant.company.id}`, row.media_path);
    expect(row.media_path).toMatch(/^messages\/\d{4}-\d{2}\/[0-9a-f]{24}\.png$/);
    expect(statSync(file).size).toBe(PNG_HEAD.length + 5 * MB);
    const fd = readFileSync(file);
    expect(fd.subarray(0, PNG_HEAD.length).equals(PNG_HEAD)).toBe(true);
    expect(fd.subarray(fd.length - 16).equals(CHUNK.subarray(0, 16))).toBe(true);
    expect(tmpFiles()).toEqual([]);
  }, 60_000);
});
