import type { CampaignSettings } from './campaign-settings-rules';
import type { FileList, FileListOption } from './file-list-rules';

const AT = '2026-12-01T12:00:00.000Z';

export function optionDto(overrides: Partial<FileListOption> & { id: number; fileListId: number }): FileListOption {
  return { name: '', path: null, mediaType: null, mediaName: null, ...overrides };
}

export function fileListDto(overrides: Partial<FileList> & { id: number }): FileList {
  return { name: 'Lista', message: 'Mensagem', userId: 7, companyId: 3, options: [], createdAt: AT, updatedAt: AT, ...overrides };
}

/** A company's file lists, by name as the API answers them. */
export const sampleFileLists: FileList[] = [
  fileListDto({
    id: 1,
    name: 'Boas-vindas',
    message: 'Olá! Seja bem-vindo à nossa loja. Segue nosso catálogo e a tabela de preços atualizada.',
    options: [
      optionDto({ id: 11, fileListId: 1, name: 'Catálogo', path: 'fl11-0123456789abcdef.pdf', mediaType: 'application', mediaName: 'catalogo-2026.pdf' }),
      optionDto({ id: 12, fileListId: 1, name: 'Fachada da loja', path: 'fl12-0123456789abcdef.png', mediaType: 'image', mediaName: 'fachada.png' }),
    ],
  }),
  fileListDto({
    id: 2,
    name: 'Promoção de Natal',
    message: 'Aproveite: 20% de desconto em toda a loja até 25/12!',
    options: [optionDto({ id: 21, fileListId: 2, name: 'Banner', path: 'fl21-0123456789abcdef.jpg', mediaType: 'image', mediaName: 'banner-natal.jpg' })],
  }),
  fileListDto({ id: 3, name: 'Só texto', message: 'Em breve enviaremos novidades.' }),
];

export const sampleCampaignSettings: CampaignSettings = {
  messageInterval: 20,
  longerIntervalAfter: 20,
  greaterInterval: 60,
  variables: [
    { key: 'cupom', value: 'NATAL20' },
    { key: 'site', value: 'https://loja.example.com.br/promocoes' },
  ],
};
