/** The kinds of message a provider carries; the message entity stores one per message. */
export const MEDIA_TYPES = [
  'chat',
  'image',
  'audio',
  'video',
  'application',
  'document',
  'sticker',
  'locationMessage',
  'contactMessage',
  'contactsArrayMessage',
  'vcard',
  // A reaction to another message: the emoji is the body, the reacted message the quoted one.
  'reactionMessage',
] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];
