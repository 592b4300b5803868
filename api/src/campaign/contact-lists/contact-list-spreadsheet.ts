import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { CONTACT_EMAIL_MAX, CONTACT_LIST_NAME_MAX, CONTACT_LIST_NAME_MIN, CONTACT_NUMBER_MAX, CONTACT_NUMBER_MIN } from './dto/contact-list.dto';

/**
 * Reading a contact spreadsheet: the format told from its bytes, rows streamed one at a time (xlsx through
 * exceljs' streaming reader, so memory stays flat however long the sheet is; xls, at most 65,536 rows by its
 * format, through SheetJS; CSV, UTF-8 with or without a BOM, ',' or ';' told from the header line, through
 * @fast-csv/parse's stream), the header mapped to the columns it names, and each row checked like the item form.
 * The three libraries load at their first use: together some 300 modules, a third of a second of every process's
 * start (and of every API test file's) for a feature most processes never run.
 */
export type SpreadsheetFormat = 'xlsx' | 'xls' | 'csv';

/** Largest spreadsheet accepted (413 above it). */
export const CONTACT_SPREADSHEET_MAX_BYTES = 20 * 1024 * 1024;

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

/** The first worksheet's rows, in order; blank lines may be skipped. */
export async function* readSpreadsheet(path: string, format: SpreadsheetFormat): AsyncGenerator<SheetRow> {
  if (format === 'xls') {
    yield* readXls(path);
    return;
  }
  if (format === 'csv') {
    yield* readCsv(path);
    return;
  }
  const ExcelJS = await import('exceljs');
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(path, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    entries: 'emit',
  });
  let first = true;
  for await (const sheet of reader) {
    // Later sheets are read through (the zip is a stream) but not used.
    for await (const row of sheet) {
      if (!first) continue;
      const values = Array.isArray(row.values) ? (row.values as unknown[]).slice(1) : [];
      yield { line: row.number, cells: values };
    }
    first = false;
  }
}

async function* readCsv(path: string): AsyncGenerator<SheetRow> {
  const handle = await open(path, 'r');
  let head: Buffer;
  try {
    const buf = Buffer.alloc(64 * 1024);
    const { bytesRead } = await handle.read(buf, 0, buf.length, 0);
    head = buf.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
  const text = head.toString('utf8').replace(/^\uFEFF/, '');
  const delimiter = csvDelimiter(text.split(/\r?\n/, 1)[0] ?? '');
  // Lines are counted as the file's own (a quoted cell may span lines; blank lines are skipped but counted).
  const { parse: parseCsv } = await import('@fast-csv/parse');
  const parser = createReadStream(path).pipe(parseCsv({ delimiter, ignoreEmpty: false, strictColumnHandling: false, discardUnmappedColumns: false }));
  let line = 0;
  for await (const row of parser as AsyncIterable<string[]>) {
    line++;
    const cells = row.map((c, i) => (line === 1 && i === 0 ? c.replace(/^\uFEFF/, '') : c));
    if (cells.every((c) => !c.trim())) continue;
    yield { line, cells };
  }
}

async function* readXls(path: string): AsyncGenerator<SheetRow> {
  const XLSX = await import('@e965/xlsx');
  const book = XLSX.readFile(path, { dense: true, cellDates: false, cellHTML: false, cellFormula: false });
  const name = book.SheetNames[0];
  const sheet = name ? book.Sheets[name] : undefined;
  if (!sheet?.['!ref']) return;
  const start = XLSX.utils.decode_range(sheet['!ref']).s.r;
  const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, blankrows: true, defval: null });
  for (let i = 0; i < rows.length; i++) yield { line: start + i + 1, cells: rows[i] ?? [] };
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

/** The example offered for download: the header the import reads and two rows. */
export async function exampleSpreadsheet(): Promise<Buffer> {
  const ExcelJS = await import('exceljs');
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Contatos');
  sheet.columns = [
    { header: 'Nome', key: 'name', width: 28 },
    { header: 'Numero', key: 'number', width: 20 },
    { header: 'Email', key: 'email', width: 30 },
  ];
  sheet.getRow(1).font = { bold: true };
  sheet.getColumn('number').numFmt = '@';
  sheet.addRow({ name: 'Maria Souza', number: '5511999999999', email: 'maria@example.com' });
  sheet.addRow({ name: 'João Pereira', number: '5521988887777', email: '' });
  return Buffer.from(await book.xlsx.writeBuffer());
}
