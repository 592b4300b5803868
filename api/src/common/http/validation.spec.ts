import { AppError } from './errors';
import { InputTextPipe, MAX_INPUT_DEPTH } from './validation';

const pipe = new InputTextPipe();
const fieldsOf = (run: () => unknown) => {
  try {
    run();
  } catch (e) {
    expect(e).toBeInstanceOf(AppError);
    const body = (e as AppError).getResponse() as { error: string; fields: { field: string }[] };
    expect(body.error).toBe('ERR_VALIDATION');
    return body.fields.map((f) => f.field);
  }
  return [];
};

describe('InputTextPipe', () => {
  it('passes values without NUL through unchanged', () => {
    const body = { a: 'x', b: [1, { c: 'y' }], d: null, e: Buffer.from([0]) };
    expect(pipe.transform(body, { type: 'body' })).toBe(body);
    expect(pipe.transform('12', { type: 'param', data: 'id' })).toBe('12');
  });

  it('names each field holding a NUL as the ValidationPipe names fields: body and query by path, params by name', () => {
    expect(fieldsOf(() => pipe.transform({ message: 'a\u0000', extraInfo: [{ name: 'ok', value: '\u0000' }] }, { type: 'body' }))).toEqual([
      'message',
      'extraInfo.0.value',
    ]);
    expect(fieldsOf(() => pipe.transform({ searchParam: ['x', 'y\u0000'] }, { type: 'query' }))).toEqual(['searchParam.1']);
    expect(fieldsOf(() => pipe.transform('1\u0000', { type: 'param', data: 'id' }))).toEqual(['id']);
    expect(fieldsOf(() => pipe.transform({ ['a\u0000b']: 1 }, { type: 'body' }))).toEqual(['a\\u0000b']);
  });

  it('names each field holding a lone UTF-16 surrogate (high or low, value or key); a surrogate pair is text', () => {
    expect(fieldsOf(() => pipe.transform({ email: 'a\ud800@x.com', name: 'x\udc00', ok: 'emoji 😀' }, { type: 'body' }))).toEqual(['email', 'name']);
    expect(fieldsOf(() => pipe.transform({ ['k\udbff']: 1 }, { type: 'body' }))).toEqual(['k\\udbff']);
    expect(fieldsOf(() => pipe.transform([{ fieldname: 'file', originalname: '\ud800.png' }], { type: 'custom' }))).toEqual(['file']);
    const fine = { text: '😀 ok', arr: ['\ud83d\ude00'] };
    expect(pipe.transform(fine, { type: 'body' })).toBe(fine);
  });

  it("checks uploaded files' names only, among custom arguments", () => {
    const ctx = { userId: 1, note: '\u0000' };
    expect(pipe.transform(ctx, { type: 'custom' })).toBe(ctx);
    expect(fieldsOf(() => pipe.transform({ fieldname: 'file', originalname: 'x\u0000.png', buffer: Buffer.alloc(0) }, { type: 'custom' }))).toEqual(['file']);
    expect(fieldsOf(() => pipe.transform([{ fieldname: 'medias', originalname: '\u0000' }], { type: 'custom' }))).toEqual(['medias']);
  });

  it(`refuses values nested more than ${MAX_INPUT_DEPTH} levels, however deep, without recursing`, () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(fieldsOf(() => pipe.transform({ a: deep }, { type: 'body' }))).toEqual([`a${'.0'.repeat(MAX_INPUT_DEPTH - 1)}`]);
  });
});
