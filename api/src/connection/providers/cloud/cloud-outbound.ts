import type { OutboundContent } from '../messaging-provider';
import { mediaKindOf, splitVcards, vcardName, type MediaKind } from '../baileys/baileys-outbound';

/**
 * The platform's outbound content as the Cloud API's message object (POST /{phone-number-id}/messages), pure: the
 * medium is already uploaded (its id given). https://developers.facebook.com/docs/whatsapp/cloud-api/reference/messages
 */

export type CloudMessage = Record<string, unknown> & { messaging_product: 'whatsapp'; to: string; type: string };

/** The Cloud API's contact card: a name and phones, from a vCard's FN and TEL lines. */
export function vcardToContact(vcard: string): {
  name: { formatted_name: string; first_name: string };
  phones: { phone: string; wa_id?: string; type?: string }[];
} {
  const name = vcardName(vcard) || 'Contato';
  const phones: { phone: string; wa_id?: string; type?: string }[] = [];
  for (const line of vcard.split(/\r?\n/)) {
    if (!/^(item\d+\.)?TEL[;:]/i.test(line)) continue;
    const phone = line.slice(line.lastIndexOf(':') + 1).trim();
    const waid = /waid=(\d+)/i.exec(line)?.[1];
    if (phone) phones.push({ phone, ...(waid ? { wa_id: waid } : {}), type: 'CELL' });
  }
  return { name: { formatted_name: name, first_name: name }, phones };
}

/** Which medium kinds take a caption on the Cloud API. */
const CAPTIONED: readonly MediaKind[] = ['image', 'video', 'document'];

/**
 * `to`: the customer's digits. `mediaId`: the uploaded file's id, when the content has a file. `callbackData`: our id of
 * the send, echoed by the status webhooks (`biz_opaque_callback_data`).
 */
export function buildCloudMessage(to: string, content: OutboundContent, mediaId?: string, callbackData?: string): CloudMessage {
  const base: CloudMessage = { messaging_product: 'whatsapp', recipient_type: 'individual', to: to.replace(/\D/g, ''), type: 'text' };
  if (callbackData) base.biz_opaque_callback_data = callbackData;
  // A reaction names the message it reacts to in itself, not as a reply's context.
  if (content.type === 'reactionMessage') {
    return { ...base, type: 'reaction', reaction: { message_id: content.quotedProviderId ?? '', emoji: content.body ?? '' } };
  }
  if (content.quotedProviderId) base.context = { message_id: content.quotedProviderId };
  const body = content.body ?? '';
  if (content.template) {
    const { name, language, params } = content.template;
    const components = params.length ? [{ type: 'body', parameters: params.map((text) => ({ type: 'text', text })) }] : [];
    return { ...base, type: 'template', template: { name, language: { code: language }, components } };
  }
  if (content.type === 'locationMessage' && content.location) {
    const { latitude, longitude, name, address } = content.location;
    return { ...base, type: 'location', location: { latitude, longitude, ...(name ? { name } : {}), ...(address ? { address } : {}) } };
  }
  if (content.type === 'contactMessage' || content.type === 'contactsArrayMessage' || content.type === 'vcard') {
    const cards = splitVcards(content.vcard ?? body);
    if (cards.length) return { ...base, type: 'contacts', contacts: cards.map(vcardToContact) };
  }
  if (content.media && mediaId) {
    const kind = mediaKindOf(content);
    const { filename } = content.media;
    // The stored body of a file message is often just its name: not repeated as a caption.
    const caption = body && body !== filename && CAPTIONED.includes(kind) ? body : undefined;
    const medium: Record<string, unknown> = { id: mediaId };
    if (caption) medium.caption = caption;
    if (kind === 'document') medium.filename = filename;
    return { ...base, type: kind, [kind]: medium };
  }
  return { ...base, type: 'text', text: { preview_url: true, body } };
}
