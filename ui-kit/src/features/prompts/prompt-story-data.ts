import type { Prompt } from './prompt-rules';

export const sampleQueues = [
  { id: 1, name: 'Vendas' },
  { id: 2, name: 'Suporte' },
  { id: 3, name: 'Financeiro' },
];

export const promptDto = (overrides: Partial<Prompt> & { id: number }): Prompt => ({
  name: 'Assistente de vendas',
  prompt: 'Você é a assistente virtual da Loja Exemplo. Responda com educação, em português, em até duas frases.',
  hasApiKey: true,
  queueId: 1,
  queue: { id: 1, name: 'Vendas' },
  voice: 'texto',
  hasVoiceKey: false,
  voiceRegion: null,
  maxTokens: 100,
  temperature: 1,
  maxMessages: 10,
  model: 'gpt-4o-mini',
  baseUrl: null,
  companyId: 1,
  createdAt: '2026-12-01T12:00:00.000Z',
  updatedAt: '2026-12-01T12:00:00.000Z',
  ...overrides,
});

export const samplePrompts: Prompt[] = [
  promptDto({ id: 1 }),
  promptDto({
    id: 2,
    name: 'Suporte técnico com voz',
    queueId: 2,
    queue: { id: 2, name: 'Suporte' },
    voice: 'nova',
    hasVoiceKey: true,
    maxTokens: 300,
    temperature: 0.4,
  }),
  promptDto({
    id: 3,
    name: 'Cobrança (setor excluído)',
    queueId: null,
    queue: null,
    maxTokens: 150,
    baseUrl: 'https://llm.example.com/v1',
    model: 'llama-3.1-8b',
  }),
];
