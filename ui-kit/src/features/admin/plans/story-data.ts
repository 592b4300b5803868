import type { Plan } from './plan-rules';

const flags = (on: string[]) =>
  Object.fromEntries(
    ['useCampaigns', 'useSchedules', 'useInternalChat', 'useExternalApi', 'useKanban', 'useOpenAi', 'useIntegrations', 'whiteLabel'].map((f) => [
      f,
      on.includes(f),
    ]),
  );

export function planDto(overrides: Partial<Plan> = {}): Plan {
  return { id: 1, name: 'Básico', users: 3, connections: 1, queues: 2, value: 49.9, ...flags([]), ...overrides } as Plan;
}

export const samplePlans: Plan[] = [
  planDto({ id: 1, name: 'Básico', users: 3, connections: 1, queues: 2, value: 49.9 }),
  planDto({
    id: 2,
    name: 'Completo',
    users: 10,
    connections: 3,
    queues: 10,
    value: 199.9,
    ...flags(['useCampaigns', 'useSchedules', 'useInternalChat', 'useExternalApi', 'useKanban', 'useOpenAi', 'useIntegrations', 'whiteLabel']),
  }),
  planDto({ id: 3, name: 'Profissional', users: 5, connections: 2, queues: 5, value: 99.9, ...flags(['useKanban', 'useSchedules', 'useExternalApi']) }),
];
