import { describe, expect, it } from 'vitest';
import { multipartBody, multipartForm } from './multipart';

describe('multipart', () => {
  it('puts text, numbers, true and files in the form, each file under its own name, and leaves out empty values', () => {
    const a = new File(['a'], 'a.jpg', { type: 'image/jpeg' });
    const b = new File(['b'], 'b.pdf', { type: 'application/pdf' });
    const form = multipartForm({ number: '5511', id: 7, closeTicket: true, skipped: false, none: null, gone: undefined, medias: [a, b] });
    expect([...form.keys()]).toEqual(['number', 'id', 'closeTicket', 'medias', 'medias']);
    expect(form.get('id')).toBe('7');
    expect(form.get('closeTicket')).toBe('true');
    expect((form.getAll('medias') as File[]).map((f) => f.name)).toEqual(['a.jpg', 'b.pdf']);
  });

  it('keeps the order of repeated names given as pairs', () => {
    const f = new File(['x'], 'x.png', { type: 'image/png' });
    const form = multipartForm([
      ['files', f],
      ['id', 3],
      ['files', f],
      ['id', 4],
    ]);
    expect([...form.entries()].map(([k, v]) => `${k}=${typeof v === 'string' ? v : v.name}`)).toEqual(['files=x.png', 'id=3', 'files=x.png', 'id=4']);
  });

  it('passes FormData through as the typed body', () => {
    const form = new FormData();
    expect(multipartBody<{ file: string }>(form)).toBe(form);
  });
});
