import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { IngestService } from '../src/ticket/ingest/ingest.service';
import { Message } from '../src/ticket/messages/message.entity';
import { Ticket } from '../src/ticket/tickets/ticket.entity';
import { createTestApp, TestApp, until } from './harness';
import { createQueue, createSandboxConnection, createSuperUser, createTenant } from './factories';

/** 1.5 s recorded by Chromium's MediaRecorder: audio/webm;codecs=opus, what the composer sends from Chromium. */
const WEBM = readFileSync(join(__dirname, 'fixtures', 'voice-chromium.webm'));

/** One second of a 440 Hz tone, 16 kHz mono 16-bit WAV (what the composer sends from a browser that records neither). */
function wav(): Buffer {
  const rate = 16000;
  const samples = Buffer.alloc(rate * 2);
  for (let i = 0; i < rate; i++) samples.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * i) / rate) * 8000), i * 2);
  const head = Buffer.alloc(44);
  head.write('RIFF', 0, 'latin1');
  head.writeUInt32LE(36 + samples.length, 4);
  head.write('WAVEfmt ', 8, 'latin1');
  head.writeUInt32LE(16, 16);
  head.writeUInt16LE(1, 20);
  head.writeUInt16LE(1, 22);
  head.writeUInt32LE(rate, 24);
  head.writeUInt32LE(rate * 2, 28);
  head.writeUInt16LE(2, 32);
  head.writeUInt16LE(16, 34);
  head.write('data', 36, 'latin1');
  head.writeUInt32LE(samples.length, 40);
  return Buffer.concat([head, samples]);
}

describe('voice notes: a recording is stored as Ogg Opus and sent as push-to-talk', () => {
  let t: TestApp;
  let superToken: string;
  beforeAll(async () => {
    t = await createTestApp();
    superToken = (await createSuperUser(t)).token;
  });
  afterAll(() => t.close());

  async function openTicket() {
    const s = await createTenant(t);
    const queue = await createQueue(t.orm, s.company.id, { greetingMessage: null });
    const whatsapp = await createSandboxConnection(t, s.company.id, [queue.id]);
    const phone = `55119${Math.floor(10000000 + Math.random() * 89999999)}`;
    await t
      .http()
      .post(`/sandbox/phones/${phone}/messages`)
      .set('Authorization', `Bearer ${superToken}`)
      .send({ whatsappId: whatsapp.id, body: 'oi' })
      .expect(201);
    await t.app.get(IngestService).drain();
    const ticket = await t.orm.em.fork().findOneOrFail(Ticket, { companyId: s.company.id }, { filters: false });
    const auth = { Authorization: `Bearer ${s.adminToken}`, Accept: '*/*' };
    await t.http().put(`/tickets/${ticket.id}`).set(auth).send({ status: 'open', userId: s.admin.id }).expect(200);
    const inbox = async () => (await t.http().get(`/sandbox/phones/${phone}/inbox`).set('Authorization', `Bearer ${superToken}`).expect(200)).body as any[];
    const stored = async (id: string) => {
      const row = await t.orm.em.fork().findOneOrFail(Message, { id }, { filters: false });
      return { row, bytes: readFileSync(join(t.config.mediaDir, `company${s.company.id}`, row.media.path!)) };
    };
    return { s, ticket, auth, inbox, stored };
  }

  it('rewrites a WebM Opus recording as Ogg Opus, stores it as audio and delivers it as a voice note', async () => {
    const { ticket, auth, inbox, stored } = await openTicket();
    const sent = await t
      .http()
      .post(`/messages/${ticket.id}`)
      .set(auth)
      .field('voiceNote', 'true')
      .attach('medias', WEBM, 'audio-1700000000000.webm')
      .expect(201);
    const [message] = sent.body.messages;
    expect(message).toMatchObject({ mediaType: 'audio', mediaName: 'audio-1700000000000.ogg', dataJson: { ptt: true } });
    const { row, bytes } = await stored(message.id);
    expect(row.media.path).toMatch(/\.ogg$/);
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('OggS');
    expect(bytes.subarray(28, 36).toString('latin1')).toBe('OpusHead');
    const delivered = await until(async () => (await inbox()).find((m) => m.type === 'audio'));
    expect(delivered).toMatchObject({ type: 'audio', ptt: true, media: { mimetype: 'audio/ogg', filename: 'audio-1700000000000.ogg' } });
    // The chat's player gets it as Ogg audio.
    const file = await t.http().get(`/messages/media/${message.id}`).set(auth).buffer(true).expect(200);
    expect(file.headers['content-type']).toBe('audio/ogg');
  });

  it('converts another recording (WAV) with the packaged ffmpeg; without the flag a file goes as the file it is', async () => {
    const { ticket, auth, inbox, stored } = await openTicket();
    const voice = await t.http().post(`/messages/${ticket.id}`).set(auth).field('voiceNote', 'true').attach('medias', wav(), 'audio-1.wav').expect(201);
    expect(voice.body.messages[0]).toMatchObject({ mediaType: 'audio', dataJson: { ptt: true } });
    expect((await stored(voice.body.messages[0].id)).bytes.subarray(0, 4).toString('latin1')).toBe('OggS');
    const plain = await t.http().post(`/messages/${ticket.id}`).set(auth).attach('medias', WEBM, 'gravacao.webm').expect(201);
    expect(plain.body.messages[0]).toMatchObject({ mediaType: 'video', dataJson: null });
    expect((await stored(plain.body.messages[0].id)).bytes.equals(WEBM)).toBe(true);
    const delivered = await until(async () => {
      const all = await inbox();
      return all.length === 2 ? all : null;
    });
    expect(delivered.map((m: any) => [m.type, m.ptt ?? false])).toEqual([
      ['audio', true],
      ['video', false],
    ]);
  });

  it('refuses a voice note that is not one file', async () => {
    const { ticket, auth } = await openTicket();
    const none = await t.http().post(`/messages/${ticket.id}`).set(auth).send({ body: 'oi', voiceNote: true }).expect(400);
    expect(none.body).toMatchObject({ error: 'ERR_VALIDATION', fields: [{ field: 'voiceNote' }] });
    await t
      .http()
      .post(`/messages/${ticket.id}`)
      .set(auth)
      .field('voiceNote', 'true')
      .attach('medias', WEBM, 'a.webm')
      .attach('medias', WEBM, 'b.webm')
      .expect(400);
  });
});
