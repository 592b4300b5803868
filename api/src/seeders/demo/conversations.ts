import type { CompanyId } from '../../common/tenancy/company-id';
import { randomBytes, randomUUID } from 'node:crypto';
import { companyFolder } from '../../common/infra/media-store/media-store';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { User } from '../../auth/users/user.entity';
import type { Queue } from '../../tenant/queues/queue.entity';
import type { Whatsapp } from '../../connection/whatsapps/whatsapp.entity';
import { Contact } from '../../ticket/contacts/contact.entity';
import { Ticket, type TicketStatus } from '../../ticket/tickets/ticket.entity';
import { TicketTracking } from '../../ticket/tickets/ticket-tracking.entity';
import { Message, type MediaType, type MessageSource } from '../../ticket/messages/message.entity';
import { Tag } from '../../ticket/tags/tag.entity';
import { QuickMessage } from '../../ticket/quick-messages/quick-message.entity';
import { Schedule } from '../../campaign/schedules/schedule.entity';
import { Setting } from '../../tenant/settings/setting.entity';
import { renderMenu } from '../../automation/chatbot/chatbot.rules';
import { DEFAULT_RATING_MESSAGE, DEFAULT_RATING_THANKS, RATING_OPTIONS } from '../../automation/rating/rating.rules';
import { catalogueCover, parcelPhoto, pdf } from './files';

/** A file the demo's rows point at, written to the media store once the rows are committed. */
export interface DemoFile {
  /** Its key in the media store (company{id}/messages/…). */
  key: string;
  data: Buffer;
}

export interface DemoPeople {
  companyId: CompanyId;
  sandbox: Whatsapp;
  suporte: Queue;
  vendas: Queue;
  admin: User;
  ana: User;
  bruno: User;
}

/** The demo customers' numbers and names (a browser journey and the README's examples use them). */
export const DEMO_CUSTOMERS = {
  pending: { number: '5511933330001', name: 'Mariana Costa' },
  media: { number: '5511933330002', name: 'Rafael Lima' },
  returning: { number: '5511933330003', name: 'Beatriz Souza' },
  rated: { number: '5511933330004', name: 'Carlos Pereira' },
  sales: { number: '5511933330005', name: 'Fernanda Alves' },
  group: { number: '120363000000001', name: 'Parceiros Atende' },
} as const;

const MINUTE = 60_000;
const ago = (minutes: number) => new Date(Date.now() - minutes * MINUTE);
const providerId = () => `SB${randomBytes(10).toString('hex').toUpperCase()}`;

interface Line {
  at: Date;
  /** Who wrote it: the contact (or a group participant), an attendant, or the connection's bot. */
  from: 'contact' | User | 'bot';
  body?: string;
  /** Outbound: 3 delivered, 4 read. Inbound messages are 0. */
  ack?: 3 | 4;
  /** Inbound: read by an attendant (false counts in the ticket's unread). */
  read?: boolean;
  media?: { type: MediaType; path: string; name: string };
  participant?: string;
}

/**
 * The demo company's day: conversations in every state on the sandbox connection (a customer's question waiting in
 * the queue, an open one with a photo and a PDF received, a closed and rated one, a group, a returning customer with
 * an earlier closed ticket), tags on some tickets, quick replies (one with `{{name}}`, one with an image), and a
 * schedule. Rows are what ingest, sends and closing write (acks, unread counts, attendance cycles with their rating);
 * answers the files the rows point at.
 */
