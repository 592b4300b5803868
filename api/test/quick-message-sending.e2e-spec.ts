import { createTestApp, TestApp, until } from './harness';
import { acceptedConversation, createSuperUser, createTenant, createUser, login } from './factories';

/** A real 1x1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/**
 * A quick reply as the composer sends it: its attachment loaded (GET /quick-messages/{id}/media) and sent with its
 * text, the variables filled; and what another client sends with the variables still in it is filled by the API.
 */
describe('sending quick replies', () => {
  let t: TestApp;
  let superToken: string;
  beforeAll(async () => {
    t = await createTestApp();
    superToken = (await createSuperUser(t)).token;
  });
  afterAll(() => t.close());

  it("serves a quick message's attachment to whoever sees the quick message", async () => {
    const a = await createTenant(t);
    const other = await createUser(t.orm, { companyId: a.company.id });
    const otherToken = (await login(t, other.email)).token;
    const auth = (token: string) => ({ Authorization: `Bearer ${token}`, Accept: '*/*' });
    const q = await t.http().post('/quick-messages').set(auth(a.userToken)).send({ shortcode: 'catalogo', message: 'Segue, {{name}}' }).expect(201);
    await t.http().get(`/quick-messages/${q.body.id}/media`).set(auth(a.userToken)).expect(404);
    await t.http().post(`/quick-messages/${q.body.id}/media-upload`).set(auth(a.userToken)).attach('file', PNG, 'Catálogo.png').expect(201);
    const file = await t.http().get(`/quick-messages/${q.body.id}/media`).set(auth(a.userToken)).buffer(true).expect(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['content-disposition']).toContain("filename*=UTF-8''Cat%C3%A1logo.png");
    expect(Buffer.from(file.body).equals(PNG)).toBe(true);
    // A private quick message of someone else does not exist for the caller; nor one of another company.
    const privateOne = await t.http().get(`/quick-messages/${q.body.id}/media`).set(auth(otherToken)).expect(404);
    expect(privateOne.body.error).toBe('ERR_QUICK_MESSAGE_NOT_FOUND');
    const b = await createTenant(t);
    await t.http().get(`/quick-messages/${q.body.id}/media`).set(auth(b.adminToken)).expect(404);
  });

  it("fills a sent message's variables from the ticket, the attendant and the company's clock", async () => {
    const { s, ticket, auth, phone } = await acceptedConversation(t, superToken);

    const sent = await t
      .http()
      .post(`/messages/${ticket.id}`)
      .set(auth)
      .send({ body: '{{greeting}}, {{firstName}}! Sou {{user}} ({{fila}}). Protocolo: {{protocol}}. {{outra}}' })
      .expect(201);
    const body = sent.body.messages[0].body as string;
    const opened = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit' })
      .format(ticket.createdAt)
      .replace(/-/g, '');
    expect(body).toMatch(
      new RegExp(`^(Bom dia|Boa tarde|Boa noite), Maria! Sou ${s.admin.name} \\(Suporte\\)\\. Protocolo: ${opened}-${ticket.id}\\. \\{\\{outra\\}\\}$`),
    );
    const delivered = await until(async () => {
      const inbox = (await t.http().get(`/sandbox/phones/${phone}/inbox`).set('Authorization', `Bearer ${superToken}`)).body as { body: string }[];
      return inbox.length ? inbox : null;
    });
    expect(delivered[0].body).toBe(body);

    // The caption of a file too; a text without variables goes as typed.
    const withFile = await t.http().post(`/messages/${ticket.id}`).set(auth).field('body', 'Segue, {{name}}').attach('medias', PNG, 'foto.png').expect(201);
    expect(withFile.body.messages[0]).toMatchObject({ body: 'Segue, Maria Souza', mediaType: 'image' });
    const plain = await t.http().post(`/messages/${ticket.id}`).set(auth).send({ body: 'Até {logo}' }).expect(201);
    expect(plain.body.messages[0].body).toBe('Até {logo}');
  });
});
