import type { Holiday } from './holiday-rules';

// Stand-alone builders (the library build leaves src/test out, so stories do not import it).
const AT = '2026-11-20T13:05:00.000Z';

/** The day the stories and tests call today: the calendar opens on December 2026. */
export const STORY_TODAY = '2026-12-10';

export function holidayDto(overrides: Partial<Holiday> = {}): Holiday {
  return {
    id: 1,
    name: 'Natal',
    body: 'Feliz Natal! Hoje não há atendimento; voltamos amanhã às 9h.',
    dateHoliday: '2026-12-25',
    status: 'PENDENTE',
    sentAt: null,
    mediaPath: null,
    mediaName: null,
    createdAt: AT,
    updatedAt: AT,
    ...overrides,
  };
}

export const sampleHolidays: Holiday[] = [
  holidayDto({
    id: 1,
    name: 'Finados',
    dateHoliday: '2026-11-02',
    body: 'Hoje é feriado de Finados: não há atendimento.',
    status: 'ENVIADA',
    sentAt: '2026-11-02T11:00:00.000Z',
  }),
  holidayDto({
    id: 2,
    name: 'Imaculada Conceição',
    dateHoliday: '2026-12-08',
    body: 'Feriado municipal: voltamos amanhã.',
    status: 'ERRO',
  }),
  holidayDto({ id: 3, name: 'Véspera de Natal', dateHoliday: '2026-12-24', body: 'Hoje atendemos até as 12h.' }),
  holidayDto({ id: 4, name: 'Natal', dateHoliday: '2026-12-25', mediaName: 'natal.png', mediaPath: 'h4-0123456789abcdef.png' }),
  holidayDto({ id: 5, name: 'Confraternização', dateHoliday: '2026-12-25', body: 'Confraternização da equipe: sem atendimento à tarde.' }),
  holidayDto({ id: 6, name: 'Véspera de Ano Novo', dateHoliday: '2026-12-31', body: 'Atendemos até as 12h. Feliz Ano Novo!' }),
  holidayDto({ id: 7, name: 'Ano Novo', dateHoliday: '2027-01-01', body: 'Feliz Ano Novo! Voltamos no dia 2.' }),
];

/** A small PNG (1×1, the kit's blue), for stories and tests that attach an image. */
export const TINY_PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M/wHwAEBgIApD5fRAAAAABJRU5ErkJggg==';
