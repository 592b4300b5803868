import type { Schema } from '../../../client';
import { defaultSchedules } from '../business-hours';
import type { Queue } from './queue-rules';

// Stand-alone builders (the library build leaves src/test out, so stories do not import it).
const AT = '2026-03-14T13:05:00.000Z';

export function queueDto(overrides: Partial<Queue> = {}): Queue {
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
    schedules: defaultSchedules(),
    createdAt: AT,
    updatedAt: AT,
    ...overrides,
  };
}

export const sampleQueues: Queue[] = [
  queueDto({ id: 1, name: 'Suporte', color: '#7C4DFF', orderQueue: 1, greetingMessage: 'Olá! Você está no suporte. Em que podemos ajudar?' }),
  queueDto({ id: 2, name: 'Vendas', color: '#FF9800', orderQueue: 2, greetingMessage: 'Bem-vindo às vendas! Um vendedor já vai te atender.' }),
  queueDto({
    id: 3,
    name: 'Financeiro',
    color: '#009688',
    orderQueue: null,
    greetingMessage: null,
    outOfHoursMessage: 'Atendemos de segunda a sexta, das 9h às 18h.',
  }),
];

export function queueOptionDto(overrides: Partial<Schema<'QueueOptionDto'>> = {}): Schema<'QueueOptionDto'> {
  return {
    id: 1,
    title: 'Segunda via do boleto',
    message: 'Envie o CPF do titular.',
    option: 1,
    queueId: 1,
    parentId: null,
    createdAt: AT,
    updatedAt: AT,
    ...overrides,
  };
}
