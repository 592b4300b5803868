import type { Schema } from '../../../client';
import type { User } from './user-rules';

// Stand-alone builders (the library build leaves src/test out, so stories do not import it).
const AT = '2026-03-14T13:05:00.000Z';

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

const summary = (id: number) => {
  const { name, color } = sampleQueues.find((q) => q.id === id) ?? sampleQueues[0];
  return { id, name, color };
};

/** A connection, as the default connection select reads it from GET /whatsapp. */
export function connectionDto(overrides: Partial<Schema<'WhatsappDto'>> = {}): Schema<'WhatsappDto'> {
  return {
    id: 1,
    name: 'Atendimento',
    status: 'CONNECTED',
    provider: 'baileys',
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
    ...overrides,
  };
}

export const sampleConnections: Schema<'WhatsappDto'>[] = [
  connectionDto({ id: 1, name: 'Atendimento', isDefault: true }),
  connectionDto({ id: 2, name: 'Comercial', isDefault: false }),
];

/** A user as GET /users answers it (for the stories and tests of this folder). */
export function userDto(overrides: Partial<User> = {}): User {
  return {
    id: 1,
    name: 'Maria Souza',
    email: 'maria@empresa.com.br',
    profile: 'user',
    super: false,
    companyId: 3,
    whatsappId: null,
    createTicket: 'habilitado',
    viewAllMessageTicket: 'desabilitado',
    automaticDistribution: 'desabilitado',
    allTicket: 'disabled',
    online: false,
    queues: [],
    externalId: null,
    createdAt: AT,
    updatedAt: AT,
    ...overrides,
  };
}

/** The company's users by name, as the API orders them: an admin (the signed-in one, id 7), attendants, a supervisor. */
export const sampleUsers: User[] = [
  userDto({
    id: 7,
    name: 'Ana Administradora',
    email: 'ana@empresa.com.br',
    profile: 'admin',
    whatsappId: 1,
    viewAllMessageTicket: 'habilitado',
    queues: [summary(1), summary(2)],
    online: true,
  }),
  userDto({ id: 2, name: 'Bruno Lima', email: 'bruno@empresa.com.br', queues: [summary(2)], automaticDistribution: 'habilitado' }),
  userDto({ id: 3, name: 'Carla Dias', email: 'carla@empresa.com.br', queues: [summary(1), summary(2), summary(3)], whatsappId: 2 }),
  userDto({ id: 4, name: 'Diego Martins', email: 'diego@empresa.com.br', createTicket: 'desabilitado' }),
  userDto({ id: 5, name: 'Elisa Rocha', email: 'elisa@empresa.com.br', profile: 'supervisor', queues: [summary(3)] }),
];

/** A page of GET /users. */
export const userPage = (users: User[], hasMore = false, count = users.length): Schema<'UserPageDto'> => ({ users, count, hasMore });