export async function seedDemoDay(tx: EntityManager, p: DemoPeople): Promise<DemoFile[]> {
  const { companyId, sandbox } = p;
  const files: DemoFile[] = [];
  const companyDir = companyFolder(companyId);
  const month = new Date().toISOString().slice(0, 7);
  /** A message file, named as MediaStorageService names them: messages/YYYY-MM/<random>.<ext>. */
  const stored = (data: Buffer, ext: string): string => {
    const rel = `messages/${month}/${randomBytes(12).toString('hex')}.${ext}`;
    files.push({ key: `${companyDir}/${rel}`, data });
    return rel;
  };

  const vip = tx.create(Tag, { companyId, name: 'VIP', color: '#F9A825' });
  const urgent = tx.create(Tag, { companyId, name: 'Urgente', color: '#E53935' });
  const negotiating = tx.create(Tag, { companyId, name: 'Em negociação', color: '#1E88E5', kanban: 1 });

  const contact = (who: { number: string; name: string }, createdAt: Date, extra: Partial<Contact> = {}) =>
    tx.create(Contact, { companyId, name: who.name, number: who.number, whatsappId: sandbox.id, createdAt, updatedAt: createdAt, ...extra });

  interface Conversation {
    contact: Contact;
    status: TicketStatus;
    queue: Queue | null;
    user: User | null;
    lines: Line[];
    tags?: Tag[];
    /** The attendance cycle: when it entered the queue, was accepted, was closed; the rating given. */
    cycle: { queuedAt: Date; startedAt?: Date; finishedAt?: Date; rating?: 1 | 2 | 3 };
    isGroup?: boolean;
  }
  const conversations: Conversation[] = [];
  const converse = (c: Conversation) => conversations.push(c);
  const menu = renderMenu(
    [
      { number: 1, title: p.suporte.name },
      { number: 2, title: p.vendas.name },
    ],
    sandbox.greetingMessage,
  );

  // 1. Pending in Suporte: the customer chose the queue and asked; nobody has accepted yet.
  const mariana = contact(DEMO_CUSTOMERS.pending, ago(25));
  converse({
    contact: mariana,
    status: 'pending',
    queue: p.suporte,
    user: null,
    tags: [urgent],
    cycle: { queuedAt: ago(23) },
    lines: [
      { at: ago(25), from: 'contact', body: 'Oi, boa tarde' },
      { at: ago(25), from: 'bot', body: menu },
      { at: ago(24), from: 'contact', body: '1' },
      { at: ago(24), from: 'bot', body: p.suporte.greetingMessage ?? '' },
      { at: ago(23), from: 'contact', body: 'Meu pedido #4821 ainda não chegou e o rastreio não atualiza desde segunda. Podem verificar?' },
    ],
  });

  // 2. Open with Ana: the customer sent a photo of the damaged parcel and the invoice as a PDF.
  const rafael = contact(DEMO_CUSTOMERS.media, ago(180));
  converse({
    contact: rafael,
    status: 'open',
    queue: p.suporte,
    user: p.ana,
    tags: [urgent],
    cycle: { queuedAt: ago(95), startedAt: ago(90) },
    lines: [
      { at: ago(96), from: 'contact', read: true, body: 'Olá! A entrega chegou hoje, mas a caixa veio amassada.' },
      { at: ago(96), from: 'bot', body: menu },
      { at: ago(95), from: 'contact', read: true, body: '1' },
      { at: ago(95), from: 'bot', body: p.suporte.greetingMessage ?? '' },
      { at: ago(90), from: p.ana, ack: 4, body: 'Olá, Rafael! Sou a Ana, do Suporte. Pode me mandar uma foto da caixa e a nota fiscal?' },
      {
        at: ago(86),
        from: 'contact',
        read: true,
        body: 'Foto da caixa',
        media: { type: 'image', path: stored(parcelPhoto(), 'png'), name: 'foto-caixa.png' },
      },
      {
        at: ago(85),
        from: 'contact',
        read: true,
        media: {
          type: 'application',
          path: stored(pdf(['Nota fiscal 000.482.117', 'Empresa Demo - pedido #4790', 'Fone de ouvido sem fio: R$ 249,90', 'Frete: R$ 19,90']), 'pdf'),
          name: 'nota-fiscal-4790.pdf',
        },
      },
      { at: ago(80), from: p.ana, ack: 4, body: 'Recebi, obrigada! Vou abrir a troca e te aviso por aqui.' },
      { at: ago(12), from: 'contact', read: false, body: 'Alguma novidade sobre a troca?' },
    ],
  });

  // 3. A returning customer: a ticket closed twelve days ago (rated 3), and a new one open with Ana today.
  const beatriz = contact(DEMO_CUSTOMERS.returning, ago(12 * 24 * 60 + 30), { email: 'beatriz@example.com' });
  const earlier = 12 * 24 * 60;
  converse({
    contact: beatriz,
    status: 'closed',
    queue: p.suporte,
    user: p.ana,
    cycle: { queuedAt: ago(earlier + 28), startedAt: ago(earlier + 25), finishedAt: ago(earlier + 5), rating: 3 },
    lines: [
      { at: ago(earlier + 30), from: 'contact', read: true, body: 'Boa noite! Como faço para trocar o tamanho de uma camiseta?' },
      { at: ago(earlier + 30), from: 'bot', body: menu },
      { at: ago(earlier + 28), from: 'contact', read: true, body: 'Suporte' },
      { at: ago(earlier + 25), from: p.ana, ack: 4, body: 'Oi, Beatriz! É só responder com o número do pedido que eu gero a etiqueta de troca.' },
      { at: ago(earlier + 20), from: 'contact', read: true, body: 'Pedido #4675' },
      { at: ago(earlier + 8), from: p.ana, ack: 4, body: 'Pronto! A etiqueta foi para o seu e-mail. Posso ajudar em algo mais?' },
      { at: ago(earlier + 6), from: 'contact', read: true, body: 'Era só isso, obrigada!' },
      { at: ago(earlier + 5), from: 'bot', body: `${DEFAULT_RATING_MESSAGE}\n\n${RATING_OPTIONS}`, ack: 4 },
      { at: ago(earlier + 4), from: 'contact', read: true, body: '3' },
      { at: ago(earlier + 4), from: 'bot', body: DEFAULT_RATING_THANKS, ack: 4 },
    ],
  });
  converse({
    contact: beatriz,
    status: 'open',
    queue: p.suporte,
    user: p.ana,
    tags: [vip],
    cycle: { queuedAt: ago(50), startedAt: ago(45) },
    lines: [
      { at: ago(52), from: 'contact', read: true, body: 'Oi! Sou eu de novo 😊 A camiseta nova chegou, mas agora quero trocar a cor.' },
      { at: ago(52), from: 'bot', body: menu },
      { at: ago(50), from: 'contact', read: true, body: '1' },
      { at: ago(45), from: p.ana, ack: 3, body: 'Oi, Beatriz! Claro, qual cor você prefere?' },
    ],
  });

  // 4. Closed and rated in Vendas (Bruno), yesterday; a schedule follows it up tomorrow.
  const carlos = contact(DEMO_CUSTOMERS.rated, ago(26 * 60));
  converse({
    contact: carlos,
    status: 'closed',
    queue: p.vendas,
    user: p.bruno,
    cycle: { queuedAt: ago(26 * 60 - 2), startedAt: ago(26 * 60 - 5), finishedAt: ago(25 * 60), rating: 2 },
    lines: [
      { at: ago(26 * 60), from: 'contact', read: true, body: 'Vocês têm o fone sem fio na cor preta?' },
      { at: ago(26 * 60), from: 'bot', body: menu, ack: 4 },
      { at: ago(26 * 60 - 2), from: 'contact', read: true, body: '2' },
      { at: ago(26 * 60 - 5), from: p.bruno, ack: 4, body: 'Temos sim, Carlos! R$ 249,90 com frete grátis para São Paulo.' },
      { at: ago(25 * 60 + 20), from: 'contact', read: true, body: 'Fechado, vou comprar pelo site.' },
      { at: ago(25 * 60 + 1), from: 'bot', body: `${DEFAULT_RATING_MESSAGE}\n\n${RATING_OPTIONS}`, ack: 4 },
      { at: ago(25 * 60), from: 'contact', read: true, body: '2' },
      { at: ago(25 * 60), from: 'bot', body: DEFAULT_RATING_THANKS, ack: 4 },
    ],
  });

  // 5. Pending in Vendas: Bruno's queue has a question waiting too.
  const fernanda = contact(DEMO_CUSTOMERS.sales, ago(6));
  converse({
    contact: fernanda,
    status: 'pending',
    queue: p.vendas,
    user: null,
    tags: [negotiating],
    cycle: { queuedAt: ago(5) },
    lines: [
      { at: ago(6), from: 'contact', body: 'Olá' },
      { at: ago(6), from: 'bot', body: menu, ack: 4 },
      { at: ago(5), from: 'contact', body: '2' },
      { at: ago(5), from: 'bot', body: p.vendas.greetingMessage ?? '', ack: 4 },
      { at: ago(5), from: 'contact', body: 'Vocês fazem desconto para compras acima de 10 unidades?' },
    ],
  });

  // 6. A group the company takes part in, open with Ana; the groups tab is on, so it shows (groups stay out of the
  // other lists: CheckMsgIsGroup).
  tx.create(Setting, { companyId, key: 'groupsTab', value: 'enabled' });
  const group = contact(DEMO_CUSTOMERS.group, ago(3 * 24 * 60), { isGroup: true });
  converse({
    contact: group,
    status: 'open',
    queue: p.suporte,
    user: p.ana,
    isGroup: true,
    cycle: { queuedAt: ago(40), startedAt: ago(38) },
    lines: [
      { at: ago(40), from: 'contact', participant: '5511944440101', read: true, body: 'Bom dia, pessoal! A nova tabela de preços já vale para esta semana?' },
      { at: ago(38), from: p.ana, ack: 4, body: 'Bom dia! Vale a partir de segunda; envio o PDF aqui até o fim do dia.' },
      { at: ago(20), from: 'contact', participant: '5511944440102', read: false, body: 'Perfeito, obrigado Ana!' },
    ],
  });

  // Tickets first (their ids go on the attendance cycles), each with its final counters.
  const tickets = conversations.map((c) => {
    const last = c.lines[c.lines.length - 1];
    const unread = c.lines.filter((l) => l.from === 'contact' && !l.read).length;
    const ticket = tx.create(Ticket, {
      uuid: randomUUID(),
      companyId,
      status: c.status,
      isGroup: Boolean(c.isGroup),
      contact: c.contact,
      user: c.user,
      queue: c.queue,
      whatsapp: sandbox,
      lastMessage: (last.body || (last.media ? `[${last.media.type}]` : '')).slice(0, 255),
      unreadMessages: c.status === 'closed' ? 0 : unread,
      createdAt: c.lines[0].at,
      updatedAt: c.cycle.finishedAt ?? last.at,
    });
    if (c.tags) ticket.tags.set(c.tags);
    return ticket;
  });
  await tx.flush();

  conversations.forEach((c, i) => {
    const ticket = tickets[i];
    tx.create(TicketTracking, {
      companyId,
      ticketId: ticket.id,
      whatsappId: sandbox.id,
      userId: c.user?.id ?? null,
      queueId: c.queue?.id ?? null,
      queuedAt: c.cycle.queuedAt,
      startedAt: c.cycle.startedAt ?? null,
      finishedAt: c.cycle.finishedAt ?? null,
      rating: c.cycle.rating ?? null,
      createdAt: c.lines[0].at,
    });
    for (const line of c.lines) {
      const inbound = line.from === 'contact';
      const source: MessageSource = inbound ? 'contact' : line.from === 'bot' ? 'bot' : 'attendant';
      const id = providerId();
      tx.create(Message, {
        companyId,
        ticket,
        contact: c.contact,
        whatsappId: sandbox.id,
        providerId: id,
        body: line.body ?? '',
        fromMe: !inbound,
        read: inbound ? (line.read ?? c.status === 'closed') : true,
        mediaType: line.media?.type ?? 'chat',
        media: { path: line.media?.path ?? null, name: line.media?.name ?? null },
        ack: inbound ? 0 : (line.ack ?? 3),
        source,
        userId: typeof line.from === 'object' ? line.from.id : null,
        participant: line.participant ?? null,
        sendId: inbound ? null : id,
        sendAttempts: inbound ? 0 : 1,
        createdAt: line.at,
        updatedAt: line.at,
      });
    }
  });

  // Quick replies: a greeting with the contact's name, and the catalogue with its cover image.
  tx.create(QuickMessage, {
    companyId,
    userId: p.admin.id,
    geral: true,
    shortcode: 'saudacao',
    message: 'Olá, {{name}}! Obrigado por falar com a Empresa Demo. Em que posso ajudar?',
  });
  const catalogue = tx.create(QuickMessage, {
    companyId,
    userId: p.admin.id,
    geral: true,
    shortcode: 'catalogo',
    message: '{{name}}, segue o nosso catálogo da semana. Qualquer dúvida, é só chamar!',
  });
  // Tomorrow at 10:00 in São Paulo (UTC−3): Bruno follows up on Carlos's purchase.
  const tomorrow = new Date(Date.now() + 24 * 60 * MINUTE);
  tomorrow.setUTCHours(13, 0, 0, 0);
  tx.create(Schedule, {
    companyId,
    contact: carlos,
    userId: p.bruno.id,
    body: 'Olá, Carlos! Seu fone já chegou? Conte para nós o que achou.',
    sendAt: tomorrow,
  });
  await tx.flush();
  // Named as the quick replies' attachment store names them: qm{id}-{16 hex}.{ext}, under quick-messages/.
  catalogue.media.path = `qm${catalogue.id}-${randomBytes(8).toString('hex')}.png`;
  catalogue.media.name = 'catalogo.png';
  files.push({ key: `${companyDir}/quick-messages/${catalogue.media.path}`, data: catalogueCover() });
  await tx.flush();
  return files;
}
