import { REALTIME_SCHEMAS } from './realtime-events';

describe('REALTIME_SCHEMAS', () => {
  // Each entity listed here is compared with its HTTP route by test/realtime-shapes*.e2e-spec.ts (a channel each).
  it('names the OpenAPI schema of every entity an event carries', () => {
    expect(Object.keys(REALTIME_SCHEMAS).sort()).toEqual([
      'announcement',
      'campaign',
      'campaignReport',
      'chat',
      'chatMessage',
      'company',
      'contact',
      'contactList',
      'contactListItem',
      'fileList',
      // The holiday channel's payload is compared with GET /holidays/{id} in automation.e2e-spec (the send that sets it).
      'holiday',
      'invoice',
      'message',
      'prompt',
      'queue',
      'queueIntegration',
      'queueOption',
      'schedule',
      'setting',
      'task',
      'ticket',
      'user',
      'whatsapp',
    ]);
  });
});
