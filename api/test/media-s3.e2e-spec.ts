/**
 * @jest-environment ./test/baileys-environment.js
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { EntityManager } from '@mikro-orm/postgresql';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type request from 'supertest';
import { ConfigError, loadConfig, type S3StorageConfig } from '../src/config/app-config';
import { MEDIA_STORE, MediaNotFoundError, type MediaStore } from '../src/common/infra/media-store/media-store';
import { LocalMediaStore } from '../src/common/infra/media-store/local-media-store';
import { S3MediaStore } from '../src/common/infra/media-store/s3-media-store';
import { migrateMedia } from '../src/common/infra/media-store/migrate-media';
import { BaileysAuthStore } from '../src/connection/providers/baileys/baileys-auth-store';
import type { ProviderEvents } from '../src/connection/providers/messaging-provider';
import { FileListsService } from '../src/campaign/file-lists/file-lists.service';
import { IngestService } from '../src/ticket/ingest/ingest.service';
import { Message } from '../src/ticket/messages/message.entity';
import { Ticket } from '../src/ticket/tickets/ticket.entity';
import { baileys } from './baileys';
import { standInProvider } from './baileys-stand-in';
import { createTestApp, TestApp, until } from './harness';
import { createQueue, createSandboxConnection, createSuperUser, createTenant, createWhatsapp } from './factories';

// The fake S3 server is a CommonJS module without types of its own.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const S3rver = require('@20minutes/s3rver') as new (options: Record<string, unknown>) => {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
};

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from(Array.from({ length: 3000 }, (_, i) => i % 251)), Buffer.from('\n%%EOF\n')]);
/** An Ogg page header and bytes that differ from start to end (a range of it is checkable). */
const OGG = Buffer.concat([Buffer.from('OggS'), Buffer.from(Array.from({ length: 5000 }, (_, i) => (i * 7) % 256))]);
const MP3 = Buffer.concat([Buffer.from('ID3'), Buffer.alloc(2000, 9)]);

