import type { ScheduleDto } from './data/schedules';
import type { ScheduleContact } from './schedule-rules';

/** A fixed day for stories and tests: Tuesday 2026-12-08, the calendar opened on it. */
export const STORY_DAY = '2026-12-08';

export const storyContacts: ScheduleContact[] = [
  { id: 1, name: 'Maria Clara Souza', number: '5511987650001' },
  { id: 2, name: 'João Pedro Lima', number: '5511987650002' },
  { id: 3, name: 'Padaria Pão Quente', number: '5511987650003' },
  { id: 4, name: '5521999990004', number: '5521999990004' },
];

/** The story contacts a search finds (GET /contacts?searchParam=: the name, or the digits in the number). */
export function searchStoryContacts(query: string): ScheduleContact[] {
  const term = query.trim().toLowerCase();
  const digits = term.replace(/\D+/g, '');
  return storyContacts.filter((c) => c.name.toLowerCase().includes(term) || (digits !== '' && c.number.includes(digits)));
}

/** GET /contacts's page for a request, over the story contacts (stories and tests of the schedule modal). */
export function storyContactsPage(request: Request) {
  const found = searchStoryContacts(new URL(request.url).searchParams.get('searchParam') ?? '');
  const contacts = found.map((c) => ({ ...c, email: '', profilePicUrl: null, isGroup: false, extraInfo: [], companyId: 1, whatsappId: null }));
  return { contacts, count: contacts.length, countCapped: false, hasMore: false };
}

export function scheduleDto(partial: Partial<ScheduleDto> = {}): ScheduleDto {
  const contact = partial.contact ?? { ...storyContacts[0], profilePicUrl: null };
  return {
    id: 1,
    body: 'Olá! Lembrete da sua consulta amanhã às 10h.',
    contactId: contact.id,
    contact,
    userId: 1,
    sendAt: `${STORY_DAY}T13:00:00.000Z`,
    sentAt: null,
    status: 'PENDENTE',
    error: null,
    ticketId: null,
    messageId: null,
    mediaPath: null,
    mediaName: null,
    companyId: 1,
    createdAt: '2026-12-01T12:00:00.000Z',
    updatedAt: '2026-12-01T12:00:00.000Z',
    ...partial,
  };
}

const withContact = (i: number) => ({ ...storyContacts[i], profilePicUrl: null });

export const storySchedules: ScheduleDto[] = [
  scheduleDto({ id: 1 }),
  scheduleDto({
    id: 2,
    contact: withContact(1),
    contactId: 2,
    sendAt: '2026-12-03T12:30:00.000Z',
    status: 'ENVIADA',
    sentAt: '2026-12-03T12:30:01.000Z',
    ticketId: 7,
    messageId: '70',
  }),
  scheduleDto({
    id: 3,
    contact: withContact(2),
    contactId: 3,
    sendAt: '2026-12-04T18:00:00.000Z',
    status: 'ERRO',
    error: 'Nenhuma conexão do WhatsApp disponível para enviar',
  }),
  scheduleDto({
    id: 4,
    contact: withContact(3),
    contactId: 4,
    sendAt: `${STORY_DAY}T17:45:00.000Z`,
    mediaName: 'promo.png',
    mediaPath: 'sc4-0123456789abcdef.png',
  }),
  scheduleDto({ id: 5, contact: withContact(1), contactId: 2, sendAt: '2026-12-15T11:00:00.000Z' }),
];
