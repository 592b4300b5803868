import { IsInt, IsString, Min } from 'class-validator';
import { AppError } from './errors';
import { createValidationPipe, InputTextPipe, MAX_INPUT_DEPTH } from './validation';

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

describe('the ValidationPipe with remembered rule lookups', () => {
  const invalidFields = async (run: () => Promise<unknown>) => {
    try {
      await run();
    } catch (e) {
      return ((e as AppError).getResponse() as { fields: { field: string }[] }).fields.map((f) => f.field);
    }
    return [];
  };

  it('validates as before, with the rules a parent class declares, and sees rules declared after a first validation', async () => {
    const validation = createValidationPipe();
    class Parent {
      @IsInt() @Min(1) id!: number;
    }
    class Child extends Parent {
      @IsString() name!: string;
    }
    const meta = (metatype: new () => object) => ({ type: 'body' as const, metatype, data: undefined });
    expect(await invalidFields(() => validation.transform({ id: 0, name: 3 }, meta(Child)))).toEqual(['name', 'id']); // its own rules, then the parent's, as class-validator orders them
    // Remembered: the same answer again, and the same stripping of unknown fields.
    expect(await invalidFields(() => validation.transform({ id: 1, name: 3 }, meta(Child)))).toEqual(['name']);
    expect(await validation.transform({ id: 1, name: 'a', extra: true }, meta(Child))).toEqual(Object.assign(new Child(), { id: 1, name: 'a' }));

    // A rule declared after a first validation (decorating is registering): the remembered answers are forgotten.
    IsString()(Child.prototype, 'nickname');
    expect(await invalidFields(() => validation.transform({ id: 2, name: 'a', nickname: 1 }, meta(Child)))).toEqual(['nickname']);
    expect(await invalidFields(() => validation.transform({ id: -1, name: 'a', nickname: 'b' }, meta(Child)))).toEqual(['id']);
  });
});
