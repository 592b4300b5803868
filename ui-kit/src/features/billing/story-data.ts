import type { Schema } from '../../client';
import type { Invoice, PixCharge, Plan } from './billing-rules';

// Stand-alone builders (the library build leaves src/test out, so stories do not import it).
const AT = '2026-11-20T13:05:00.000Z';

/** The day the stories and tests call today. */
export const STORY_TODAY = '2026-12-10';

export function invoiceDto(overrides: Partial<Invoice> = {}): Invoice {
  return {
    id: 1,
    detail: 'Plano Ouro · 1 mês (vencimento 20/12/2026)',
    value: 149.9,
    dueDate: '2026-12-20',
    status: 'open',
    planId: 2,
    periodMonths: 1,
    paidAt: null,
    createdAt: AT,
    ...overrides,
  };
}

/** Newest due date first, as GET /invoices/all answers: one open, one overdue, two paid. */
export const sampleInvoices: Invoice[] = [
  invoiceDto({ id: 14, detail: 'Plano Ouro · 1 mês (vencimento 20/12/2026)', dueDate: '2026-12-20', value: 1234.56 }),
  invoiceDto({ id: 11, detail: 'Plano Ouro · 1 mês (vencimento 20/11/2026)', dueDate: '2026-11-20', value: 149.9 }),
  invoiceDto({ id: 8, detail: 'Plano Ouro · 1 mês (vencimento 20/10/2026)', dueDate: '2026-10-20', status: 'paid', paidAt: '2026-10-18T15:00:00.000Z' }),
  invoiceDto({
    id: 5,
    detail: 'Plano Básico · 1 mês (vencimento 20/09/2026)',
    dueDate: '2026-09-20',
    value: 49.9,
    planId: 1,
    status: 'paid',
    paidAt: '2026-09-19T15:00:00.000Z',
  }),
];

export function planDto(overrides: Partial<Plan> = {}): Plan {
  return {
    id: 1,
    name: 'Básico',
    users: 3,
    connections: 1,
    queues: 2,
    value: 49.9,
    useCampaigns: false,
    useSchedules: false,
    useInternalChat: false,
    useExternalApi: false,
    useKanban: false,
    useOpenAi: false,
    useIntegrations: false,
    whiteLabel: false,
    ...overrides,
  };
}

/** GET /plans/list. */
export const samplePlans: Plan[] = [
  planDto(),
  planDto({ id: 2, name: 'Ouro', users: 10, connections: 3, queues: 10, value: 149.9, useKanban: true }),
  planDto({ id: 3, name: 'Completo', users: 50, connections: 10, queues: 50, value: 399.9, useKanban: true, useCampaigns: true }),
];

/** A Pix 'copia e cola' (BR Code) as a gateway answers it. */
export const SAMPLE_PIX_CODE =
  '00020101021226830014BR.GOV.BCB.PIX2561qrcodes.sandbox.atende.local/v2/cobv/9d36b84fc70b478fb95c12729b90ca255204000053039865406149.905802BR5913ATENDE LTDA6009SAO PAULO62070503***6304ABCD';

export function pixChargeDto(overrides: Partial<PixCharge> = {}): PixCharge {
  return {
    invoiceId: 14,
    txid: 'atd0000000000000000000000000014',
    gateway: 'sandbox',
    qrcode: { qrcode: SAMPLE_PIX_CODE, imagemQrcode: null },
    valor: { original: '149.90' },
    expiresAt: '2026-12-10T15:00:00.000Z',
    status: 'pending',
    ...overrides,
  };
}

export function companyDto(overrides: Partial<Schema<'CompanyDto'>> = {}): Schema<'CompanyDto'> {
  return {
    id: 3,
    name: 'Empresa Demo',
    email: 'financeiro@demo.atende.local',
    phone: null,
    status: true,
    planId: 2,
    plan: { id: 2, name: 'Ouro' },
    dueDate: '2027-01-20',
    trialExpiration: null,
    recurrence: 'MENSAL',
    campaignsEnabled: false,
    schedules: [],
    timezone: 'America/Sao_Paulo',
    createdAt: AT,
    updatedAt: AT,
    ...overrides,
  };
}
