import type { QuickMessage } from './quick-message-rules';

/** A quick message as the API answers it (for the stories and tests of this folder). */
export function quickDto(overrides: Partial<QuickMessage> = {}): QuickMessage {
  return {
    id: 1,
    shortcode: 'pix',
    message: 'Nossa chave PIX é 123',
    geral: false,
    mediaPath: null,
    mediaName: null,
    isMedia: false,
    userId: 7,
    companyId: 3,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** A page of sample quick messages: shared and private, with and without attachments, one long message. */
export const sampleQuickMessages: QuickMessage[] = [
  quickDto({ id: 1, shortcode: 'bomdia', message: 'Bom dia! Em que posso ajudar?', geral: true, userId: 1 }),
  quickDto({
    id: 2,
    shortcode: 'boleto',
    message: 'Segue o boleto do mês em anexo. Qualquer dúvida estamos à disposição.',
    mediaName: 'boleto-marco.pdf',
    mediaPath: 'qm2-0123456789abcdef.pdf',
    isMedia: true,
  }),
  quickDto({
    id: 3,
    shortcode: 'horario',
    message:
      'Nosso horário de atendimento é de segunda a sexta, das 8h às 18h, e aos sábados das 8h às 12h. Fora desse horário, deixe sua mensagem que retornaremos assim que possível.',
    geral: true,
    userId: 1,
  }),
  quickDto({
    id: 4,
    shortcode: 'pix',
    message: 'Nossa chave PIX é o CNPJ 12.345.678/0001-90.',
    mediaName: 'qrcode-pix.png',
    mediaPath: 'qm4-0123456789abcdef.png',
    isMedia: true,
    geral: true,
    userId: 7,
  }),
  quickDto({ id: 5, shortcode: 'obrigado', message: 'Obrigado pelo contato! 😊' }),
];
