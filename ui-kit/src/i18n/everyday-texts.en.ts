import type { EverydayFeatureMessages } from './everyday-texts';

/**
 * The English texts of ./everyday-texts.ts: they travel in the core English table (./en.ts), loaded
 * only on a page shown in English.
 */
export const everydayFeatureEn: EverydayFeatureMessages = {
  'preview.image': 'Photo',
  'preview.video': 'Video',
  'preview.audio': 'Audio',
  'preview.application': 'Document',
  'preview.document': 'Document',
  'preview.sticker': 'Sticker',
  'preview.location': 'Location',
  'preview.contact': 'Contact',
};
