import type { Announcement } from './announcement-rules';

const at = (day: number) => `2026-11-${String(day).padStart(2, '0')}T12:00:00.000Z`;

/** Sample announcements (stories, tests): one of each priority, one inactive, one with an image. */
export const sampleAnnouncements: Announcement[] = [
  {
    id: 3,
    title: 'Manutenção programada',
    text: 'O sistema ficará fora do ar no domingo, das 2h às 4h, para uma atualização do servidor de mensagens.',
    priority: 1,
    status: true,
    mediaPath: 'an3-0123456789abcdef.png',
    mediaName: 'manutencao.png',
    companyId: 1,
    createdAt: at(20),
    updatedAt: at(20),
  },
  {
    id: 2,
    title: 'Novo relatório de atendimentos',
    text: 'O painel agora mostra o tempo médio de espera por setor.',
    priority: 2,
    status: true,
    mediaPath: null,
    mediaName: null,
    companyId: 1,
    createdAt: at(12),
    updatedAt: at(12),
  },
  {
    id: 1,
    title: 'Dicas de uso',
    text: 'Use respostas rápidas digitando / no campo de mensagem.',
    priority: 3,
    status: false,
    mediaPath: null,
    mediaName: null,
    companyId: 1,
    createdAt: at(2),
    updatedAt: at(2),
  },
];
