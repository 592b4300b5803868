import type { CampaignReportDto } from './data/campaigns';
import type { Campaign } from './campaign-rules';

/** A campaign as the API answers it; `over` changes what a story or test needs. */
export function campaignDto(over: Partial<Campaign> = {}): Campaign {
  return {
    id: 1,
    name: 'Black Friday',
    status: 'INATIVA',
    confirmation: false,
    scheduledAt: null,
    startedAt: null,
    completedAt: null,
    whatsappId: 1,
    contactListId: 10,
    tagListId: null,
    fileListId: null,
    message1: 'Olá {nome}, a Black Friday começou!',
    message2: '',
    message3: '',
    message4: '',
    message5: '',
    confirmationMessage1: '',
    confirmationMessage2: '',
    confirmationMessage3: '',
    confirmationMessage4: '',
    confirmationMessage5: '',
    mediaPath: null,
    mediaName: null,
    companyId: 3,
    editable: 'all',
    contactList: { id: 10, name: 'Clientes VIP' },
    whatsapp: { id: 1, name: 'Atendimento' },
    tagList: null,
    fileList: null,
    createdAt: '2026-11-20T12:00:00.000Z',
    updatedAt: '2026-11-20T12:00:00.000Z',
    ...over,
  };
}

/** One campaign in each status, newest first as the API lists them. */
export const sampleCampaigns: Campaign[] = [
  campaignDto({
    id: 5,
    name: 'Natal 2026',
    status: 'PROGRAMADA',
    scheduledAt: '2026-12-20T12:00:00.000Z',
    confirmation: true,
    confirmationMessage1: 'Podemos enviar?',
  }),
  campaignDto({
    id: 4,
    name: 'Black Friday',
    status: 'EM_ANDAMENTO',
    editable: 'none',
    scheduledAt: '2026-11-27T11:00:00.000Z',
    startedAt: '2026-11-27T11:00:00.000Z',
  }),
  campaignDto({
    id: 3,
    name: 'Reativação',
    status: 'CANCELADA',
    editable: 'messages',
    scheduledAt: '2026-11-10T13:00:00.000Z',
    mediaName: 'folheto_promo.pdf',
    mediaPath: 'c3.pdf',
  }),
  campaignDto({
    id: 2,
    name: 'Pesquisa de satisfação',
    status: 'FINALIZADA',
    editable: 'none',
    scheduledAt: '2026-11-01T12:00:00.000Z',
    completedAt: '2026-11-01T12:30:00.000Z',
  }),
  campaignDto({ id: 1, name: 'Rascunho', status: 'INATIVA', whatsappId: null, whatsapp: null, contactListId: null, contactList: null }),
];

export const sampleChoices = {
  whatsapps: [
    { id: 1, name: 'Atendimento' },
    { id: 2, name: 'Vendas' },
  ],
  contactLists: [
    { id: 10, name: 'Clientes VIP' },
    { id: 11, name: 'Leads' },
  ],
  tags: [{ id: 20, name: 'Interessado' }],
  fileLists: [{ id: 30, name: 'Catálogo' }],
  variables: ['empresa', 'cupom'],
};

export function reportDto(over: Partial<CampaignReportDto> = {}, campaign: Partial<Campaign> = {}): CampaignReportDto {
  return {
    campaign: campaignDto({ id: 4, name: 'Black Friday', status: 'EM_ANDAMENTO', editable: 'none', scheduledAt: '2026-11-27T11:00:00.000Z', ...campaign }),
    valids: 120,
    confirmationRequested: 0,
    confirmed: 0,
    delivered: 45,
    planned: 124,
    pending: 70,
    sent: 50,
    failed: 1,
    skipped: 4,
    recipients: { planned: 70, sent: 5, delivered: 30, read: 15, confirmed: 0, failed: 4 },
    ...over,
  };
}
