import type { InfiniteData } from '@tanstack/react-query';
import type { Schema } from '../client';

// Entities as the API answers them (the OpenAPI response schemas), for data-layer tests.

const AT = '2026-01-01T00:00:00.000Z';

export function contactDto(overrides: Partial<Schema<'ContactDto'>> = {}): Schema<'ContactDto'> {
  return { id: 1, companyId: 3, name: 'Maria', number: '5511999990001', email: '', isGroup: false, extraInfo: [], createdAt: AT, updatedAt: AT, ...overrides };
}

export function ticketDto(overrides: Partial<Schema<'TicketDto'>> = {}): Schema<'TicketDto'> {
  const contact = overrides.contact ?? contactDto({ id: overrides.contactId ?? 1 });
  return {
    id: 100,
    uuid: '00000000-0000-4000-8000-000000000100',
    companyId: 3,
    status: 'pending',
    contactId: contact.id,
    contact,
    queueId: null,
    userId: null,
    isGroup: false,
    unreadMessages: 0,
    lastMessage: 'Oi',
    chatbot: false,
    useIntegration: false,
    tags: [],
    createdAt: AT,
    updatedAt: AT,
    ...overrides,
  };
}

export function messageDto(overrides: Partial<Schema<'MessageDto'>> = {}): Schema<'MessageDto'> {
  return {
    id: '1',
    ticketId: 100,
    body: 'Oi',
    ack: 0,
    fromMe: false,
    read: false,
    isDeleted: false,
    isEdited: false,
    mediaType: 'chat',
    oldMessages: [],
    source: 'contact',
    createdAt: AT,
    updatedAt: AT,
    ...overrides,
  };
}

export function userDto(overrides: Partial<Schema<'UserDto'>> = {}): Schema<'UserDto'> {
  return {
    id: 7,
    companyId: 3,
    name: 'Ana',
    email: 'ana@example.com',
    profile: 'user',
    super: false,
    online: true,
    queues: [],
    allTicket: 'disabled',
    automaticDistribution: 'desabilitado',
    createTicket: 'habilitado',
    viewAllMessageTicket: 'desabilitado',
    externalId: null,
    createdAt: AT,
    updatedAt: AT,
    ...overrides,
  };
}

export function queueDto(overrides: Partial<Schema<'QueueDto'>> = {}): Schema<'QueueDto'> {
  return {
    id: 1,
    name: 'Suporte',
    color: '#7C4DFF',
    orderQueue: null,
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

export function whatsappDto(overrides: Partial<Schema<'WhatsappDto'>> = {}): Schema<'WhatsappDto'> {
  return {
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
    ...overrides,
  };
}

export function companyDto(overrides: Partial<Schema<'CompanyDto'>> = {}): Schema<'CompanyDto'> {
  return {
    id: 3,
    name: 'Empresa 3',
    status: true,
    campaignsEnabled: false,
    planId: 1,
    plan: { id: 1, name: 'Básico' },
    recurrence: 'MENSAL',
    schedules: [],
    timezone: 'America/Sao_Paulo',
    createdAt: AT,
    updatedAt: AT,
    ...overrides,
  };
}

/** An infinite query's data: one page per item array, `count` the total, more pages after the last one or not. */
export function pagesOf<K extends string, T>(key: K, pages: T[][], { count, hasMore = false }: { count?: number; hasMore?: boolean } = {}) {
  const total = count ?? pages.flat().length;
  const data: InfiniteData<{ count: number; hasMore: boolean } & Record<K, T[]>, number> = {
    pages: pages.map(
      (items, i) => ({ [key]: items, count: total, hasMore: i < pages.length - 1 || hasMore }) as { count: number; hasMore: boolean } & Record<K, T[]>,
    ),
    pageParams: pages.map((_, i) => i + 1),
  };
  return data;
}

export function ticketPages(
  pages: Schema<'TicketDto'>[][],
  options: { count?: number; hasMore?: boolean } = {},
): InfiniteData<Schema<'TicketPageDto'>, number> {
  const data = pagesOf('tickets', pages, options);
  return { ...data, pages: data.pages.map((page) => ({ ...page, counts: { open: 0, pending: 0 } })) };
}

export function messagePages(
  pages: Schema<'MessageDto'>[][],
  ticket = ticketDto(),
  options: { hasMore?: boolean } = {},
): InfiniteData<Schema<'MessagePageDto'>, number> {
  const data = pagesOf('messages', pages, options);
  return { ...data, pages: data.pages.map((page) => ({ ...page, ticket })) };
}

/** The ids a paged cache holds, page by page. */
export function idsOf<K extends string>(data: InfiniteData<Record<K, { id: number | string }[]>> | undefined, key: K): (number | string)[][] {
  return data?.pages.map((page) => page[key].map((item) => item.id)) ?? [];
}
