// Sample data and a signed-in provider on a fake API, for the stories of the connected ticket components.
import type { ReactNode } from 'react';
import type { Schema } from '../../client';
import type { Locale } from '../../i18n';
import { AtendeProvider } from '../../atende-provider';
import { createMemoryStorage } from '../../provider/storage';
import type { Theme } from '../../theme/AtendeRoot';

// Stand-alone builders (the library build leaves src/test out, so stories do not import it).
const AT = '2026-01-01T00:00:00.000Z';
type Ticket = Schema<'TicketDto'>;

const contactDto = (o: Partial<Schema<'ContactDto'>>): Schema<'ContactDto'> => ({
  id: 1,
  companyId: 3,
  name: 'Maria',
  number: '5511999990001',
  email: '',
  isGroup: false,
  extraInfo: [],
  createdAt: AT,
  updatedAt: AT,
  ...o,
});

const ticketDto = (o: Partial<Ticket>): Ticket => ({
  id: 100,
  uuid: '00000000-0000-4000-8000-000000000100',
  companyId: 3,
  status: 'pending',
  contactId: 1,
  contact: contactDto({}),
  isGroup: false,
  unreadMessages: 0,
  chatbot: false,
  useIntegration: false,
  tags: [],
  createdAt: AT,
  updatedAt: AT,
  ...o,
});

const queueDto = (q: { id: number; name: string; color: string }): Schema<'QueueDto'> => ({
  ...q,
  orderQueue: null,
  promptId: null,
  integrationId: null,
  optionHolidays: 'disabled',
  greetingMessage: null,
  outOfHoursMessage: null,
  schedules: [],
  createdAt: AT,
  updatedAt: AT,
});

const whatsappDto = (o: Partial<Schema<'WhatsappDto'>>): Schema<'WhatsappDto'> => ({
  id: 1,
  name: 'Comercial',
  status: 'CONNECTED',
  provider: 'sandbox',
  isDefault: true,
  queues: [],
  retries: 0,
  expiresTicket: 0,
  maxUseBotQueues: 3,
  timeSendQueue: 0,
  timeUseBotQueues: 0,
  updatedAt: AT,
  type: 'qrcode',
  hasCloudAccessToken: false,
  hasCloudAppSecret: false,
  ...o,
});

const sessionUser = (o: Partial<Schema<'SessionUserDto'>>): Schema<'SessionUserDto'> => ({
  id: 7,
  name: 'Ana Atendente',
  email: 'ana@demo.atende.local',
  profile: 'admin',
  super: false,
  companyId: 3,
  createTicket: 'habilitado',
  viewAllMessageTicket: 'desabilitado',
  automaticDistribution: 'desabilitado',
  allTicket: 'disabled',
  online: true,
  queues: [],
  externalId: null,
  createdAt: AT,
  updatedAt: AT,
  permissions: ['session:self'],
  features: {
    useCampaigns: false,
    useSchedules: false,
    useInternalChat: false,
    useExternalApi: false,
    useKanban: false,
    useOpenAi: false,
    useIntegrations: false,
    whiteLabel: false,
  },
  company: { id: 3, name: 'Empresa Demo', settings: [] } as unknown as Schema<'SessionUserDto'>['company'],
  ...o,
});

const NAMES = ['Maria Souza', 'João Pereira', 'Ana Lima', 'Carlos Alberto de Oliveira Nogueira', 'Beatriz Costa', 'Pedro Henrique', 'Luiza Martins'];
const MESSAGES = ['Oi, tudo bem?', 'Preciso de ajuda com meu pedido', 'Qual o horário de atendimento?', 'Obrigado!', 'Pode me enviar o boleto?'];
export const sampleQueues = [
  { id: 1, name: 'Suporte', color: '#7C4DFF' },
  { id: 2, name: 'Vendas', color: '#FF9800' },
];

/** `count` tickets of a status, updated a few minutes apart from now. */
export function sampleTickets(count: number, status: Schema<'TicketStatus'> = 'open', now = Date.now()): Ticket[] {
  return Array.from({ length: count }, (_, i) => {
    const queue = i % 3 === 2 ? null : sampleQueues[i % 2];
    return ticketDto({
      id: i + 1,
      uuid: `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
      status,
      contact: contactDto({
        id: i + 1,
        name: `${NAMES[i % NAMES.length]}${i >= NAMES.length ? ` ${i + 1}` : ''}`,
        number: `55119999${String(i).padStart(5, '0')}`,
      }),
      contactId: i + 1,
      lastMessage: MESSAGES[i % MESSAGES.length],
      unreadMessages: i % 4 === 0 ? (i % 7) + 1 : 0,
      queueId: queue?.id ?? null,
      queue,
      whatsappId: 1,
      whatsapp: { id: 1, name: 'Comercial', type: 'qrcode' },
      userId: status === 'pending' ? null : 7,
      user: status === 'pending' ? null : { id: 7, name: 'Ana Atendente' },
      tags: i % 5 === 0 ? [{ id: 1, name: 'VIP', color: '#E91E63' }] : [],
      updatedAt: new Date(now - i * 37 * 60_000).toISOString(),
    });
  });
}

type Handler = (request: Request) => unknown;

/** The real provider, signed in as an admin (user 7) unless `user` says otherwise, on a fake API answering `routes`. */
export function StoryProvider({
  children,
  locale,
  theme,
  routes,
  user = {},
}: {
  children: ReactNode;
  locale?: Locale;
  theme?: Theme;
  routes: Record<string, Handler>;
  user?: Partial<Schema<'SessionUserDto'>>;
}) {
  const storage = createMemoryStorage({
    token: JSON.stringify('story-token'),
    user: JSON.stringify(sessionUser({ permissions: ['session:self', 'tickets-manager:showall'], queues: sampleQueues, ...user })),
  });
  const fetch = async (request: Request) => {
    const url = new URL(request.url);
    const handler = routes[`${request.method} ${url.pathname}`];
    if (!handler)
      return new Response(JSON.stringify({ error: 'ERR_NOT_FOUND', message: 'not found' }), { status: 404, headers: { 'Content-Type': 'application/json' } });
    return new Response(JSON.stringify(handler(request)), { status: 200, headers: { 'Content-Type': 'application/json' } });
  };
  return (
    <AtendeProvider apiUrl="http://api.story" storage={storage} fetch={fetch} realtime={false} whiteLabel={false} locale={locale} theme={theme}>
      {children}
    </AtendeProvider>
  );
}

/** The lookups of the modals and the manager. */
export const lookupRoutes: Record<string, Handler> = {
  'GET /queue': () => sampleQueues.map((q) => queueDto(q)),
  'GET /whatsapp': () => [whatsappDto({ id: 1, name: 'Comercial' }), whatsappDto({ id: 2, name: 'Suporte 2', isDefault: false })],
  'GET /tags/list': () => [{ id: 1, name: 'VIP', color: '#E91E63', kanban: 0, ticketsCount: 3, createdAt: '', updatedAt: '' }],
  'GET /users/list': () => [{ id: 8, name: 'Bruno', email: 'bruno@demo.atende.local', profile: 'user', queues: [] }],
  'GET /users': () => ({ users: [], count: 0, hasMore: false }),
  'GET /contacts': () => ({ contacts: [], count: 0, hasMore: false }),
};
