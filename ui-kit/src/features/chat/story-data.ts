import type { Schema } from '../../client';

type Message = Schema<'MessageDto'>;
type Ticket = Schema<'TicketDto'>;

const AT = '2026-01-01T00:00:00.000Z';

/** A picture for stories: an inline SVG, so stories need no network. */
export const STORY_IMAGE =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="320" height="200"><rect width="320" height="200" fill="#7c4dff"/><circle cx="250" cy="60" r="30" fill="#ffd54f"/><path d="M0 200 L120 90 L200 170 L250 130 L320 200 Z" fill="#311b92"/></svg>',
  );

/** One second of silence as a WAV data URL (8 kHz, 8 bit), for the audio stories. */
export function silentWav(seconds = 1): string {
  const rate = 8000;
  const samples = rate * seconds;
  const bytes = new Uint8Array(44 + samples);
  const view = new DataView(bytes.buffer);
  const text = (offset: number, s: string) => [...s].forEach((c, i) => view.setUint8(offset + i, c.charCodeAt(0)));
  text(0, 'RIFF');
  view.setUint32(4, 36 + samples, true);
  text(8, 'WAVEfmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, rate, true);
  view.setUint32(28, rate, true);
  view.setUint16(32, 1, true);
  view.setUint16(34, 8, true);
  text(36, 'data');
  view.setUint32(40, samples, true);
  bytes.fill(128, 44);
  let binary = '';
  bytes.forEach((b) => (binary += String.fromCharCode(b)));
  return `data:audio/wav;base64,${btoa(binary)}`;
}

export function storyMessage(overrides: Partial<Message>): Message {
  return {
    id: '1',
    ticketId: 100,
    body: '',
    ack: 0,
    fromMe: false,
    read: true,
    isDeleted: false,
    isEdited: false,
    mediaType: 'chat',
    oldMessages: [],
    source: 'contact',
    createdAt: AT,
    updatedAt: AT,
    ...overrides,
  };
}

export function storyTicket(overrides: Partial<Ticket> = {}): Ticket {
  return {
    id: 100,
    uuid: '00000000-0000-4000-8000-000000000100',
    companyId: 3,
    status: 'open',
    contactId: 1,
    contact: { id: 1, companyId: 3, name: 'Maria Souza', number: '5511999990001', email: '', isGroup: false, extraInfo: [], createdAt: AT, updatedAt: AT },
    queueId: 1,
    queue: { id: 1, name: 'Suporte', color: '#7C4DFF' },
    userId: 7,
    user: { id: 7, name: 'Ana' },
    isGroup: false,
    unreadMessages: 0,
    lastMessage: 'Oi',
    chatbot: false,
    useIntegration: false,
    tags: [],
    createdAt: AT,
    updatedAt: AT,
    ...overrides,
  };
}

/** A conversation showing every kind of message, ending `now`. */
export function showcase(now: Date): Message[] {
  const at = (daysAgo: number, minutes: number) => new Date(now.getFullYear(), now.getMonth(), now.getDate() - daysAgo, 9, minutes).toISOString();
  return [
    storyMessage({ id: '1', body: 'Bom dia! Meu pedido ainda não chegou.', createdAt: at(3, 0) }),
    storyMessage({ id: '2', body: 'Bom dia, Maria! Vou verificar para você.', fromMe: true, ack: 5, createdAt: at(3, 2) }),
    storyMessage({ id: '3', body: 'Segue a foto da caixa', mediaType: 'image', mediaUrl: STORY_IMAGE, createdAt: at(1, 0) }),
    storyMessage({
      id: '4',
      mediaType: 'audio',
      mediaUrl: silentWav(),
      dataJson: { waveform: [2, 8, 20, 35, 50, 40, 22, 60, 80, 45, 30, 10, 5, 40, 70, 20] },
      createdAt: at(1, 1),
    }),
    storyMessage({ id: '5', mediaType: 'application', mediaName: 'nota-fiscal.pdf', mediaUrl: STORY_IMAGE, createdAt: at(1, 2) }),
    storyMessage({
      id: '6',
      mediaType: 'locationMessage',
      dataJson: { degreesLatitude: -23.5614, degreesLongitude: -46.6559, name: 'Loja Paulista', address: 'Av. Paulista, 1000 - São Paulo' },
      createdAt: at(1, 3),
    }),
    storyMessage({
      id: '7',
      mediaType: 'contactMessage',
      body: 'João da Silva',
      dataJson: { vcard: 'BEGIN:VCARD\nVERSION:3.0\nFN:João da Silva\nTEL;type=CELL;waid=5511988887777:+55 11 98888-7777\nEND:VCARD' },
      createdAt: at(1, 4),
    }),
    storyMessage({
      id: '8',
      body: 'Encontrei o seu pedido: sai hoje para entrega.',
      fromMe: true,
      ack: 4,
      isEdited: true,
      oldMessages: [{ body: 'Encontrei o seu pedido.', editedAt: at(0, 1) }],
      quotedMsg: { id: '1', body: 'Bom dia! Meu pedido ainda não chegou.', fromMe: false, mediaType: 'chat', mediaUrl: null },
      createdAt: at(0, 0),
    }),
    storyMessage({ id: '9', body: '', isDeleted: true, createdAt: at(0, 5) }),
    storyMessage({ id: '10', body: 'Obrigada!', createdAt: at(0, 6) }),
    storyMessage({ id: '11', body: 'Disponha 😊', fromMe: true, ack: 3, createdAt: at(0, 7) }),
    storyMessage({ id: '12', body: 'Mensagem que não saiu', fromMe: true, ack: -1, sendError: 'ERR_SENDING_WAPP_MSG', createdAt: at(0, 8) }),
    storyMessage({ id: '13', body: 'Enviando...', fromMe: true, ack: 0, createdAt: at(0, 9) }),
  ];
}