const BUCKET = 'atende-media';
const PREFIX = 'deploy-a/media/';
/** s3rver's only account; it checks the key id of every request. */
const KEYS = { S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' };

/**
 * Media in an S3-compatible bucket (MEDIA_STORAGE=s3), against a local S3 server started here (@20minutes/s3rver,
 * on disk in a temporary folder). Every upload lands in the bucket under S3_PREFIX and nothing in MEDIA_DIR; every
 * download streams from the bucket through the same routes and the same access checks; the WhatsApp send reads the
 * file through the store; `media:migrate` copies a folder into the bucket, once.
 */
describe('media in an S3-compatible bucket', () => {
  let s3dir: string;
  let server: InstanceType<typeof S3rver>;
  let endpoint: string;
  let s3: S3Client;
  let t: TestApp;
  let superToken: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    s3dir = mkdtempSync(join(tmpdir(), 'atende-s3-'));
    // s3rver computes the canonical request of bucket-level calls (ListObjectsV2) differently from the SDK, so
    // signatures are not compared; the access key id still is (an unknown one is refused).
    server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: s3dir,
      configureBuckets: [{ name: BUCKET }],
      allowMismatchedSignatures: true,
    });
    endpoint = `http://127.0.0.1:${(await server.run()).port}`;
    env = { MEDIA_STORAGE: 's3', S3_BUCKET: BUCKET, S3_PREFIX: PREFIX, S3_ENDPOINT: endpoint, S3_REGION: 'us-east-1', ...KEYS };
    s3 = new S3Client({
      endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: KEYS.S3_ACCESS_KEY_ID, secretAccessKey: KEYS.S3_SECRET_ACCESS_KEY },
    });
    t = await createTestApp({ env });
    superToken = (await createSuperUser(t)).token;
  });
  afterAll(async () => {
    await t?.close();
    s3?.destroy();
    await server?.close();
    rmSync(s3dir, { recursive: true, force: true });
  });

  const objects = async (): Promise<Map<string, number>> => {
    const found = new Map<string, number>();
    let token: string | undefined;
    do {
      const page = await s3.send(new ListObjectsV2Command({ Bucket: BUCKET, ContinuationToken: token }));
      for (const o of page.Contents ?? []) found.set(o.Key!, o.Size!);
      token = page.NextContinuationToken;
    } while (token);
    return found;
  };
  const object = async (key: string) => Buffer.from(await (await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }))).Body!.transformToByteArray());
  const localFiles = (dir: string): string[] =>
    existsSync(dir) ? readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? localFiles(join(dir, name)) : [join(dir, name)])) : [];

  it('keeps every upload in the bucket under the prefix, none in MEDIA_DIR, and serves each through its route and its access checks', async () => {
    expect(t.app.get<MediaStore>(MEDIA_STORE)).toBeInstanceOf(S3MediaStore);
    const a = await createTenant(t);
    const b = await createTenant(t);
    const as = (token: string) => ({ Authorization: `Bearer ${token}`, Accept: '*/*' });

    // A received audio (written from bytes by ingest) and a sent PDF (an upload moved in).
    const queue = await createQueue(t.orm, a.company.id, { greetingMessage: null });
    const whatsapp = await createSandboxConnection(t, a.company.id, [queue.id]);
    const phone = `55119${Math.floor(10000000 + Math.random() * 89999999)}`;
    await t
      .http()
      .post(`/sandbox/phones/${phone}/messages`)
      .set('Authorization', `Bearer ${superToken}`)
      .send({ whatsappId: whatsapp.id, mediaBase64: OGG.toString('base64'), mimetype: 'audio/ogg', filename: 'audio.ogg' })
      .expect(201);
    await t.app.get(IngestService).drain();
    const audio = await t.orm.em.fork().findOneOrFail(Message, { companyId: a.company.id, fromMe: false }, { filters: false });
    const ticket = await t.orm.em.fork().findOneOrFail(Ticket, { companyId: a.company.id }, { filters: false });
    await t.http().put(`/tickets/${ticket.id}`).set(as(a.adminToken)).send({ status: 'open', userId: a.admin.id }).expect(200);
    const sent = await t.http().post(`/messages/${ticket.id}`).set(as(a.adminToken)).attach('medias', PDF, 'Orçamento.pdf').expect(201);
    const pdfId = sent.body.messages[0].id as string;
    const pdfRow = await t.orm.em.fork().findOneOrFail(Message, { id: pdfId }, { filters: false });

    const pdf = await t.http().get(`/messages/media/${pdfId}`).set(as(a.adminToken)).buffer(true).parse(binary).expect(200);
    expect(pdf.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-length': String(PDF.length),
      'accept-ranges': 'bytes',
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-cache',
      'content-disposition': `inline; filename="Or_amento.pdf"; filename*=UTF-8''Or%C3%A7amento.pdf`,
    });
    expect((pdf.body as Buffer).equals(PDF)).toBe(true);
    // The bucket's ETag: a conditional GET is answered 304 without the body.
    const etag = pdf.headers.etag;
    expect(etag).toMatch(/^"[0-9a-f]+"$/);
    await t.http().get(`/messages/media/${pdfId}`).set(as(a.adminToken)).set('If-None-Match', etag).expect(304);
    const head = await t.http().head(`/messages/media/${pdfId}`).set(as(a.adminToken)).expect(200);
    expect(head.headers['content-length']).toBe(String(PDF.length));

    // Seeking in the audio: byte ranges from the bucket, as from the folder.
    const audioUrl = `/messages/media/${audio.id}`;
    const part = await t.http().get(audioUrl).set(as(a.adminToken)).set('Range', 'bytes=1000-1999').buffer(true).parse(binary).expect(206);
    expect(part.headers['content-range']).toBe(`bytes 1000-1999/${OGG.length}`);
    expect(part.headers['content-length']).toBe('1000');
    expect(part.headers['content-type']).toBe('audio/ogg');
    expect((part.body as Buffer).equals(OGG.subarray(1000, 2000))).toBe(true);
    const tail = await t.http().get(audioUrl).set(as(a.adminToken)).set('Range', 'bytes=-100').buffer(true).parse(binary).expect(206);
    expect(tail.headers['content-range']).toBe(`bytes ${OGG.length - 100}-${OGG.length - 1}/${OGG.length}`);
    expect((tail.body as Buffer).equals(OGG.subarray(OGG.length - 100))).toBe(true);
    const past = await t
      .http()
      .get(audioUrl)
      .set(as(a.adminToken))
      .set('Range', `bytes=${OGG.length + 10}-`)
      .expect(416);
    expect(past.headers['content-range']).toBe(`bytes */${OGG.length}`);

    // Announcement image (platform folder), quick reply file, logo, file-list files.
    const ann = await t.http().post('/announcements').set('Authorization', `Bearer ${superToken}`).send({ title: 'Aviso', text: 'Com imagem' }).expect(201);
    await t.http().post(`/announcements/${ann.body.id}/media-upload`).set('Authorization', `Bearer ${superToken}`).attach('file', PNG, 'aviso.png').expect(201);
    const annImage = await t.http().get(`/announcements/${ann.body.id}/media`).set(as(b.userToken)).buffer(true).parse(binary).expect(200);
    expect(annImage.headers['cache-control']).toBe('private, max-age=3600');
    expect((annImage.body as Buffer).equals(PNG)).toBe(true);

    const qm = await t.http().post('/quick-messages').set(as(a.adminToken)).send({ shortcode: 'catalogo', message: 'Nosso catálogo' }).expect(201);
    const qmUp = await t.http().post(`/quick-messages/${qm.body.id}/media-upload`).set(as(a.adminToken)).attach('file', PDF, 'catalogo.pdf').expect(201);
    const qmFile = await t.http().get(`/quick-messages/${qm.body.id}/media`).set(as(a.adminToken)).buffer(true).parse(binary).expect(200);
    expect((qmFile.body as Buffer).equals(PDF)).toBe(true);

    const logo = await t.http().post('/settings/logo').set(as(a.adminToken)).field('mode', 'Light').attach('file', PNG, 'logo.png').expect(201);
    const served = await t.http().get(logo.body.value).buffer(true).parse(binary).expect(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect((served.body as Buffer).equals(PNG)).toBe(true);

    const list = await t
      .http()
      .post('/files')
      .set(as(a.adminToken))
      .send({ name: 'Envio', message: 'Oi', options: [{ name: 'foto' }] })
      .expect(201);
    const listUp = await t
      .http()
      .post(`/files/uploadList/${list.body.id}`)
      .set(as(a.adminToken))
      .field('id', String(list.body.options[0].id))
      .attach('files', PNG, 'foto.png')
      .expect(201);
    // A campaign's send gets its own copy in the company's message media: a copy inside the bucket.
    const [copy] = await t.app.get(FileListsService).mediaFor(a.company.id, list.body.id);

    // The same checks as from a folder: another company's users find nothing; nobody finds a public file that is not there.
    await t.http().get(`/messages/media/${pdfId}`).set(as(b.adminToken)).expect(404);
    await t.http().get(audioUrl).set(as(b.adminToken)).set('Range', 'bytes=0-10').expect(404);
    await t.http().get(`/quick-messages/${qm.body.id}/media`).set(as(b.adminToken)).expect(404);
    await t.http().post(`/files/uploadList/${list.body.id}`).set(as(b.adminToken)).field('id', '1').attach('files', PNG, 'x.png').expect(404);
    await t.http().get(`/messages/media/${pdfId}`).expect(401);
    const missing = await t.http().get(`/public/company${a.company.id}/logos/light-0000000000000000.png`).set('Accept', 'application/json').expect(404);
    expect(missing.body.error).toBe('ERR_NOT_FOUND');
    await t.http().get(`/public/company${a.company.id}/%2e%2e/%2e%2e/company${a.company.id}/${pdfRow.media.path}`).expect(404);

    // Every file is an object under the prefix, with the folder layout MEDIA_DIR has; MEDIA_DIR holds none.
    const stored = await objects();
    const month = new Date().toISOString().slice(0, 7);
    const company = `${PREFIX}company${a.company.id}`;
    expect(stored.get(`${company}/${audio.media.path}`)).toBe(OGG.length);
    expect(audio.media.path).toMatch(new RegExp(`^messages/${month}/[0-9a-f]{24}\\.ogg$`));
    expect(stored.get(`${company}/${pdfRow.media.path}`)).toBe(PDF.length);
    expect(stored.get(`${PREFIX}platform/announcements/${(await t.http().get(`/announcements/${ann.body.id}`).set(as(a.userToken))).body.mediaPath}`)).toBe(
      PNG.length,
    );
    expect(stored.get(`${company}/quick-messages/${qmUp.body.mediaPath}`)).toBe(PDF.length);
    expect(stored.get(`${PREFIX}${logo.body.value.slice('/'.length)}`)).toBe(PNG.length);
    expect(stored.get(`${company}/file-lists/${listUp.body.options[0].path}`)).toBe(PNG.length);
    expect(stored.get(`${company}/${copy.path}`)).toBe(PNG.length);
    expect(await object(`${company}/${copy.path}`)).toEqual(PNG);
    expect([...stored.keys()].filter((key) => !key.startsWith(PREFIX))).toEqual([]);
    expect(localFiles(t.config.mediaDir)).toEqual([]);

    // Deleting a quick reply's file deletes its object.
    await t.http().delete(`/quick-messages/${qm.body.id}/media-upload`).set(as(a.adminToken)).expect(200);
    expect((await objects()).has(`${company}/quick-messages/${qmUp.body.mediaPath}`)).toBe(false);
    // Deleting the company deletes its public files (its logos), as from a folder.
    await t.http().delete(`/companies/${a.company.id}`).set('Authorization', `Bearer ${superToken}`).expect(204);
    expect([...(await objects()).keys()].filter((key) => key.startsWith(`${PREFIX}public/company${a.company.id}/`))).toEqual([]);
  });

  it('imports a contact list from a spreadsheet kept in the bucket until the worker has read it', async () => {
    const a = await createTenant(t);
    const list = (await t.http().post('/contact-lists').set(a.auth(a.adminToken)).send({ name: 'Clientes' }).expect(201)).body;
    const csv = Buffer.from('Nome,Número\nAna,5511999990001\nBruno,5511999990002\n');
    await t.http().post(`/contact-lists/${list.id}/upload`).set(a.auth(a.adminToken)).attach('file', csv, 'contatos.csv').expect(202);
    const items = async () => (await t.http().get(`/contact-list-items?contactListId=${list.id}`).set(a.auth(a.adminToken)).expect(200)).body;
    expect((await until(async () => ((await items()).count === 2 ? await items() : null))).contacts.map((c: { name: string }) => c.name).sort()).toEqual([
      'Ana',
      'Bruno',
    ]);
    // Read, then removed from the bucket (and no temporary copy left in MEDIA_DIR).
    await until(async () => ![...(await objects()).keys()].some((key) => key.includes(`company${a.company.id}/contact-list-imports/`)));
    expect(localFiles(t.config.mediaDir)).toEqual([]);
  });

  it('hands the WhatsApp send a file read from the bucket, on the worker running the session, and removes the copy', async () => {
    const store = t.app.get<MediaStore>(MEDIA_STORE);
    const companyId = (await createTenant(t)).company.id;
    await store.write(`company${companyId}/messages/2026-11/photo.png`, PNG);
    await store.write(`company${companyId}/messages/2026-11/gravacao.mp3`, MP3);
    const converted: Buffer[] = [];
    const em = t.app.get(EntityManager);
    const { provider, last } = standInProvider(em, t.config, {
      media: store,
      toVoiceNote: async (path) => {
        converted.push(readFileSync(path));
        return Buffer.from('OggS-voice');
      },
    });
    const id = (await createWhatsapp(t.orm, companyId, { status: 'DISCONNECTED' })).id;
    const auth = new BaileysAuthStore(em).open(companyId, id, baileys());
    const { state } = await auth.load();
    Object.assign(state.creds, { me: { id: '5511900000009:3@s.whatsapp.net' }, registered: true });
    await auth.saveCreds(state.creds);
    const statuses: string[] = [];
    const events = { status: (_id: number, status: string) => statuses.push(status), message: () => undefined } as unknown as ProviderEvents;
    await provider.connect({ id, companyId }, events);
    await until(() => statuses.includes('CONNECTED'));
    const to = '5511988880003@s.whatsapp.net';

    await provider.send(id, to, {
      type: 'image',
      body: '',
      media: { path: `company${companyId}/messages/2026-11/photo.png`, mimetype: 'image/png', filename: 'a.png' },
    });
    const image = last().sent.at(-1)!.content as { image: { url: string } };
    expect(image.image.url.startsWith(join(t.config.mediaDir, '.tmp'))).toBe(true);
    expect(existsSync(image.image.url)).toBe(false);

    const voice = { path: `company${companyId}/messages/2026-11/gravacao.mp3`, mimetype: 'audio/mpeg', filename: 'gravacao.mp3' };
    await provider.send(id, to, { type: 'audio', body: '', voiceNote: true, media: voice });
    expect(converted).toEqual([MP3]);
    expect(last().sent.at(-1)!.content).toMatchObject({ ptt: true, audio: Buffer.from('OggS-voice') });

    const gone = { path: `company${companyId}/messages/2026-11/gone.png`, mimetype: 'image/png', filename: 'x.png' };
    await expect(provider.send(id, to, { type: 'image', body: '', media: gone })).rejects.toBeInstanceOf(MediaNotFoundError);
    expect(localFiles(join(t.config.mediaDir, '.tmp'))).toEqual([]);
    await provider.disconnect(id);
  });

  it('npm run media:migrate copies a local MEDIA_DIR into the bucket once, and again only what changed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'atende-migrate-'));
    const put = (rel: string, data: Buffer) => {
      mkdirSync(join(dir, rel, '..'), { recursive: true });
      writeFileSync(join(dir, rel), data);
    };
    put('company7/messages/2025-01/a.png', PNG);
    put('company7/quick-messages/qm1-0123456789abcdef.pdf', PDF);
    put('public/company7/logos/light-0123456789abcdef.png', PNG);
    put('.tmp/upload-in-flight', PDF);
    const bucket = new S3MediaStore(loadConfig({ NODE_ENV: 'test', ...env, S3_PREFIX: 'migrated' }).mediaStorage as S3StorageConfig, join(dir, '.tmp'));
    try {
      const first = await migrateMedia(new LocalMediaStore(dir), bucket);
      expect(first).toEqual({ copied: 3, copiedBytes: 2 * PNG.length + PDF.length, skipped: 0, failed: [] });
      const stored = await objects();
      expect([...stored].filter(([key]) => key.startsWith('migrated/')).sort()).toEqual([
        ['migrated/company7/messages/2025-01/a.png', PNG.length],
        ['migrated/company7/quick-messages/qm1-0123456789abcdef.pdf', PDF.length],
        ['migrated/public/company7/logos/light-0123456789abcdef.png', PNG.length],
      ]);
      expect(await object('migrated/company7/quick-messages/qm1-0123456789abcdef.pdf')).toEqual(PDF);

      // The script as an operator runs it: a second run copies only the file that changed size.
      put('company7/messages/2025-01/a.png', PDF);
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['-r', '@swc-node/register', 'src/common/infra/media-store/migrate-media.ts', '--from', dir],
        {
          cwd: join(__dirname, '..'),
          env: {
            ...process.env,
            ...env,
            S3_PREFIX: 'migrated',
            MEDIA_DIR: join(dir, 'unused'),
            NODE_ENV: 'test',
            AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
          },
        },
      );
      expect(stdout).toContain(`Copied 1 files (0.0 MB), skipped 2 already in the bucket, failed 0.`);
      expect(await object('migrated/company7/messages/2025-01/a.png')).toEqual(PDF);
    } finally {
      await bucket.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses an incomplete or contradictory storage configuration at start, naming each setting', () => {
    const problems = (vars: Record<string, string>) => {
      try {
        loadConfig({ NODE_ENV: 'test', ...vars });
        return '';
      } catch (e) {
        expect(e).toBeInstanceOf(ConfigError);
        return (e as Error).message;
      }
    };
    expect(problems({ MEDIA_STORAGE: 'gcs' })).toContain('MEDIA_STORAGE must be one of local, s3 (got "gcs")');
    const s3Problems = problems({ MEDIA_STORAGE: 's3', S3_ENDPOINT: 'minio:9000', S3_ACCESS_KEY_ID: 'x', S3_PREFIX: 'a/../b' });
    expect(s3Problems).toContain('S3_BUCKET is required with MEDIA_STORAGE=s3');
    expect(s3Problems).toContain('S3_ENDPOINT must be an http(s) URL');
    expect(s3Problems).toContain('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
    expect(s3Problems).toContain('S3_PREFIX must be a folder-like prefix');
    expect(problems({ MEDIA_STORAGE: 's3', S3_BUCKET: 'Not_A_Bucket' })).toContain('S3_BUCKET must be a bucket name');
    expect(problems({ S3_BUCKET: 'media' })).toContain('S3_BUCKET: set, but MEDIA_STORAGE is not s3');
    expect(loadConfig({ NODE_ENV: 'test', ...env }).mediaStorage).toEqual({
      kind: 's3',
      bucket: BUCKET,
      prefix: PREFIX,
      region: 'us-east-1',
      endpoint,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    });
    expect(loadConfig({ NODE_ENV: 'test' }).mediaStorage).toEqual({ kind: 'local' });
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
