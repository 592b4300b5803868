import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../common/http/errors';
import { ConnectionSessionsService } from '../../connection/sessions/connection-sessions.service';
import { forkForCompany } from '../../common/tenancy/tenant-filter';
import { tenantSql } from '../../common/tenancy/tenant-sql';
import { setValidity } from './contact-lists.queries';
import { ContactListItem } from './contact-list.entity';
import type { CheckContactListJob } from './contact-list-jobs';
import { ContactListsService } from './contact-lists.service';
import { mapContactListItem } from './dto/contact-list.dto';

/** Numbers asked of the connection at once. */
export const CHECK_CHUNK = 200;
/** Up to this many changed contacts are announced one by one; more, and the list is told to reload. */
const ANNOUNCE_EACH_MAX = 20;

/**
 * Sets isWhatsappValid on a list's unchecked contacts (worker processes), asking the company's default connection
 * (ConnectionSessionsService.checkNumbers) in chunks. With no running connection (ERR_NO_WAPP_FOUND,
 * ERR_WAPP_NOT_INITIALIZED) the contacts stay unchecked (null) and it is logged; the next import or change tries again.
 */
@Injectable()
export class ContactListCheckService {
  private readonly log = new Logger('ContactListCheck');

  constructor(
    private readonly em: EntityManager,
    private readonly sessions: ConnectionSessionsService,
    private readonly lists: ContactListsService,
  ) {}

  async run({ companyId, contactListId }: CheckContactListJob): Promise<number> {
    const em = forkForCompany(this.em, companyId);
    let after = 0;
    let checked = 0;
    const changed: number[] = [];
    for (;;) {
      const rows = await em.find(
        ContactListItem,
        { companyId, contactListId, isWhatsappValid: null, id: { $gt: after } },
        { orderBy: { id: 'asc' }, limit: CHECK_CHUNK, fields: ['id', 'number'] },
      );
      if (!rows.length) break;
      after = rows[rows.length - 1].id;
      let answers: { number: string; exists: boolean }[];
      try {
        answers = await this.sessions.checkNumbers(
          companyId,
          rows.map((r) => r.number),
        );
      } catch (e) {
        if (!(e instanceof AppError)) throw e;
        this.log.log(`company ${companyId} list ${contactListId}: numbers left unchecked (${e.def.code})`);
        break;
      }
      const valid = rows.map((r, i) => (answers.length === rows.length ? answers[i].exists : answers.some((a) => a.exists && a.number === r.number)));
      await setValidity(
        tenantSql(em, companyId),
        contactListId,
        rows.map((r, i) => ({ id: r.id, valid: valid[i] })),
      );
      checked += rows.length;
      if (changed.length <= ANNOUNCE_EACH_MAX) changed.push(...rows.map((r) => r.id));
    }
    if (!checked) return 0;
    if (changed.length <= ANNOUNCE_EACH_MAX) {
      const fresh = await forkForCompany(this.em, companyId).find(ContactListItem, { companyId, id: { $in: changed } });
      for (const row of fresh) this.lists.emit(companyId, 'ContactListItem', { action: 'update', record: mapContactListItem(row) });
    } else {
      this.lists.emit(companyId, 'ContactListItem', { action: 'reload', contactListId });
    }
    return checked;
  }
}
