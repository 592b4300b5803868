import type { OpenAPIObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';

/**
 * What Atende sends out: the signed POST of each customer message to an n8n or webhook queue integration's URL
 * (automation/queue-integrations/agents: webhook.agent.ts builds WebhookPayload, webhook-delivery.service.ts sends it
 * and reads the answer with webhook.rules.ts): the contract's top-level `webhooks` (OpenAPI 3.1), its bodies named
 * schemas (and so types of the typed client). Change this file with those.
 */
const PAYLOAD = {
  type: 'object',
  description: 'What n8n and webhook integrations receive for each customer message of a ticket they answer (WebhookPayload)',
  required: ['event', 'integration', 'company', 'ticket', 'contact', 'message', 'queue'],
  properties: {
    event: { type: 'string', const: 'message', description: 'Always `message` (also in X-Atende-Event)' },
    integration: {
      type: 'object',
      required: ['id', 'type', 'name'],
      properties: { id: { type: 'integer' }, type: { type: 'string', description: '`n8n` or `webhook`' }, name: { type: 'string' } },
    },
    company: { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } },
    ticket: {
      type: 'object',
      required: ['id', 'uuid', 'whatsappId', 'first'],
      properties: {
        id: { type: 'integer' },
        uuid: { type: 'string', format: 'uuid' },
        whatsappId: { type: 'integer', description: 'The connection the message came through' },
        first: { type: 'boolean', description: "The ticket's first message for this integration" },
      },
    },
    contact: {
      type: 'object',
      required: ['id', 'name', 'number', 'email'],
      properties: {
        id: { type: 'integer' },
        name: { type: 'string' },
        number: { type: 'string', description: 'Digits only: country code, area code, number' },
        email: { type: 'string', nullable: true },
      },
    },
    message: {
      type: 'object',
      required: ['id', 'body', 'mediaType', 'hasMedia', 'createdAt'],
      properties: {
        id: { type: 'string' },
        body: { type: 'string', description: "The text, or a file's caption" },
        mediaType: { type: 'string', description: '`chat` for text; `image`, `audio`, `video`, `document`… for a file' },
        hasMedia: { type: 'boolean' },
        createdAt: { type: 'string', format: 'date-time' },
      },
    },
    queue: { type: 'object', nullable: true, required: ['id'], properties: { id: { type: 'integer' } } },
  },
};

const ANSWER = {
  type: 'object',
  description:
    "The receiver's answer (any 2xx). Optional: an empty or other body only acknowledges. `reply`/`replies` are sent to the customer in order; `handOff` passes the ticket to people (pending in its queue); `close` closes it. Other fields are ignored.",
  properties: {
    reply: { type: 'string' },
    replies: { type: 'array', items: { type: 'string' } },
    handOff: { type: 'boolean' },
    close: { type: 'boolean' },
  },
};

const header = (name: string, description: string, example: string) => ({
  name,
  in: 'header' as const,
  required: true,
  description,
  schema: { type: 'string' },
  example,
});

const DELIVERY = {
  post: {
    operationId: 'deliverIntegrationMessage',
    summary: "A customer's message, POSTed to the integration's URL",
    description: [
      'Sent for each customer message of a ticket the integration answers (its queue hands tickets to it). Delivered at least once: an answer other than 2xx, a time-out or a network error is retried with backoff (8 attempts, 1 s, 2 s, 4 s… apart, about 2 minutes), with the same body and `Idempotency-Key` and a fresh timestamp and signature; a 4xx other than 408 and 429 is final.',
      'Verify `X-Atende-Signature` before trusting the body: `sha256=` and the hex HMAC-SHA256, keyed by the integration\'s signing secret (`whsec_…`, shown once on create and by POST /queueIntegration/{id}/secret), of `X-Atende-Timestamp + "." + body` (the raw bytes). Refuse timestamps more than a few minutes old.',
      'Answers for a ticket that people took meanwhile are dropped.',
    ].join('\n\n'),
    parameters: [
      header('X-Atende-Event', 'The event: `message`', 'message'),
      header('X-Atende-Timestamp', 'Unix seconds when this attempt was signed', '1799064000'),
      header('X-Atende-Signature', '`sha256=<hex HMAC-SHA256(secret, timestamp + "." + body)>`', 'sha256=9f2c…'),
      header('X-Atende-Attempt', 'This attempt: 1 to 8', '1'),
      header('Idempotency-Key', '`{integrationId}:{messageId}`: the same on every attempt of one message', '1:45'),
    ],
    requestBody: {
      required: true,
      content: {
        'application/json': {
          schema: { $ref: '#/components/schemas/IntegrationMessageWebhookDto' },
          examples: {
            message: {
              summary: 'A customer asks a question',
              value: {
                event: 'message',
                integration: { id: 1, type: 'webhook', name: 'Webhook do CRM' },
                company: { id: 2 },
                ticket: { id: 8, uuid: '00000000-0000-4000-8000-000000000001', whatsappId: 1, first: true },
                contact: { id: 1, name: 'Mariana Costa', number: '5511933330001', email: null },
                message: { id: '45', body: 'Vocês entregam no sábado?', mediaType: 'chat', hasMedia: false, createdAt: '2027-01-04T12:00:00.000Z' },
                queue: { id: 1 },
              },
            },
          },
        },
      },
    },
    responses: {
      '200': {
        description: 'Received; the body may answer the customer, hand the ticket to people or close it',
        content: {
          'application/json': {
            schema: { $ref: '#/components/schemas/IntegrationMessageAnswerDto' },
            examples: {
              reply: { summary: 'Answer the customer', value: { reply: 'Sim, entregamos aos sábados até as 14h.' } },
              handOff: { summary: 'Pass the ticket to people', value: { replies: ['Vou chamar um atendente.'], handOff: true } },
            },
          },
        },
      },
      '400': { description: 'Refused for good (any 4xx but 408 and 429): not retried' },
      '503': { description: 'Failed for now (any 5xx, 408, 429, a time-out): retried with backoff' },
    },
    security: [],
  },
};

/** The outgoing delivery as the document's `webhooks.integrationMessage`, and its body schemas. */
export function addWebhooks(doc: OpenAPIObject): void {
  const components = (doc.components ??= {});
  components.schemas = { ...components.schemas, IntegrationMessageWebhookDto: PAYLOAD, IntegrationMessageAnswerDto: ANSWER };
  (doc as OpenAPIObject & { webhooks?: object }).webhooks = { integrationMessage: DELIVERY };
}
