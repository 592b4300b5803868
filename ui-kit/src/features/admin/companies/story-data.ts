import type { Schema } from '../../../client';
import { addDays, localToday } from '../holidays';
import type { Company, CompanyUser } from './company-rules';

// Stand-alone builders (the library build leaves src/test out, so stories do not import it).
const AT = '2026-01-10T13:05:00.000Z';

export const storyPlans: Schema<'PlanDto'>[] = [
  { id: 1, name: 'Básico', users: 3, connections: 1, queues: 2, value: 49.9, ...flags(false) },
  { id: 2, name: 'Completo', users: 10, connections: 3, queues: 10, value: 199.9, ...flags(true) },
];

function flags(on: boolean) {
  return {
    useCampaigns: on,
    useSchedules: on,
    useInternalChat: on,
    useExternalApi: on,
    useKanban: on,
    useOpenAi: on,
    useIntegrations: on,
    whiteLabel: on,
  };
}

/** A company as GET /companies answers it. */
export function companyDto(overrides: Partial<Company> = {}): Company {
  return {
    id: 3,
    name: 'Empresa 3',
    email: 'contato@empresa3.com',
    phone: '5511999990000',
    status: true,
    campaignsEnabled: false,
    planId: 1,
    plan: { id: 1, name: 'Básico' },
    recurrence: 'MENSAL',
    dueDate: null,
    schedules: [],
    timezone: 'America/Sao_Paulo',
    createdAt: AT,
    updatedAt: AT,
    ...overrides,
  };
}

/**
 * One company per due-date state, the days counted from `today` (the browser's): 30 ahead (no tint), 5 (yellow),
 * 2 and 0 (orange), 2 overdue (orange, 'Vencida'), 4 overdue (red, 'Vencida'), 10 overdue (no tint, 'Vencida'),
 * and one without a due date. Ordered by name, as the API answers.
 */
export function sampleCompanies(today: string = localToday()): Company[] {
  const due = (days: number) => addDays(today, days);
  const completo = { planId: 2, plan: { id: 2, name: 'Completo' } };
  return [
    companyDto({ id: 1, name: 'Atende Demo', email: 'admin@atende.local', dueDate: due(30), recurrence: 'ANUAL', ...completo }),
    companyDto({ id: 2, name: 'Barbearia Central', email: 'contato@barbearia.com', dueDate: due(5) }),
    companyDto({ id: 4, name: 'Clínica Sorriso', email: 'adm@sorriso.com', dueDate: due(2), recurrence: 'TRIMESTRAL', ...completo }),
    companyDto({ id: 5, name: 'Doceria da Ana', email: 'ana@doceria.com', dueDate: due(0) }),
    companyDto({ id: 6, name: 'Eletro Silva', email: 'financeiro@eletrosilva.com', dueDate: due(-2), recurrence: 'BIMESTRAL' }),
    companyDto({ id: 7, name: 'Farmácia Vida', email: 'contato@farmaciavida.com', dueDate: due(-4), campaignsEnabled: true, ...completo }),
    companyDto({ id: 8, name: 'Gráfica Rápida', email: 'grafica@rapida.com', dueDate: due(-10), status: false, recurrence: 'SEMESTRAL' }),
    companyDto({ id: 9, name: 'Hotel Mar Azul', email: null, phone: null, dueDate: null }),
  ];
}

/** A user as GET /companies/{id}/users answers it. */
export function companyUserDto(overrides: Partial<CompanyUser> = {}): CompanyUser {
  return {
    id: 20,
    companyId: 4,
    name: 'Beatriz',
    email: 'beatriz@sorriso.com',
    profile: 'admin',
    super: false,
    online: false,
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

export const sampleCompanyUsers: CompanyUser[] = [
  companyUserDto({ id: 20, name: 'Beatriz', email: 'beatriz@sorriso.com', profile: 'admin' }),
  companyUserDto({ id: 21, name: 'Carlos', email: 'carlos@sorriso.com', profile: 'user' }),
  companyUserDto({ id: 22, name: 'Daniela', email: 'daniela@sorriso.com', profile: 'user' }),
];
