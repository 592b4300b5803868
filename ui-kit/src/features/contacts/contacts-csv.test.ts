import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { CONTACTS_CSV_COLUMNS, CONTACTS_CSV_SEPARATOR, contactsCsv } from './contacts-csv';

describe('contactsCsv (back-office §9: semicolon, columns name, number, email)', () => {
  it('writes a header row and one row per contact, separated by semicolons', () => {
    const csv = contactsCsv([
      { name: 'Maria', number: '5511999990001', email: 'maria@example.com' },
      { name: 'João', number: '5511999990002', email: null },
    ]);
    expect(CONTACTS_CSV_SEPARATOR).toBe(';');
    expect(CONTACTS_CSV_COLUMNS).toEqual(['name', 'number', 'email']);
    expect(csv).toBe('name;number;email\r\nMaria;5511999990001;maria@example.com\r\nJoão;5511999990002;');
  });

  it('quotes a name holding the separator, a quote or a line break, so the file reads back to the same values', () => {
    const contacts = [
      { name: 'Souza; Maria', number: '5511999990001', email: '' },
      { name: 'Zé "da Loja"', number: '5511999990002', email: 'ze@example.com' },
      { name: 'Linha\nDupla', number: '5511999990003', email: '' },
    ];
    const csv = contactsCsv(contacts);
    expect(csv.split('\r\n')[1]).toBe('"Souza; Maria";5511999990001;');
    const parsed = Papa.parse<string[]>(csv, { delimiter: ';' }).data;
    expect(parsed).toEqual([['name', 'number', 'email'], ...contacts.map((c) => [c.name, c.number, c.email])]);
  });

  it('does not let a name start a spreadsheet formula', () => {
    expect(contactsCsv([{ name: '=HYPERLINK("x")', number: '5511999990001' }]).split('\r\n')[1]).toBe('"\'=HYPERLINK(""x"")";5511999990001;');
  });

  it('is only the header for no contacts', () => {
    expect(contactsCsv([])).toBe('name;number;email');
  });
});
