import { Campaign } from './campaign.entity';
import {
  changedNonMessageFields,
  confirmationText,
  EDIT_LEAD_MS,
  editableNow,
  firstPerSender,
  gapBefore,
  missingToRun,
  reasonOf,
  recipientSource,
  renderMessage,
  statusOnSave,
} from './campaigns.rules';

const campaign = (fields: Partial<Campaign>): Campaign => Object.assign(new Campaign(), { id: 1, name: 'Natal' }, fields);
const now = new Date('2026-11-29T12:00:00Z');

describe('campaigns.rules', () => {
  describe('gapBefore', () => {
    it('draws gaps between half and one and a half of the interval, and the longer pause after every N sends', () => {
      const intervals = { messageInterval: 20, longerIntervalAfter: 3, greaterInterval: 120 };
      expect(gapBefore(1, intervals)).toBe(0);
      expect(gapBefore(2, intervals, () => 0)).toBe(10);
      expect(gapBefore(3, intervals, () => 0.999)).toBeCloseTo(29.98);
      expect(gapBefore(4, intervals)).toBe(120);
      expect(gapBefore(7, intervals)).toBe(120);
      expect(gapBefore(4, { ...intervals, longerIntervalAfter: 0 }, () => 0.5)).toBe(20);
    });

    it('starts the first send at the start, even with a longer pause every send', () => {
      expect(gapBefore(0, { messageInterval: 20, longerIntervalAfter: 1, greaterInterval: 60 })).toBe(0);
      expect(gapBefore(1, { messageInterval: 20, longerIntervalAfter: 1, greaterInterval: 60 })).toBe(0);
      expect(gapBefore(2, { messageInterval: 20, longerIntervalAfter: 1, greaterInterval: 60 })).toBe(60);
    });

    it('sends back to back with a zero interval', () => {
      expect(gapBefore(5, { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 }, () => 0.7)).toBe(0);
    });
  });

  describe('renderMessage', () => {
    it("fills the recipient's fields and the company's variables; unknown ones stay as written", () => {
      expect(
        renderMessage('Oi {nome}, seu número {numero}; cupom {cupom} {desconhecida}', { name: 'Ana', number: '5511', email: null }, [
          { key: 'cupom', value: 'NATAL10' },
        ]),
      ).toBe('Oi Ana, seu número 5511; cupom NATAL10 {desconhecida}');
    });

    it('answers the English names, a missing email as empty, and an upper-case key by its lower-case value', () => {
      expect(renderMessage('{name} {number} [{email}] {NOME}', { name: 'Bia', number: '5522' }, [])).toBe('Bia 5522 [] Bia');
      expect(renderMessage('{email}', { name: 'Bia', number: '5522', email: 'b@x.com' }, [])).toBe('b@x.com');
    });

    it("never lets a company variable replace a recipient's field", () => {
      expect(renderMessage('{nome}', { name: 'Ana', number: '1' }, [{ key: 'nome', value: 'Todos' }])).toBe('Ana');
    });
  });

  describe('editableNow', () => {
    it('keeps a draft editable, and a scheduled one until an hour before its start', () => {
      expect(editableNow({ status: 'INATIVA', scheduledAt: null }, now)).toBe('all');
      expect(editableNow({ status: 'PROGRAMADA', scheduledAt: new Date(now.getTime() + EDIT_LEAD_MS + 1) }, now)).toBe('all');
      expect(editableNow({ status: 'PROGRAMADA', scheduledAt: new Date(now.getTime() + EDIT_LEAD_MS) }, now)).toBe('none');
      expect(editableNow({ status: 'PROGRAMADA', scheduledAt: new Date(now.getTime() + 60_000) }, now)).toBe('none');
      expect(editableNow({ status: 'PROGRAMADA', scheduledAt: null }, now)).toBe('none');
    });

    it('lets a cancelled campaign change its messages only, and a running or finished one nothing', () => {
      expect(editableNow({ status: 'CANCELADA', scheduledAt: null }, now)).toBe('messages');
      expect(editableNow({ status: 'EM_ANDAMENTO', scheduledAt: now }, now)).toBe('none');
      expect(editableNow({ status: 'FINALIZADA', scheduledAt: now }, now)).toBe('none');
    });
  });

  describe('changedNonMessageFields', () => {
    it('names the fields other than messages that a save would change', () => {
      const c = campaign({ status: 'CANCELADA', whatsappId: 3, scheduledAt: new Date(now), message1: 'a' });
      expect(changedNonMessageFields(c, { message1: 'b', confirmationMessage2: 'c' })).toEqual([]);
      expect(changedNonMessageFields(c, { whatsappId: 3, scheduledAt: new Date(now.getTime()), name: 'Natal' })).toEqual([]);
      expect(changedNonMessageFields(c, { whatsappId: 4, scheduledAt: new Date(now.getTime() + 1), name: 'Outra', message1: 'x' })).toEqual([
        'whatsappId',
        'scheduledAt',
        'name',
      ]);
    });

    it('treats an absent value and null alike, and ignores undefined fields', () => {
      const c = campaign({ contactListId: undefined });
      expect(changedNonMessageFields(c, { contactListId: null, tagListId: undefined })).toEqual([]);
      expect(changedNonMessageFields(c, { contactListId: 7 })).toEqual(['contactListId']);
    });
  });

  it('saves a campaign with a start time as PROGRAMADA and without one as a draft', () => {
    expect(statusOnSave({ scheduledAt: now })).toBe('PROGRAMADA');
    expect(statusOnSave({ scheduledAt: null })).toBe('INATIVA');
    expect(statusOnSave({})).toBe('INATIVA');
  });

  describe('missingToRun', () => {
    it('asks a scheduled campaign for a connection, recipients and a message', () => {
      expect(missingToRun(campaign({ status: 'PROGRAMADA' })).map((f) => f.field)).toEqual(['whatsappId', 'contactListId', 'message1']);
      expect(missingToRun(campaign({ status: 'PROGRAMADA', message3: '   ' })).map((f) => f.field)).toContain('message1');
    });

    it('accepts a tag instead of a list and any message slot; asks for a confirmation text only when confirmation is on', () => {
      const ready = { status: 'PROGRAMADA' as const, whatsappId: 1, tagListId: 2, message4: 'Oi' };
      expect(missingToRun(campaign(ready))).toEqual([]);
      expect(missingToRun(campaign({ ...ready, confirmation: true }))).toEqual([{ field: 'confirmationMessage1', messages: ['Obrigatório'] }]);
      expect(missingToRun(campaign({ ...ready, confirmation: true, confirmationMessage5: 'Posso?' }))).toEqual([]);
    });

    it('asks nothing of a draft', () => {
      expect(missingToRun(campaign({ status: 'INATIVA' }))).toEqual([]);
    });
  });

  it("takes the recipients from the contact list first, else the tag's contacts, else none", () => {
    expect(recipientSource({ contactListId: 4, tagListId: 9 })).toEqual({ contactListId: 4 });
    expect(recipientSource({ contactListId: null, tagListId: 9 })).toEqual({ tagId: 9 });
    expect(recipientSource({})).toBeNull();
  });

  it("asks with the slot's confirmation text, else the first written one, else the slot's message", () => {
    expect(confirmationText(campaign({ confirmationMessage2: 'Posso enviar?', confirmationMessage3: 'Outro' }), 2)).toBe('Posso enviar?');
    expect(confirmationText(campaign({ confirmationMessage3: 'Outro', confirmationMessage4: 'Quarto' }), 1)).toBe('Outro');
    expect(confirmationText(campaign({ message2: 'Oferta', confirmationMessage1: '  ' }), 2)).toBe('Oferta');
  });

  it("keeps each sender's first message of a batch, per connection and number", () => {
    const batch = [
      { whatsappId: 1, number: '5511', messageId: 'a' },
      { whatsappId: 1, number: '5511', messageId: 'b' },
      { whatsappId: 2, number: '5511', messageId: 'c' },
      { whatsappId: 1, number: '5522' },
    ];
    expect(firstPerSender(batch)).toEqual([batch[0], batch[2], batch[3]]);
    expect(firstPerSender([])).toEqual([]);
  });

  it('gives a failed recipient its reason: skipped for no WhatsApp or no connection, else a failed send', () => {
    expect(reasonOf({ state: 'failed', skipped: 'no-whatsapp' })).toBe('no-whatsapp');
    expect(reasonOf({ state: 'failed', skipped: 'no-connection' })).toBe('no-connection');
    expect(reasonOf({ state: 'failed', skipped: null })).toBe('send-failed');
    expect(reasonOf({ state: 'failed', skipped: 'other' })).toBe('send-failed');
    expect(reasonOf({ state: 'read', skipped: null })).toBeNull();
  });
});
