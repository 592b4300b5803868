import Papa from 'papaparse';
import type { Schema } from '../../client';

/**
 * The contacts page's CSV export (spec back-office §9): a semicolon separator, the columns name, number and email,
 * in that order, with a header row. The semicolon is also what spreadsheets in pt-BR expect (the comma is the
 * decimal separator there). Fields are quoted by papaparse where needed (a ';', a quote or a line break inside).
 */
export const CONTACTS_CSV_SEPARATOR = ';';
export const CONTACTS_CSV_COLUMNS = ['name', 'number', 'email'] as const;
/** A UTF-8 byte order mark, so that spreadsheet programs read accented names as UTF-8. */
export const CSV_BOM = '\uFEFF';

type CsvContact = Pick<Schema<'ContactDto'>, 'name' | 'number'> & { email?: string | null };

/** The CSV text (without the BOM) of the contacts, one row each, a header row first; lines end in CRLF. */
export function contactsCsv(contacts: CsvContact[]): string {
  const csv = Papa.unparse(
    {
      fields: [...CONTACTS_CSV_COLUMNS],
      data: contacts.map((c) => [c.name, c.number, c.email ?? '']),
    },
    {
      delimiter: CONTACTS_CSV_SEPARATOR,
      newline: '\r\n',
      // A cell starting with =, +, - or @ is not run as a formula by the spreadsheet.
      escapeFormulae: true,
    },
  );
  // With no rows papaparse still ends the header line.
  return csv.endsWith('\r\n') ? csv.slice(0, -2) : csv;
}

/**
 * Saves text as a file through a temporary link (the page's own document: it also works inside a shadow root).
 * The object URL is revoked once the click went out.
 */
export function downloadText(filename: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
