import type { TaskDto } from './data/tasks';

/** Sample tasks for stories and tests (descriptions as the API stores them: sanitised HTML). */
export function taskDto(overrides: Partial<TaskDto> = {}): TaskDto {
  return {
    id: 1,
    text: 'Ligar para a Ana sobre o orçamento',
    description: '',
    completed: false,
    userId: 1,
    createdAt: '2026-11-20T13:05:00.000Z',
    updatedAt: '2026-11-20T13:05:00.000Z',
    ...overrides,
  };
}

export const sampleTasks: TaskDto[] = [
  taskDto({
    id: 3,
    text: 'Enviar proposta para a Loja Central',
    description:
      '<p>Incluir o <strong>desconto de 10%</strong> e o prazo de <em>30 dias</em>.</p><ul><li><p>Revisar valores</p></li><li><p>Anexar contrato</p></li></ul><p><a href="https://atende.test/propostas" target="_blank" rel="noopener noreferrer nofollow">Modelo da proposta</a></p>',
    createdAt: '2026-11-22T09:30:00.000Z',
    updatedAt: '2026-11-23T16:45:00.000Z',
  }),
  taskDto({ id: 2, text: 'Ligar para a Ana sobre o orçamento', createdAt: '2026-11-21T10:00:00.000Z', updatedAt: '2026-11-21T10:00:00.000Z' }),
  taskDto({
    id: 1,
    text: 'Responder os chamados atrasados de sexta-feira, um texto bem mais longo que quebra em mais de uma linha na tela estreita',
    description: '<ol><li><p>Filtrar por data</p></li><li><p>Responder</p></li></ol>',
    completed: true,
    createdAt: '2026-11-18T08:00:00.000Z',
    updatedAt: '2026-11-19T18:20:00.000Z',
  }),
];
