import { cellText, csvDelimiter, mapHeader, parseRow, sniffSpreadsheet } from './contact-lists.rules';

describe('contact-lists.rules', () => {
  it('tells xlsx, xls and CSV from their first bytes; anything else is not a spreadsheet', () => {
    expect(sniffSpreadsheet(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14]))).toBe('xlsx');
    expect(sniffSpreadsheet(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0]))).toBe('xls');
    expect(sniffSpreadsheet(Buffer.from('Nome;Numero\r\nAna;5511\r\n'))).toBe('csv');
    expect(sniffSpreadsheet(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('Nome,Número\n')]))).toBe('csv');
    expect(sniffSpreadsheet(Buffer.from('%PDF-1.4\n'))).toBeNull();
    expect(sniffSpreadsheet(Buffer.from('texto sem separador'))).toBeNull();
    expect(sniffSpreadsheet(Buffer.from([0x4e, 0x6f, 0x00, 0x2c]))).toBeNull();
    expect(sniffSpreadsheet(Buffer.from([0x41, 0x2c, 0xff, 0xfe, 0x41, 0x41, 0x41, 0x41, 0x41]))).toBeNull();
    expect(sniffSpreadsheet(Buffer.alloc(0))).toBeNull();
  });

  it("takes ';' as a CSV's delimiter when the header has more of them than commas, outside quotes", () => {
    expect(csvDelimiter('Nome;Numero;Email')).toBe(';');
    expect(csvDelimiter('Nome,Numero,Email')).toBe(',');
    expect(csvDelimiter('"Nome; completo",Numero')).toBe(',');
    expect(csvDelimiter('')).toBe(',');
  });

  it('reads a cell as text: numbers typed as numbers, rich text, links, formulas', () => {
    expect(cellText(5511999990001)).toBe('5511999990001');
    expect(cellText(1.5)).toBe('1.5');
    expect(cellText('  Ana ')).toBe('Ana');
    expect(cellText(null)).toBe('');
    expect(cellText(true)).toBe('true');
    expect(cellText(new Date('2026-11-29T00:00:00Z'))).toBe('2026-11-29T00:00:00.000Z');
    expect(cellText({ richText: [{ text: 'Ana ' }, { text: 'Souza ' }] })).toBe('Ana Souza');
    expect(cellText({ text: 'ana@x.io', hyperlink: 'mailto:ana@x.io' })).toBe('ana@x.io');
    expect(cellText({ hyperlink: 'MAILTO:bia@x.io' })).toBe('bia@x.io');
    expect(cellText({ formula: 'A1', result: 42 })).toBe('42');
    expect(cellText({})).toBe('');
  });

  it('maps the header to the columns whatever the case, accents, spaces and dashes; the first of each wins', () => {
    expect(mapHeader(['Email', 'Celular', 'NOME'])).toEqual({ email: 0, number: 1, name: 2 });
    expect(mapHeader(['Número', 'E-mail', 'nome', 'Telefone'])).toEqual({ number: 0, email: 1, name: 2 });
    expect(mapHeader(['Nome', 'Cidade'])).toEqual({ name: 0 });
  });

  it('checks each row like the item form, by its spreadsheet line', () => {
    const map = { email: 0, number: 1, name: 2 };
    const row = (line: number, cells: unknown[]) => parseRow({ line, cells }, map);
    expect(row(2, ['ana@example.com', '5511911110001', 'Ana'])).toEqual({ contact: { name: 'Ana', number: '5511911110001', email: 'ana@example.com' } });
    expect(row(3, ['', '123', 'Bia'])).toEqual({ errors: [{ line: 3, field: 'number', message: 'Too Short!' }] });
    expect(row(4, ['nao-e-email', '5511911110003', 'Caio'])).toEqual({ errors: [{ line: 4, field: 'email', message: 'Invalid email' }] });
    expect(row(5, ['', '5511911110004', ''])).toEqual({ errors: [{ line: 5, field: 'name', message: 'Obrigatório' }] });
    expect(row(6, [null, null, null])).toBeNull();
    expect(row(7, ['', '(11) 91111-0007', 'Duda'])).toEqual({ contact: { name: 'Duda', number: '11911110007', email: null } });
  });

  it('names every failing field of a row, with the lengths of the item form', () => {
    const map = { name: 0, number: 1 };
    expect(parseRow({ line: 9, cells: ['A', ''] }, map)).toEqual({
      errors: [
        { line: 9, field: 'name', message: 'Too Short!' },
        { line: 9, field: 'number', message: 'Obrigatório' },
      ],
    });
    expect(parseRow({ line: 10, cells: ['x'.repeat(51), '1'.repeat(51)] }, map)).toEqual({
      errors: [
        { line: 10, field: 'name', message: 'Too Long!' },
        { line: 10, field: 'number', message: 'Too Long!' },
      ],
    });
    expect(parseRow({ line: 11, cells: ['Ana', '12345678'] }, {})).toEqual(null);
  });
});
