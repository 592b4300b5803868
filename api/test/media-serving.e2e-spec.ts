import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type request from 'supertest';
import { IngestService } from '../src/ticket/ingest/ingest.service';
import { Message } from '../src/ticket/messages/message.entity';
import { Ticket } from '../src/ticket/tickets/ticket.entity';
import { createTestApp, TestApp } from './harness';
import { createQueue, createSandboxConnection, createSuperUser, createTenant } from './factories';

/** A real 1x1 PNG and a small PDF whose bytes differ from start to end (a range of it is checkable). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from(Array.from({ length: 3000 }, (_, i) => i % 251)), Buffer.from('\n%%EOF\n')]);

/**
 * The install the README describes keeps its files under `.data/media` (and may itself live in a dot folder): every
 * route that answers with a stored file must serve it from there. Express's sendFile of an absolute path refuses any
 * dot folder on the way, which made every image, document and announcement 404 in that install.
 */
describe('stored files under a dot folder (the default MEDIA_DIR is .data/media)', () => {
  let t: TestApp;
  let base: string;
  let superToken: string;
  beforeAll(async () => {
    base = mkdtempSync(join(tmpdir(), 'atende-dot-'));
    const consoleDir = join(base, '.data', 'console');
    mkdirSync(consoleDir, { recursive: true });
    writeFileSync(join(consoleDir, 'index.html'), '<!doctype html><title>Atende console</title>');
    t = await createTestApp({ env: { MEDIA_DIR: join(base, '.data', 'media'), CONSOLE_DIR: consoleDir } });
    superToken = (await createSuperUser(t)).token;
  });
  afterAll(async () => {
    await t.close();
    rmSync(base, { recursive: true, force: true });
  });

  it('serves a received image, a sent PDF (whole and by ranges) and an announcement image', async () => {
    expect(t.config.mediaDir).toBe(join(base, '.data', 'media'));
    const s = await createTenant(t);
    // Accept as a browser's <img> and fetch send it (the console's page answers a GET that names none).
    const auth = { Authorization: `Bearer ${s.adminToken}`, Accept: '*/*' };
    const queue = await createQueue(t.orm, s.company.id, { greetingMessage: null });
    const whatsapp = await createSandboxConnection(t, s.company.id, [queue.id]);
    const phone = `55119${Math.floor(10000000 + Math.random() * 89999999)}`;
    await t
      .http()
      .post(`/sandbox/phones/${phone}/messages`)
      .set('Authorization', `Bearer ${superToken}`)
      .send({ whatsappId: whatsapp.id, mediaBase64: PNG.toString('base64'), mimetype: 'image/png', filename: 'foto.png', body: 'olha' })
      .expect(201);
    await t.app.get(IngestService).drain();
    const received = await t.orm.em.fork().findOneOrFail(Message, { companyId: s.company.id, fromMe: false }, { filters: false });

    const image = await t.http().get(`/messages/media/${received.id}`).set(auth).buffer(true).expect(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['content-length']).toBe(String(PNG.length));
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.from(image.body).equals(PNG)).toBe(true);

    const ticket = await t.orm.em.fork().findOneOrFail(Ticket, { companyId: s.company.id }, { filters: false });
    await t.http().put(`/tickets/${ticket.id}`).set(auth).send({ status: 'open', userId: s.admin.id }).expect(200);
    const sent = await t.http().post(`/messages/${ticket.id}`).set(auth).attach('medias', PDF, 'Orçamento final.pdf').expect(201);
    const pdfId = sent.body.messages[0].id as string;
    const pdf = await t.http().get(`/messages/media/${pdfId}`).set(auth).buffer(true).parse(binary).expect(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`inline; filename="Or_amento final.pdf"; filename*=UTF-8''Or%C3%A7amento%20final.pdf`);
    expect(pdf.headers['accept-ranges']).toBe('bytes');
    expect((pdf.body as Buffer).equals(PDF)).toBe(true);
    // Audio and video seek by ranges; the same route answers them.
    const part = await t.http().get(`/messages/media/${pdfId}`).set(auth).set('Range', 'bytes=100-199').buffer(true).parse(binary).expect(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${PDF.length}`);
    expect((part.body as Buffer).equals(PDF.subarray(100, 200))).toBe(true);
    const past = await t
      .http()
      .get(`/messages/media/${pdfId}`)
      .set(auth)
      .set('Range', `bytes=${PDF.length + 10}-`)
      .expect(416);
    expect(past.headers['content-range']).toBe(`bytes */${PDF.length}`);

    const ann = await t.http().post('/announcements').set('Authorization', `Bearer ${superToken}`).send({ title: 'Aviso', text: 'Com imagem' }).expect(201);
    await t.http().post(`/announcements/${ann.body.id}/media-upload`).set('Authorization', `Bearer ${superToken}`).attach('file', PNG, 'aviso.png').expect(201);
    const annImage = await t.http().get(`/announcements/${ann.body.id}/media`).set(auth).buffer(true).expect(200);
    expect(annImage.headers['content-type']).toBe('image/png');
    expect(annImage.headers['cache-control']).toBe('private, max-age=3600');
    expect(Buffer.from(annImage.body).equals(PNG)).toBe(true);

    // The public folder (company logos) and the console's page are served from dot folders too.
    const logos = join(t.config.mediaDir, 'public', `company${s.company.id}`, 'logos');
    mkdirSync(logos, { recursive: true });
    writeFileSync(join(logos, 'light-abc.png'), PNG);
    const logo = await t.http().get(`/public/company${s.company.id}/logos/light-abc.png`).set('Accept', '*/*').buffer(true).expect(200);
    expect(Buffer.from(logo.body).equals(PNG)).toBe(true);
    const page = await t.http().get('/tickets').set('Accept', 'text/html').expect(200);
    expect(page.text).toContain('Atende console');
  });

  it('answers the JSON 404 for a file gone from disk or a stored path that leaves its folder', async () => {
    const s = await createTenant(t);
    const auth = { Authorization: `Bearer ${s.adminToken}`, Accept: '*/*' };
    const queue = await createQueue(t.orm, s.company.id, { greetingMessage: null });
    const whatsapp = await createSandboxConnection(t, s.company.id, [queue.id]);
    const phone = `55119${Math.floor(10000000 + Math.random() * 89999999)}`;
    await t
      .http()
      .post(`/sandbox/phones/${phone}/messages`)
      .set('Authorization', `Bearer ${superToken}`)
      .send({ whatsappId: whatsapp.id, mediaBase64: PNG.toString('base64'), mimetype: 'image/png', filename: 'a.png' })
      .expect(201);
    await t.app.get(IngestService).drain();
    const message = await t.orm.em.fork().findOneOrFail(Message, { companyId: s.company.id }, { filters: false });
    const setPath = (p: string) => t.orm.em.fork().getConnection().execute('update messages set media_path = ? where id = ?', [p, message.id]);
    // Another company's file, a secret next to the media folder, a dot entry inside it, a file that is not there.
    const other = await createTenant(t);
    mkdirSync(join(t.config.mediaDir, `company${other.company.id}`), { recursive: true });
    writeFileSync(join(t.config.mediaDir, `company${other.company.id}`, 'x.png'), PNG);
    mkdirSync(join(t.config.mediaDir, `company${s.company.id}`, '.hidden'), { recursive: true });
    writeFileSync(join(t.config.mediaDir, `company${s.company.id}`, '.hidden', 'y.png'), PNG);
    for (const path of [`../company${other.company.id}/x.png`, '../../secrets.json', '.hidden/y.png', 'messages/2026-01/gone.png']) {
      await setPath(path);
      const res = await t.http().get(`/messages/media/${message.id}`).set(auth);
      expect([path, res.status, res.headers['content-type'], res.body.error]).toEqual([
        path,
        404,
        expect.stringMatching(/^application\/json/),
        'ERR_NOT_FOUND',
      ]);
    }
  });
});

/** Collects a binary body of any content type as a Buffer. */
const binary = (res: request.Response, done: (err: Error | null, body: Buffer) => void): void => {
  const chunks: Buffer[] = [];
  const stream = res as unknown as NodeJS.ReadableStream;
  stream.on('data', (c: Buffer) => chunks.push(c));
  stream.on('end', () => done(null, Buffer.concat(chunks)));
  stream.on('error', (e: Error) => done(e, Buffer.concat(chunks)));
};
