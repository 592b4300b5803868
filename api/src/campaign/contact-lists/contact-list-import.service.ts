import { rm } from 'node:fs/promises';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { CompanyId } from '../../common/tenancy/company-id';
import { forkForCompany } from '../../common/tenancy/tenant-filter';
import { MEDIA_STORE, type MediaStore } from '../../common/infra/media-store/media-store';
import { tenantSql } from '../../common/tenancy/tenant-sql';
import { upsertItems } from './contact-lists.queries';
import { ContactList } from './contact-list.entity';
import type { ImportContactListJob } from './contact-list-jobs';
import { readSpreadsheet } from './contact-list-spreadsheet';
import { ColumnMap, ContactRow, mapHeader, parseRow, RowError, SpreadsheetFormat } from './contact-lists.rules';
import { ContactListsService } from './contact-lists.service';

/** Rows upserted per statement. */
export const IMPORT_BATCH = 500;
/** Row errors reported at the end (the count of invalid rows is always whole). */
export const IMPORT_ERRORS_REPORTED = 200;

class ImportFailure extends Error {}

interface Totals {
  total: number;
  processed: number;
  added: number;
  updated: number;
  invalid: number;
}

/**
 * Runs a spreadsheet import (worker processes): the rows are streamed, checked, and upserted into the list in
 * set-based batches of IMPORT_BATCH, one `INSERT … ON CONFLICT (contact_list_id, number) DO UPDATE` each; a number
 * already in the list gets the spreadsheet's name and e-mail. Bad rows are reported by line, never abort the import.
 */
@Injectable()
export class ContactListImportService {
  private readonly log = new Logger('ContactListImport');

  constructor(
    private readonly em: EntityManager,
    private readonly lists: ContactListsService,
    @Inject(MEDIA_STORE) private readonly store: MediaStore,
  ) {}

  async run(job: ImportContactListJob): Promise<Totals | null> {
    const { companyId, contactListId, importId, format } = job;
    const base = { importId, contactListId };
    try {
      const em = forkForCompany(this.em, companyId);
      if (!(await em.count(ContactList, { id: contactListId, companyId }))) throw new ImportFailure('The contact list no longer exists');
      // The spreadsheet reader reads a file: the store's own, or a copy of a bucket's object for the import's length.
      const read = (path: string) => this.importRows(companyId, contactListId, importId, path, format);
      const totals = job.path ? await read(job.path) : await this.store.withLocalFile(job.key, read);
      this.log.log(
        `company ${companyId} list ${contactListId}: ${totals.processed} rows, ${totals.added} added, ${totals.updated} updated, ${totals.invalid} invalid`,
      );
      return totals;
    } catch (e) {
      const message = e instanceof ImportFailure ? e.message : 'The spreadsheet could not be read';
      if (!(e instanceof ImportFailure)) this.log.warn(`company ${companyId} import ${importId} failed: ${(e as Error).message}`);
      this.lists.emit(companyId, 'contactListImport', { action: 'failed', ...base, message });
      return null;
    } finally {
      if (job.path) await rm(job.path, { force: true });
      else await this.store.remove(job.key).catch(() => undefined);
      this.lists.emit(companyId, 'ContactListItem', { action: 'reload', contactListId });
      await this.lists.announce(companyId, contactListId);
    }
  }

  private async importRows(companyId: CompanyId, contactListId: number, importId: string, path: string, format: SpreadsheetFormat): Promise<Totals> {
    const totals: Totals = { total: await this.countDataRows(path, format), processed: 0, added: 0, updated: 0, invalid: 0 };
    const errors: RowError[] = [];
    const progress = () => this.lists.emit(companyId, 'contactListImport', { action: 'progress', importId, contactListId, ...totals });
    progress();
    let map: ColumnMap | null = null;
    let batch = new Map<string, ContactRow>();
    const flush = async () => {
      if (batch.size) {
        const { added, updated } = await this.upsert(companyId, contactListId, [...batch.values()]);
        totals.added += added;
        totals.updated += updated;
        batch = new Map();
      }
      progress();
    };
    for await (const row of readSpreadsheet(path, format)) {
      if (!map) {
        map = mapHeader(row.cells);
        if (map.name === undefined || map.number === undefined) {
          throw new ImportFailure('The first line must name the columns: Nome, Numero and, optionally, Email');
        }
        continue;
      }
      totals.processed++;
      const parsed = parseRow(row, map);
      if (parsed && 'errors' in parsed) {
        totals.invalid++;
        for (const e of parsed.errors) if (errors.length < IMPORT_ERRORS_REPORTED) errors.push(e);
      } else if (parsed) {
        // The same number twice in a batch: the later line wins, as it would across batches.
        if (batch.has(parsed.contact.number)) totals.updated++;
        batch.set(parsed.contact.number, parsed.contact);
      }
      if (totals.processed % IMPORT_BATCH === 0) await flush();
    }
    if (!map) throw new ImportFailure('The spreadsheet is empty');
    if (totals.processed % IMPORT_BATCH !== 0 || totals.processed === 0) await flush();
    totals.total = Math.max(totals.total, totals.processed);
    this.lists.emit(companyId, 'contactListImport', { action: 'done', importId, contactListId, ...totals, errors });
    if (totals.added || totals.updated) await this.lists.queueCheck(companyId, contactListId);
    return totals;
  }

  /** Data lines (after the header) for the progress bar: a quick first pass over the stream. */
  private async countDataRows(path: string, format: SpreadsheetFormat): Promise<number> {
    let lines = 0;
    for await (const _row of readSpreadsheet(path, format)) lines++;
    return Math.max(0, lines - 1);
  }

  /** One statement for the batch (contact-lists.queries.ts). */
  private async upsert(companyId: CompanyId, contactListId: number, rows: ContactRow[]): Promise<{ added: number; updated: number }> {
    return upsertItems(tenantSql(this.em, companyId), contactListId, rows);
  }
}
