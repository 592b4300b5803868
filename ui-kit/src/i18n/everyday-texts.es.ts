import type { EverydayFeatureMessages } from './everyday-texts';

/**
 * The Spanish texts of ./everyday-texts.ts: they travel in the core Spanish table (./es.ts), loaded
 * only on a page shown in Spanish.
 */
export const everydayFeatureEs: EverydayFeatureMessages = {
  'preview.image': 'Foto',
  'preview.video': 'Video',
  'preview.audio': 'Audio',
  'preview.application': 'Documento',
  'preview.document': 'Documento',
  'preview.sticker': 'Sticker',
  'preview.location': 'Ubicación',
  'preview.contact': 'Contacto',
};
