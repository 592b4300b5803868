import type { QueueIntegration } from './queue-integration-rules';

export const integrationDto = (overrides: Partial<QueueIntegration> & { id: number }): QueueIntegration => ({
  type: 'typebot',
  name: 'Typebot de vendas',
  projectName: 'Typebot de vendas',
  hasJsonContent: false,
  language: 'pt-BR',
  urlN8N: 'https://typebot.exemplo.com.br',
  urlFrontend: 'https://bot.exemplo.com.br/vendas',
  typebotDelayMessage: 1000,
  typebotExpires: 1,
  typebotKeywordFinish: '#sair',
  typebotKeywordRestart: '#menu',
  typebotRestartMessage: 'Vamos recomeçar!',
  typebotSlug: 'vendas-abc123',
  typebotUnknownMessage: 'Não entendi, escolha uma das opções.',
  secretHint: null,
  companyId: 1,
  createdAt: '2026-12-01T12:00:00.000Z',
  updatedAt: '2026-12-01T12:00:00.000Z',
  ...overrides,
});

const blankTypebot = {
  urlFrontend: null,
  typebotKeywordFinish: null,
  typebotKeywordRestart: null,
  typebotRestartMessage: null,
  typebotSlug: null,
  typebotUnknownMessage: null,
};

export const sampleIntegrations: QueueIntegration[] = [
  integrationDto({
    id: 4,
    type: 'dialogflow',
    name: 'Agente DialogFlow',
    projectName: 'atende-agent-123',
    hasJsonContent: true,
    urlN8N: null,
    ...blankTypebot,
  }),
  integrationDto({
    id: 2,
    type: 'n8n',
    name: 'Fluxo n8n de pedidos',
    projectName: 'Fluxo n8n de pedidos',
    urlN8N: 'https://n8n.exemplo.com.br/webhook/pedidos',
    secretHint: 'whsec_…Q9xk',
    ...blankTypebot,
  }),
  integrationDto({ id: 1 }),
  integrationDto({
    id: 3,
    type: 'webhook',
    name: 'WebHook do ERP',
    projectName: 'WebHook do ERP',
    urlN8N: 'https://erp.exemplo.com.br/atende',
    secretHint: 'whsec_…a7Rt',
    ...blankTypebot,
  }),
];
