import { definePtTexts } from './feature-texts';

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

export type EverydayFeatureMessages = Record<keyof typeof everydayFeaturePt, string>;

/**
 * Every list shows them, so their English and Spanish (./everyday-texts.en.ts, ./everyday-texts.es.ts) travel in the
 * core en and es tables: a page downloads only its language's.
 */
export const everydayTexts = definePtTexts(everydayFeaturePt);
