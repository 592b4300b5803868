import { CONTACT_EMAIL_MAX, CONTACT_LIST_NAME_MAX, CONTACT_LIST_NAME_MIN, CONTACT_NUMBER_MAX, CONTACT_NUMBER_MIN } from './dto/contact-list.dto';

/**
 * A contact spreadsheet's decisions, as pure functions of plain values: its format told from its first bytes, a CSV's
 * delimiter, a cell as text, which column holds what, and each row checked like the item form. The reading itself
 * (contact-list-spreadsheet.ts) and the import (contact-list-import.service.ts) call these; contact-lists.rules.spec.ts
 * tests them in milliseconds.
 */
export type SpreadsheetFormat = 'xlsx' | 'xls' | 'csv';

const OLE_CFB = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/**
 * xlsx is a zip (PK\x03\x04), xls an OLE compound file, CSV text: UTF-8 (a BOM allowed) without NUL or other
 * control bytes but tab, CR and LF in its first bytes. Anything else is not a spreadsheet we read.
 */
export function sniffSpreadsheet(buf: Buffer): SpreadsheetFormat | null {
  if (buf.length >= 4 && buf[0] === 0x50 && buf[1] === 0x4b && buf[2] === 0x03 && buf[3] === 0x04) return 'xlsx';
  if (buf.length >= 8 && OLE_CFB.every((b, i) => buf[i] === b)) return 'xls';
  return looksLikeCsv(buf) ? 'csv' : null;
}

function looksLikeCsv(buf: Buffer): boolean {
  const body = buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf ? buf.subarray(3) : buf;
  if (!body.length || body.some((b) => b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d)) return false;
  // A multi-byte character may be cut at the end of the head: only the part before the last few bytes must decode.
  const text = new TextDecoder('utf-8', { fatal: false }).decode(body);
  const bad = text.slice(0, Math.max(0, text.length - 4)).includes('\uFFFD');
  return !bad && /[,;]/.test(text);
}

/** The CSV's delimiter: ';' when the header line holds more of them than commas (outside quotes), else ','. */
export function csvDelimiter(headerLine: string): ',' | ';' {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const ch of headerLine) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && ch === ',') commas++;
    else if (!quoted && ch === ';') semicolons++;
  }
  return semicolons > commas ? ';' : ',';
}

export interface SheetRow {
  /** The spreadsheet's own line number (1 = the first line). */
  line: number;
  /** Cell values, index 0 = column A. */
  cells: unknown[];
}

/** A cell as text: rich text, hyperlinks, formulas' results and numbers (phone numbers typed as numbers) included. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return Number.isInteger(value) ? BigInt(value).toString() : String(value);
  if (typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    const v = value as { richText?: { text: string }[]; text?: unknown; result?: unknown; hyperlink?: string };
    if (Array.isArray(v.richText))
      return v.richText
        .map((r) => r.text)
        .join('')
        .trim();
    if (v.text !== undefined) return cellText(v.text);
    if (v.result !== undefined) return cellText(v.result);
    if (v.hyperlink) return v.hyperlink.replace(/^mailto:/i, '').trim();
  }
  return '';
}

const plain = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[\s_-]+/g, '');

const HEADERS: Record<string, keyof ColumnMap> = {
  name: 'name',
  nome: 'name',
  number: 'number',
  numero: 'number',
  telefone: 'number',
  phone: 'number',
  celular: 'number',
  whatsapp: 'number',
  email: 'email',
};

export interface ColumnMap {
  name?: number;
  number?: number;
  email?: number;
}

/** Which column holds what, from the header row (case, accents, spaces and dashes ignored: 'Número', 'E-mail'). */
export function mapHeader(cells: unknown[]): ColumnMap {
  const map: ColumnMap = {};
  cells.forEach((cell, index) => {
    const key = HEADERS[plain(cellText(cell))];
    if (key && map[key] === undefined) map[key] = index;
  });
  return map;
}

export interface RowError {
  line: number;
  field: 'name' | 'number' | 'email';
  message: string;
}

export interface ContactRow {
  name: string;
  number: string;
  email: string | null;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A row's contact, or why it cannot be one; a wholly blank row is null (skipped, not counted). */
export function parseRow(row: SheetRow, map: ColumnMap): { contact: ContactRow } | { errors: RowError[] } | null {
  const at = (i: number | undefined) => (i === undefined ? '' : cellText(row.cells[i]));
  const name = at(map.name);
  const rawNumber = at(map.number);
  const email = at(map.email);
  if (!name && !rawNumber && !email) return null;
  const number = rawNumber.replace(/\D+/g, '');
  const errors: RowError[] = [];
  const fail = (field: RowError['field'], message: string) => errors.push({ line: row.line, field, message });
  if (!name) fail('name', 'Obrigatório');
  else if ([...name].length < CONTACT_LIST_NAME_MIN) fail('name', 'Too Short!');
  else if ([...name].length > CONTACT_LIST_NAME_MAX) fail('name', 'Too Long!');
  if (!number) fail('number', 'Obrigatório');
  else if (number.length < CONTACT_NUMBER_MIN) fail('number', 'Too Short!');
  else if (number.length > CONTACT_NUMBER_MAX) fail('number', 'Too Long!');
  if (email && (email.length > CONTACT_EMAIL_MAX || !EMAIL.test(email))) fail('email', 'Invalid email');
  return errors.length ? { errors } : { contact: { name, number, email: email || null } };
}
