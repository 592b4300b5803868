import { getQueueToken } from '@nestjs/bull';
import type { Queue } from 'bull';
import { BotSenderService } from '../src/automation/chatbot/bot-sender.service';
import { asCompanyId } from '../src/common/tenancy/company-id';
import { QUEUES } from '../src/jobs/jobs';
import { createTestApp, TestApp, until } from './harness';
import { acceptedConversation, createSuperUser } from './factories';

/** A real 1x1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/**
 * A ticket's outbound messages reach the phone in the order they were stored, although send jobs run eight at a time:
 * an attendant's files and texts sent back to back, and a bot's text, file and text (a typebot's reply reached the
 * phone with its link before its text in CI). This process's send worker is paused while they are stored, so their
 * jobs start together, as they do on a busy machine: without the order wait, the texts overtake the files.
 */
describe('outbound order', () => {
  let t: TestApp;
  let superToken: string;
  beforeAll(async () => {
    t = await createTestApp();
    superToken = (await createSuperUser(t)).token;
  });
  afterAll(() => t.close());

  async function conversation() {
    const { s, ticket, auth, phone } = await acceptedConversation(t, superToken);
    const inbox = async (count: number) =>
      until(async () => {
        const got = (await t.http().get(`/sandbox/phones/${phone}/inbox`).set('Authorization', `Bearer ${superToken}`)).body as {
          body: string;
          media?: { filename: string };
        }[];
        return got.length >= count ? got.map((m) => m.media?.filename ?? m.body) : null;
      }, 20_000);
    return { s, ticket, auth, inbox };
  }

  /** Runs `store` with this process's send worker paused, then lets the jobs go all at once. */
  async function storedWhilePaused(store: () => Promise<void>) {
    const queue = t.app.get<Queue>(getQueueToken(QUEUES.messages));
    await queue.pause(true);
    try {
      await store();
    } finally {
      await queue.resume(true);
    }
  }

  it("an attendant's files and texts sent back to back arrive in the order sent", async () => {
    const { ticket, auth, inbox } = await conversation();
    const sent: string[] = [];
    await storedWhilePaused(async () => {
      for (let i = 1; i <= 3; i++) {
        await t.http().post(`/messages/${ticket.id}`).set(auth).attach('medias', PNG, `foto-${i}.png`).expect(201);
        sent.push(`foto-${i}.png`);
        await t
          .http()
          .post(`/messages/${ticket.id}`)
          .set(auth)
          .send({ body: `texto ${i}` })
          .expect(201);
        sent.push(`texto ${i}`);
      }
    });
    expect(await inbox(sent.length)).toEqual(sent);
  });

  it("a bot's text, file and text arrive in that order", async () => {
    const { s, ticket, inbox } = await conversation();
    const bot = t.app.get(BotSenderService);
    const company = asCompanyId(s.company.id);
    await storedWhilePaused(async () => {
      for (let i = 1; i <= 3; i++) {
        await bot.text(company, ticket.id, `Veja ${i}:`);
        await bot.file(company, ticket.id, PNG, `imagem-${i}.png`);
        await bot.text(company, ticket.id, `Fim ${i}`);
      }
    });
    const got = await inbox(9);
    expect(got.filter((m) => !m.startsWith('imagem'))).toEqual(['Veja 1:', 'Fim 1', 'Veja 2:', 'Fim 2', 'Veja 3:', 'Fim 3']);
    expect(got.map((m) => (m.startsWith('imagem') ? 'file' : m))).toEqual(['Veja 1:', 'file', 'Fim 1', 'Veja 2:', 'file', 'Fim 2', 'Veja 3:', 'file', 'Fim 3']);
  });
});
