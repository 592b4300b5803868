import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { csvDelimiter, type SheetRow, type SpreadsheetFormat } from './contact-lists.rules';

/**
 * Reading a contact spreadsheet: rows streamed one at a time (xlsx through exceljs' streaming reader, so memory
 * stays flat however long the sheet is; xls, at most 65,536 rows by its format, through SheetJS; CSV, UTF-8 with or
 * without a BOM, through @fast-csv/parse's stream). The format told from its bytes, the CSV's delimiter, the header
 * mapped to the columns it names and each row checked like the item form are contact-lists.rules.ts.
 * The three libraries load at their first use: together some 300 modules, a third of a second of every process's
 * start (and of every API test file's) for a feature most processes never run.
 */

/** Largest spreadsheet accepted (413 above it). */
export const CONTACT_SPREADSHEET_MAX_BYTES = 20 * 1024 * 1024;

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
