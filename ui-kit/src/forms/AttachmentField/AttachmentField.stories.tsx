import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { AttachmentField } from './AttachmentField';

/** A 4rem square of the kit's accent, as a data URL: the preview of an image picked. */
const PREVIEW =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" fill="#1e88e5"/></svg>');

/**
 * The one attachment field of the kit's dialogs (holidays, announcements, schedules, quick messages, campaigns, file
 * lists, the send API): an image shows its preview, another file a chip with its name. The feature passes its texts,
 * already translated.
 */
const meta = {
  title: 'Forms/AttachmentField',
  component: AttachmentField,
  args: {
    label: 'Imagem (opcional)',
    acceptedFileTypes: ['image/png', 'image/jpeg', '.png', '.jpg', '.jpeg'],
    fileName: null,
    hint: 'PNG ou JPEG, até 16 MB. Enviada junto com a mensagem.',
    onPick: fn(),
    onRemove: fn(),
    texts: {
      pick: 'Escolher imagem',
      replace: 'Trocar imagem',
      remove: (name) => `Remover imagem ${name}`,
      preview: (name) => `Prévia de ${name}`,
      removed: 'A imagem será removida ao salvar.',
    },
  },
} satisfies Meta<typeof AttachmentField>;

export default meta;
type Story = StoryObj<typeof meta>;

/** No image yet: only the pick button and the hint. */
export const Empty: Story = {};
/** An image picked, previewed before the save. */
export const WithPreview: Story = { args: { fileName: 'natal.png', previewUrl: PREVIEW } };
/** A document picked (or stored): a chip with the file icon, its name and a detail; no preview. */
export const Document: Story = {
  args: {
    label: 'Anexo (opcional)',
    acceptedFileTypes: undefined,
    fileName: 'tabela-de-precos-2026.pdf',
    detail: '1.2 MB',
    hint: 'Qualquer arquivo de até 16 MB.',
    texts: { pick: 'Anexar arquivo', replace: 'Trocar arquivo', remove: (name) => `Remover ${name}` },
  },
};
/** Read-only (a campaign that may no longer change): the file without pick, remove or hint. */
export const ReadOnly: Story = {
  args: { fileName: 'promo.pdf', isReadOnly: true, texts: { pick: 'Escolher', replace: 'Trocar', remove: (name) => `Remover ${name}`, none: 'Nenhum anexo.' } },
};
/** The stored image without a URL to preview it: the file icon and its name. */
export const Stored: Story = { args: { fileName: 'natal.png' } };
/** The stored image taken off: it goes on save. */
export const Removed: Story = { args: { removed: true } };
/** A file the field does not take: the error, as an alert. */
export const WithError: Story = { args: { error: 'Escolha uma imagem PNG ou JPEG.' } };
