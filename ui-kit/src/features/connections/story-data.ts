import type { Schema } from '../../client';
import type { Connection, ConnectionStatus } from './connection-rules';
import type { MessageTemplate } from './official-rules';

// Stand-alone builders (the library build leaves src/test out, so stories do not import it).
const AT = '2026-03-14T13:05:00.000Z';

/** A connection as GET /whatsapp answers it to an admin (for the stories and tests of this folder). */
export function connectionDto(overrides: Partial<Connection> = {}): Connection {
  return {
    id: 1,
    name: 'Comercial',
    status: 'CONNECTED',
    provider: 'baileys',
    isDefault: false,
    number: '5511988887777',
    qrcode: null,
    pairingCode: null,
    retries: 0,
    tokenHint: 'atd_5Yk…F2gE',
    queues: [],
    greetingMessage: null,
    complationMessage: null,
    outOfHoursMessage: null,
    ratingMessage: null,
    transferMessage: null,
    expiresInactiveMessage: null,
    promptId: null,
    sendIdQueue: null,
    timeSendQueue: 0,
    expiresTicket: 0,
    timeUseBotQueues: 0,
    maxUseBotQueues: 3,
    updatedAt: AT,
    type: overrides.provider === 'cloud' || overrides.provider === 'sandbox_cloud' ? 'official' : 'qrcode',
    hasCloudAccessToken: false,
    hasCloudAppSecret: false,
    ...overrides,
  };
}

/** A queue as GET /queue answers it. */
export function queueDto(overrides: Partial<Schema<'QueueDto'>> = {}): Schema<'QueueDto'> {
  return {
    id: 1,
    name: 'Suporte',
    color: '#7C4DFF',
    orderQueue: 1,
    greetingMessage: null,
    outOfHoursMessage: null,
    promptId: null,
    integrationId: null,
    optionHolidays: 'disabled',
    schedules: [],
    createdAt: AT,
    updatedAt: AT,
    ...overrides,
  };
}

export const sampleQueues: Schema<'QueueDto'>[] = [
  queueDto({ id: 1, name: 'Suporte', color: '#7C4DFF', orderQueue: 1 }),
  queueDto({ id: 2, name: 'Vendas', color: '#FF9800', orderQueue: 2 }),
  queueDto({ id: 3, name: 'Financeiro', color: '#009688', orderQueue: 3 }),
];

/** A QR code's text as the sandbox network makes it (any text draws a QR code). */
export const SAMPLE_QR = '2@y8v0ReDQpXJ3kGm7tLqNcW1sZ9oH4uB6fE2aK5rT,Zx0Pq3Lm8Vt2Nc7Rb4Yw1Hs6Jk9Df5Ga,Qe2Wr4Ty6Ui8Op0As,1';

/** One connection in each status (the table's every session column), the default first. */
export const sampleConnections: Connection[] = [
  connectionDto({
    id: 1,
    name: 'Atendimento',
    isDefault: true,
    status: 'CONNECTED',
    queues: [
      { id: 1, name: 'Suporte', color: '#7C4DFF' },
      { id: 2, name: 'Vendas', color: '#FF9800' },
    ],
    greetingMessage: 'Olá! Escolha uma opção:',
    updatedAt: '2026-03-14T13:05:00.000Z',
  }),
  connectionDto({ id: 2, name: 'Comercial', status: 'qrcode', qrcode: SAMPLE_QR, retries: 2, number: null, updatedAt: '2026-03-14T12:41:00.000Z' }),
  connectionDto({ id: 3, name: 'Financeiro', status: 'DISCONNECTED', tokenHint: null, updatedAt: '2026-03-13T18:20:00.000Z' }),
  connectionDto({ id: 4, name: 'Loja Centro', status: 'OPENING', number: null, updatedAt: '2026-03-14T13:06:00.000Z' }),
  connectionDto({ id: 5, name: 'Pós-venda', status: 'PAIRING', pairingCode: 'K7QP2M9X', number: null, updatedAt: '2026-03-14T13:02:00.000Z' }),
  connectionDto({ id: 6, name: 'Sandbox de testes', status: 'TIMEOUT', provider: 'sandbox', updatedAt: '2026-03-12T09:15:00.000Z' }),
];

/** The sample connection of a status. */
export const connectionIn = (status: ConnectionStatus): Connection => sampleConnections.find((c) => c.status === status) ?? connectionDto({ status });

/** An official API connection (Meta's Cloud API) as GET /whatsapp answers it to an admin. */
export function officialConnectionDto(overrides: Partial<Connection> = {}): Connection {
  return connectionDto({
    id: 7,
    name: 'Oficial Meta',
    provider: 'cloud',
    type: 'official',
    number: '5511955554444',
    qualityRating: 'GREEN',
    messagingLimit: 'TIER_1K',
    cloudPhoneNumberId: '106540352242922',
    cloudBusinessAccountId: '102290129340398',
    hasCloudAccessToken: true,
    hasCloudAppSecret: true,
    webhookUrl: 'https://atende.example.com/whatsapp-cloud/7/webhook',
    verifyToken: 'k3Jx9QvT1mZp7Lr2Wn8Bc5Yd0Hs4Ga6Ef_Ui-Oq3Xa',
    templatePurposes: { greeting: { name: 'boas_vindas', language: 'pt_BR', params: ['{{firstName}}'] } },
    tokenHint: 'atd_9Qw…7Lm2',
    updatedAt: '2026-03-14T13:04:00.000Z',
    ...overrides,
  });
}

/** Official connections in two states: Meta's, connected; the sandbox's official mode, disconnected. */
export const officialConnections: Connection[] = [
  officialConnectionDto(),
  officialConnectionDto({
    id: 8,
    name: 'Sandbox oficial',
    provider: 'sandbox_cloud',
    status: 'DISCONNECTED',
    qualityRating: 'YELLOW',
    messagingLimit: 'TIER_250',
    cloudPhoneNumberId: null,
    cloudBusinessAccountId: null,
    hasCloudAccessToken: false,
    hasCloudAppSecret: false,
    webhookUrl: 'https://atende.example.com/whatsapp-cloud/8/webhook',
    templatePurposes: {},
    updatedAt: '2026-03-14T11:30:00.000Z',
  }),
];

/** Synced templates of an official connection: approved ones (one or two variables), one in review. */
export const sampleTemplates: MessageTemplate[] = [
  { name: 'boas_vindas', language: 'pt_BR', status: 'APPROVED', category: 'UTILITY', body: 'Olá {{1}}, obrigado por falar com a gente!', params: 1 },
  {
    name: 'atendimento_encerrado',
    language: 'pt_BR',
    status: 'APPROVED',
    category: 'UTILITY',
    body: 'Olá {{1}}, seu atendimento {{2}} foi encerrado. Obrigado pelo contato!',
    params: 2,
  },
  { name: 'boas_vindas', language: 'en_US', status: 'APPROVED', category: 'UTILITY', body: 'Hi {{1}}, thank you for getting in touch!', params: 1 },
  { name: 'novidades_outono', language: 'pt_BR', status: 'PENDING', category: 'MARKETING', body: 'Chegou a coleção de outono, {{1}}!', params: 1 },
].map((t, i) => ({ id: i + 1, whatsappId: 7, header: null, footer: null, syncedAt: AT, ...t }));
