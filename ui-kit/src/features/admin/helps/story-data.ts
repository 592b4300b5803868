import type { Help } from './help-rules';

// Stand-alone builders (the library build leaves src/test out, so stories do not import it).
const AT = '2026-03-14T13:05:00.000Z';

export function helpDto(overrides: Partial<Help> = {}): Help {
  return {
    id: 1,
    title: 'Conectando o WhatsApp',
    description: 'Leia o QR code com o celular da empresa e acompanhe o status da conexão.',
    video: 'dQw4w9WgXcQ',
    createdAt: AT,
    updatedAt: AT,
    ...overrides,
  };
}

export const sampleHelps: Help[] = [
  helpDto({ id: 3, title: 'Atendendo um ticket', video: 'aqz-KE-bpKQ', description: 'Aceite, transfira e finalize atendimentos pela tela de tickets.' }),
  helpDto({ id: 1 }),
  helpDto({
    id: 2,
    title: 'Criando filas e o menu do chatbot',
    video: 'ScMzIvxBSi4',
    description:
      'Organize os atendimentos por setor. Cada fila tem cor, mensagem de saudação e horários; as opções do chatbot levam o cliente à fila certa. Este texto é longo de propósito, para mostrar como a descrição é cortada no cartão depois de algumas linhas.',
  }),
  helpDto({ id: 4, title: 'Respostas rápidas', video: 'M7lc1UVf-VE', description: '' }),
];
