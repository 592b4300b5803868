import { ProviderError } from '../messaging-provider';
import { parseDelivery } from './cloud-inbound';
import { buildCloudMessage, vcardToContact } from './cloud-outbound';
import { bodyParams, codeOf, isRetryable, mapTemplate, sendFailure } from './cloud.rules';
import { GraphError } from './graph-client';

describe('the Cloud API rules', () => {
  it("maps Meta's error codes to ours, final or retryable", () => {
    expect(codeOf(131047)).toBe('ERR_WINDOW_CLOSED');
    expect([codeOf(131026), codeOf(131021)]).toEqual(['ERR_WAPP_INVALID_CONTACT', 'ERR_WAPP_INVALID_CONTACT']);
    expect([codeOf(190), codeOf(undefined, 401)]).toEqual(['ERR_CLOUD_CREDENTIALS', 'ERR_CLOUD_CREDENTIALS']);
    expect([132000, 132001, 132005, 132007, 132012].map((c) => codeOf(c))).toEqual(Array(5).fill('ERR_TEMPLATE_NOT_FOUND'));
    expect(codeOf(100)).toBe('ERR_SENDING_WAPP_MSG');

    for (const retryable of [
      new GraphError(400, 130429, 'rate'),
      new GraphError(400, 131056, 'pair'),
      new GraphError(400, 80007, 'waba'),
      new GraphError(503, undefined, 'down'),
      new TypeError('fetch failed'),
    ]) {
      expect(isRetryable(retryable)).toBe(true);
      expect(sendFailure(retryable)).not.toBeInstanceOf(ProviderError);
    }
    const closed = sendFailure(new GraphError(400, 131047, 'Re-engagement message', 'more than 24 hours'));
    expect(closed).toBeInstanceOf(ProviderError);
    expect(closed).toMatchObject({ code: 'ERR_WINDOW_CLOSED', message: 'Re-engagement message: more than 24 hours' });
    expect(sendFailure(new GraphError(400, 100, 'Invalid parameter'))).toMatchObject({ code: 'ERR_SENDING_WAPP_MSG', message: 'Invalid parameter' });
  });

  it('reads a template: body, text header, footer and how many variables the body takes', () => {
    expect(bodyParams('Oi {{1}}, pedido {{2}}; de novo {{1}}')).toBe(2);
    expect(bodyParams('Hola {{ nombre }} y {{pedido}}')).toBe(2);
    expect(
      mapTemplate({
        name: 'x',
        language: 'pt_BR',
        status: 'APPROVED',
        category: 'UTILITY',
        components: [
          { type: 'HEADER', format: 'IMAGE' },
          { type: 'BODY', text: 'Sem variáveis' },
        ],
      }),
    ).toEqual({ name: 'x', language: 'pt_BR', status: 'APPROVED', category: 'UTILITY', body: 'Sem variáveis', header: null, footer: null, params: 0 });
  });

  it('builds the message object of each kind of content', () => {
    expect(buildCloudMessage('+55 (11) 98888-0001', { type: 'chat', body: 'oi' }, undefined, 'SEND1')).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '5511988880001',
      type: 'text',
      text: { preview_url: true, body: 'oi' },
      biz_opaque_callback_data: 'SEND1',
    });
    expect(buildCloudMessage('1', { type: 'chat', body: 'x', template: { name: 'boas_vindas', language: 'pt_BR', params: ['Ana', '42'] } })).toMatchObject({
      type: 'template',
      template: {
        name: 'boas_vindas',
        language: { code: 'pt_BR' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Ana' },
              { type: 'text', text: '42' },
            ],
          },
        ],
      },
    });
    expect(buildCloudMessage('1', { type: 'chat', body: 'x', template: { name: 'hello_world', language: 'en_US', params: [] } })).toMatchObject({
      template: { name: 'hello_world', language: { code: 'en_US' }, components: [] },
    });
    expect(
      buildCloudMessage('1', { type: 'document', body: 'pedido.pdf', media: { path: 'k', mimetype: 'application/pdf', filename: 'pedido.pdf' } }, 'M1'),
    ).toMatchObject({
      type: 'document',
      document: { id: 'M1', filename: 'pedido.pdf' },
    });
    expect(
      buildCloudMessage('1', { type: 'audio', body: 'nota', voiceNote: true, media: { path: 'k', mimetype: 'audio/ogg', filename: 'a.ogg' } }, 'M2'),
    ).toMatchObject({
      type: 'audio',
      audio: { id: 'M2' },
    });
    expect(buildCloudMessage('1', { type: 'locationMessage', body: '', location: { latitude: 1.5, longitude: -2, name: 'Loja' } })).toMatchObject({
      type: 'location',
      location: { latitude: 1.5, longitude: -2, name: 'Loja' },
    });
    expect(vcardToContact('BEGIN:VCARD\nVERSION:3.0\nFN:Pedro\nTEL;type=CELL;waid=5511988887777:+55 11 98888-7777\nEND:VCARD')).toEqual({
      name: { formatted_name: 'Pedro', first_name: 'Pedro' },
      phones: [{ phone: '+55 11 98888-7777', wa_id: '5511988887777', type: 'CELL' }],
    });
  });

  it('never throws on a delivery it does not understand, and skips what is not news', () => {
    for (const junk of [null, 'x', 42, {}, { entry: 'no' }, { entry: [{ changes: [{ field: 'messages', value: { messages: [{}, null, 'x'] } }] }] }]) {
      expect(parseDelivery(junk)).toEqual([]);
    }
    const events = parseDelivery({
      entry: [
        {
          changes: [
            {
              field: 'messages',
              value: {
                metadata: { phone_number_id: 'P1' },
                messages: [{ from: '5511', id: 'wamid.R', timestamp: '1700000000', type: 'reaction', reaction: { message_id: 'wamid.A' } }],
                statuses: [
                  { id: 'wamid.S', status: 'deleted' },
                  { id: 'wamid.F', status: 'failed', errors: [{ code: 131047, title: 'Re-engagement message' }] },
                ],
              },
            },
            { field: 'message_template_status_update', value: {} },
          ],
        },
      ],
    });
    // A removed reaction and a status that is no ack are nothing; a failure carries our code and Meta's title.
    expect(events).toEqual([{ kind: 'failed', phoneNumberId: 'P1', providerId: 'wamid.F', code: 'ERR_WINDOW_CLOSED', reason: 'Re-engagement message' }]);
  });
});
