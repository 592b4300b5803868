import 'reflect-metadata';
import { Type, plainToInstance } from 'class-transformer';
import { AllTicketAsSpec, BlankAsAbsent, IdsFromObjects, NONE_PLACEHOLDER, NoneAsNull, NullAsEmptyText } from './original-inputs';

class Sample {
  @NoneAsNull() ref?: number | null;
  @NoneAsNull(NONE_PLACEHOLDER) @Type(() => Number) typed?: number | null;
  @NullAsEmptyText() text?: string;
  @BlankAsAbsent((body) => body.type === 'dialogflow') language?: string;
  @AllTicketAsSpec() allTicket?: string;
  @IdsFromObjects() users?: unknown[];
}
const read = (plain: object) => plainToInstance(Sample, plain);

describe('inputs of the original system', () => {
  it("NoneAsNull: false, '' and blanks (and a named placeholder) are null; ids, null and absence pass", () => {
    expect(read({ ref: false }).ref).toBeNull();
    expect(read({ ref: '  ' }).ref).toBeNull();
    expect(read({ ref: 7 }).ref).toBe(7);
    expect(read({ ref: null }).ref).toBeNull();
    expect(read({}).ref).toBeUndefined();
    expect(read({ ref: true }).ref).toBe(true);
    expect(read({ ref: 'Nenhuma' }).ref).toBe('Nenhuma');
    // Seen before @Type's conversion, which turns false into 0 and 'Nenhuma' into NaN.
    expect(read({ typed: 'Nenhuma' }).typed).toBeNull();
    expect(read({ typed: false }).typed).toBeNull();
    expect(read({ typed: '12' }).typed).toBe(12);
  });

  it('NullAsEmptyText, BlankAsAbsent, AllTicketAsSpec, IdsFromObjects', () => {
    expect(read({ text: null }).text).toBe('');
    expect(read({ text: 'oi' }).text).toBe('oi');
    expect(read({ type: 'webhook', language: '' }).language).toBeUndefined();
    expect(read({ type: 'dialogflow', language: '' }).language).toBe('');
    expect(read({ type: 'webhook', language: 'en' }).language).toBe('en');
    expect(read({ allTicket: 'desabled' }).allTicket).toBe('disabled');
    expect(read({ allTicket: 'enabled' }).allTicket).toBe('enabled');
    expect(read({ allTicket: 'on' }).allTicket).toBe('on');
    expect(read({ users: [{ id: 3, name: 'Ana' }, 4, { name: 'x' }] }).users).toEqual([3, 4, { name: 'x' }]);
  });
});
