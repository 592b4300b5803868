import type { Schema } from '../../client';
import type { ApiSendResult } from './data/messages-api';
import { ApiRequestError } from '../../provider/api-error';

const AT = '2026-03-02T13:45:10.000Z';

/** A message as POST /messages/send answers it: queued (ack 0), from the API. */
export function apiMessageDto(overrides: Partial<Schema<'MessageDto'>> = {}): Schema<'MessageDto'> {
  return {
    id: '1024',
    ticketId: 42,
    contactId: 7,
    body: 'Olá! Seu pedido 1234 saiu para entrega.',
    fromMe: true,
    ack: 0,
    read: true,
    mediaType: 'chat',
    source: 'api',
    isDeleted: false,
    isEdited: false,
    oldMessages: [],
    createdAt: AT,
    updatedAt: AT,
    ...overrides,
  };
}

/** The answer of a send that went to a new pending ticket. */
export function apiSendResult(overrides: Partial<ApiSendResult> = {}): ApiSendResult {
  return {
    ticketId: 42,
    ticketUuid: '2f1c7b0e-5d7a-4c43-9a57-0c4b8f3e9d21',
    ticketStatus: 'pending',
    contactId: 7,
    messages: [apiMessageDto()],
    ...overrides,
  };
}

/** The errors the test forms show, as the kit's client throws them. */
export const sampleErrors = {
  invalidToken: new ApiRequestError(401, {
    error: 'ERR_INVALID_API_TOKEN',
    message: "Missing or unknown API token: send a connection's token as 'Authorization: Bearer <token>'",
  }),
  validation: new ApiRequestError(400, {
    error: 'ERR_VALIDATION',
    message: 'Invalid fields: number',
    fields: [{ field: 'number', messages: ['Invalid number: country code, area code and number, 10 to 15 digits'] }],
  }),
  unsupported: new ApiRequestError(415, {
    error: 'ERR_UNSUPPORTED_MEDIA_TYPE',
    message: 'Unsupported media type',
    fields: [{ field: 'medias[0]', messages: ['Unsupported file type'] }],
  }),
  rateLimit: new ApiRequestError(429, { error: 'ERR_TOO_MANY_REQUESTS', message: 'Too many requests' }),
  network: new TypeError('Failed to fetch'),
};

/** The endpoint the stories document. */
export const SAMPLE_ENDPOINT = 'https://atende.example.com/messages/send';
