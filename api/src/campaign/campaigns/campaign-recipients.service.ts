import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../common/http/errors';
import { isId } from '../../common/http/ids';
import { hasMorePages, likeTerm, pageWindow } from '../../common/http/pagination.rules';
import type { RequestContext } from '../../common/access/request-context';
import { tenantSql } from '../../common/tenancy/tenant-sql';
import { Campaign } from './campaign.entity';
import { CampaignError } from './campaign.errors';
import { CampaignsService } from './campaigns.service';
import { RecipientRow, RecipientState } from './campaign-recipients';
import { recipientCount, recipientPage, recipientRows, type RecipientFilter } from './campaigns.queries';
import { reasonOf } from './campaigns.rules';
import type { BulkCampaignsDto } from './dto/bulk-campaigns.dto';
import { BulkResultDto, runBulk } from '../../common/http/bulk';
import type { CampaignRecipientDto, CampaignRecipientPageDto, ListCampaignRecipientsDto } from './dto/campaign-recipient.dto';

const CSV_COLUMNS: [string, (r: CampaignRecipientDto) => string | number | null | undefined][] = [
  ['number', (r) => r.number],
  ['name', (r) => r.name],
  ['state', (r) => r.state],
  ['reason', (r) => r.reason],
  ['plannedAt', (r) => r.plannedAt.toISOString()],
  ['sentAt', (r) => r.sentAt?.toISOString()],
  ['confirmationRequestedAt', (r) => r.confirmationRequestedAt?.toISOString()],
  ['confirmedAt', (r) => r.confirmedAt?.toISOString()],
];

/** One CSV cell: quoted when needed; a leading = + - @ is neutralised so a spreadsheet never runs it as a formula. */
function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[";\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const toDate = (v: Date | string | null): Date | null => (v === null ? null : new Date(v));

function mapRecipient(r: RecipientRow): CampaignRecipientDto {
  return {
    number: r.number,
    name: r.name,
    state: r.state,
    reason: reasonOf(r) ?? undefined,
    plannedAt: toDate(r.planned_at)!,
    sentAt: toDate(r.sent_at),
    confirmationRequestedAt: toDate(r.confirmation_requested_at),
    confirmedAt: toDate(r.confirmed_at),
    ack: r.ack === null ? null : Number(r.ack),
  };
}

/**
 * The per-recipient report (each number's state, filterable, as CSV) and the campaigns list's bulk actions. Every
 * read names the caller's company: another company's campaign is not found.
 */
@Injectable()
export class CampaignRecipientsService {
  constructor(
    private readonly em: EntityManager,
    private readonly campaigns: CampaignsService,
  ) {}

  async list(ctx: RequestContext, id: number, query: ListCampaignRecipientsDto): Promise<CampaignRecipientPageDto> {
    await this.find(ctx, id);
    const { limit, offset } = pageWindow(query.pageNumber);
    const filter = this.filter(query);
    const db = tenantSql(this.em, ctx.companyId);
    const rows = await recipientPage(db, id, filter, limit, offset);
    let count = Number(rows[0]?.total ?? 0);
    if (!rows.length && offset) count = await recipientCount(db, id, filter);
    return { recipients: rows.map(mapRecipient), count, hasMore: hasMorePages(offset, rows.length, count) };
  }

  /** The same rows (state and search filters, no pages) as CSV: `;`-separated, UTF-8 with a BOM so spreadsheets read accents. */
  async csv(ctx: RequestContext, id: number, query: ListCampaignRecipientsDto): Promise<string> {
    await this.find(ctx, id);
    const rows = await recipientRows(tenantSql(this.em, ctx.companyId), id, this.filter(query));
    const lines = [CSV_COLUMNS.map(([h]) => h).join(';'), ...rows.map(mapRecipient).map((r) => CSV_COLUMNS.map(([, v]) => csvCell(v(r))).join(';'))];
    return `\uFEFF${lines.join('\r\n')}\r\n`;
  }

  /** Each id on its own (common/http/bulk.ts): one that is not the caller's, or not sending, fails alone. */
  bulk(ctx: RequestContext, body: BulkCampaignsDto): Promise<BulkResultDto> {
    return runBulk(body.ids, (id) => this.campaigns.cancel(ctx, id));
  }

  /** A state, and a search of the name or the number (its digits, else the term). */
  private filter(query: ListCampaignRecipientsDto): RecipientFilter {
    const term = query.searchParam?.trim();
    return {
      ...(query.state ? { state: query.state satisfies RecipientState } : {}),
      ...(term ? { search: { name: likeTerm(term), number: likeTerm(term.replace(/\D/g, '') || term) } } : {}),
    };
  }

  private async find(ctx: RequestContext, id: number): Promise<Campaign> {
    const campaign = isId(id) ? await this.em.findOne(Campaign, { id, companyId: ctx.companyId }) : null;
    if (!campaign) throw new AppError(CampaignError.ERR_CAMPAIGN_NOT_FOUND);
    return campaign;
  }
}
