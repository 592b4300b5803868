/**
 * WhatsApp addresses (jids) as this provider uses them, pure: `<user>[:device]@<server>`. A person has a phone-number
 * jid (`@s.whatsapp.net`) and, since 2024, a LID (`@lid`, an opaque id that hides the number in groups); groups are
 * `@g.us`. The platform keys contacts by digits, so a LID is turned into the phone number whenever it can be.
 */
export const PN_SERVER = 's.whatsapp.net';
export const GROUP_SERVER = 'g.us';
export const LID_SERVER = 'lid';
export const STATUS_BROADCAST = 'status@broadcast';

export const jidServer = (jid: string | null | undefined): string => {
  const at = (jid ?? '').lastIndexOf('@');
  return at < 0 ? '' : (jid ?? '').slice(at + 1);
};

/** The user part without device or agent: `5511999990000:12@s.whatsapp.net` → `5511999990000`. */
export const jidUser = (jid: string | null | undefined): string => (jid ?? '').split('@')[0].split(':')[0].split('_')[0];

/** Digits of a jid's user part. */
export const jidDigits = (jid: string | null | undefined): string => jidUser(jid).replace(/\D/g, '');

export const isGroupJid = (jid: string | null | undefined) => jidServer(jid) === GROUP_SERVER;
export const isLidJid = (jid: string | null | undefined) => jidServer(jid) === LID_SERVER || jidServer(jid) === 'hosted.lid';
export const isPnJid = (jid: string | null | undefined) => ['s.whatsapp.net', 'c.us', 'hosted'].includes(jidServer(jid));
/** Status updates, broadcast lists and channels: not conversations the platform attends. */
export const isBroadcastJid = (jid: string | null | undefined) => jidServer(jid) === 'broadcast' || jidServer(jid) === 'newsletter';

/**
 * A platform chat id as a jid: a group id (digits and a dash, or the 18-digit ids WhatsApp gives groups now) on
 * `@g.us`, a phone number on `@s.whatsapp.net`. E.164 numbers have at most 15 digits.
 */
export function chatIdToJid(chatId: string): string {
  if (chatId.includes('@')) return chatId;
  const id = chatId.replace(/[^\d-]/g, '');
  return id.includes('-') || id.length > 15 ? `${id}@${GROUP_SERVER}` : `${id}@${PN_SERVER}`;
}
