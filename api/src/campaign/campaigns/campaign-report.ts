import type { EntityManager } from '@mikro-orm/postgresql';
import type { CompanyId } from '../../common/tenancy/company-id';
import { tenantSql } from '../../common/tenancy/tenant-sql';
import { Campaign } from './campaign.entity';
import { RECIPIENT_STATES, RecipientState } from './campaign-recipients';
import { namesOf, reportCounts as countRecipients, validsOfList, validsOfTag, type CampaignReferenceTable } from './campaigns.queries';
import { CampaignDto, CampaignRefDto, CampaignReportDto } from './dto/campaign.dto';
import { editableNow } from './campaigns.rules';

interface Names {
  contactList: Map<number, string>;
  whatsapp: Map<number, string>;
  tag: Map<number, string>;
  fileList: Map<number, string>;
}

const ref = (names: Map<number, string>, id: number | null | undefined): CampaignRefDto | null => (id && names.has(id) ? { id, name: names.get(id)! } : null);

/** The names the campaign list shows beside each campaign, in four queries for any number of campaigns. */
export async function loadNames(em: EntityManager, companyId: CompanyId, campaigns: Campaign[]): Promise<Names> {
  const ids = (pick: (c: Campaign) => number | null | undefined) => [...new Set(campaigns.map(pick).filter((x): x is number => Boolean(x)))];
  const named = async (table: CampaignReferenceTable, list: number[]) =>
    list.length ? namesOf(tenantSql(em, companyId), table, list) : new Map<number, string>();
  return {
    contactList: await named(
      'contact_lists',
      ids((c) => c.contactListId),
    ),
    whatsapp: await named(
      'whatsapps',
      ids((c) => c.whatsappId),
    ),
    tag: await named(
      'tags',
      ids((c) => c.tagListId),
    ),
    fileList: await named(
      'file_lists',
      ids((c) => c.fileListId),
    ),
  };
}

export function mapCampaign(c: Campaign, names: Names, now = new Date()): CampaignDto {
  return {
    id: c.id,
    name: c.name,
    status: c.status,
    confirmation: c.confirmation,
    scheduledAt: c.scheduledAt ?? null,
    startedAt: c.startedAt ?? null,
    completedAt: c.completedAt ?? null,
    whatsappId: c.whatsappId ?? null,
    contactListId: c.contactListId ?? null,
    tagListId: c.tagListId ?? null,
    fileListId: c.fileListId ?? null,
    message1: c.message1,
    message2: c.message2,
    message3: c.message3,
    message4: c.message4,
    message5: c.message5,
    confirmationMessage1: c.confirmationMessage1,
    confirmationMessage2: c.confirmationMessage2,
    confirmationMessage3: c.confirmationMessage3,
    confirmationMessage4: c.confirmationMessage4,
    confirmationMessage5: c.confirmationMessage5,
    mediaPath: c.media.path,
    mediaName: c.media.name,
    companyId: c.companyId,
    editable: editableNow(c, now),
    contactList: ref(names.contactList, c.contactListId),
    whatsapp: ref(names.whatsapp, c.whatsappId),
    tagList: ref(names.tag, c.tagListId),
    fileList: ref(names.fileList, c.fileListId),
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
  };
}

/**
 * The report's counts in one pass over the campaign's recipients, read from the per-recipient rows
 * (campaign-recipients.ts): the counters and the recipient list cannot disagree.
 */
export async function reportCounts(em: EntityManager, campaign: Campaign): Promise<Omit<CampaignReportDto, 'campaign'>> {
  const r = await countRecipients(tenantSql(em, campaign.companyId), campaign.id);
  const n = (k: string) => Number(r?.[k] ?? 0);
  let valids = n('planned') - n('no_whatsapp');
  if (!campaign.startedAt) valids = await plannedValids(em, campaign);
  return {
    valids,
    confirmationRequested: n('confirmation_requested'),
    confirmed: n('confirmed'),
    delivered: n('delivered'),
    planned: n('planned'),
    pending: n('state_planned'),
    sent: n('sent'),
    failed: n('failed'),
    skipped: n('skipped'),
    recipients: Object.fromEntries(RECIPIENT_STATES.map((state) => [state, n(`state_${state}`)])) as Record<RecipientState, number>,
  };
}

/** Before the start: the distinct numbers the campaign would reach, less those known to have no WhatsApp. */
async function plannedValids(em: EntityManager, c: Campaign): Promise<number> {
  if (c.contactListId) {
    return validsOfList(tenantSql(em, c.companyId), c.contactListId);
  }
  if (c.tagListId) {
    return validsOfTag(tenantSql(em, c.companyId), c.tagListId);
  }
  return 0;
}
