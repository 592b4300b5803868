import { defineTexts } from './feature-texts';

/**
 * Media previews in lists ('[audio]' as the API stores a message without text), shown after an icon (an SVG, not an
 * emoji: a system without a colour emoji font drew a box): a feature table
 * (./feature-texts.ts), registered by the list preview that uses it, so the first load does not carry it.
 */
export const everydayFeaturePt = {
  'preview.image': 'Foto',
  'preview.video': 'Vídeo',
  'preview.audio': 'Áudio',
  'preview.application': 'Documento',
  'preview.document': 'Documento',
  'preview.sticker': 'Figurinha',
  'preview.location': 'Localização',
  'preview.contact': 'Contato',
};

export const everydayTexts = defineTexts({
  pt: everydayFeaturePt,
  en: {
    'preview.image': 'Photo',
    'preview.video': 'Video',
    'preview.audio': 'Audio',
    'preview.application': 'Document',
    'preview.document': 'Document',
    'preview.sticker': 'Sticker',
    'preview.location': 'Location',
    'preview.contact': 'Contact',
  },
  es: {
    'preview.image': 'Foto',
    'preview.video': 'Video',
    'preview.audio': 'Audio',
    'preview.application': 'Documento',
    'preview.document': 'Documento',
    'preview.sticker': 'Sticker',
    'preview.location': 'Ubicación',
    'preview.contact': 'Contacto',
  },
});
