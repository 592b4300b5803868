import type { CompanyId } from '../../common/tenancy/company-id';
import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { FieldError, validationError } from '../../common/http/errors';
import type { RequestContext } from '../../common/access/request-context';
import { forkForCompany } from '../../common/tenancy/tenant-filter';
import { CAMPAIGN_SETTINGS_DEFAULTS } from './campaign-intervals';
import { CampaignSettings } from './campaign-settings.entity';
import { CampaignSettingsDto, CampaignSettingsInputDto } from './dto/campaign-settings.dto';

const withDefaults = (row: CampaignSettings | null): CampaignSettingsDto => ({
  messageInterval: row?.messageInterval ?? CAMPAIGN_SETTINGS_DEFAULTS.messageInterval,
  longerIntervalAfter: row?.longerIntervalAfter ?? CAMPAIGN_SETTINGS_DEFAULTS.longerIntervalAfter,
  greaterInterval: row?.greaterInterval ?? CAMPAIGN_SETTINGS_DEFAULTS.greaterInterval,
  variables: (row?.variables ?? []).map(({ key, value }) => ({ key, value })),
});

/** A company's campaign dispatch settings (one row, made on the first save); defaults fill what was never saved. */
@Injectable()
export class CampaignSettingsService {
  constructor(private readonly em: EntityManager) {}

  async get(ctx: RequestContext): Promise<CampaignSettingsDto> {
    return withDefaults(await this.em.findOne(CampaignSettings, { companyId: ctx.companyId }));
  }

  /** Only the fields sent change; variables, when sent, replace the whole list (keys must be unique). */
  async save(ctx: RequestContext, input: CampaignSettingsInputDto): Promise<CampaignSettingsDto> {
    if (input.variables) {
      const fields: FieldError[] = [];
      const seen = new Set<string>();
      input.variables.forEach((v, i) => {
        if (seen.has(v.key)) fields.push({ field: `settings.variables.${i}.key`, messages: ['Chave repetida'] });
        seen.add(v.key);
      });
      if (fields.length) throw validationError(fields);
    }
    const changes = {
      ...(input.messageInterval !== undefined ? { messageInterval: input.messageInterval } : {}),
      ...(input.longerIntervalAfter !== undefined ? { longerIntervalAfter: input.longerIntervalAfter } : {}),
      ...(input.greaterInterval !== undefined ? { greaterInterval: input.greaterInterval } : {}),
      ...(input.variables !== undefined ? { variables: input.variables.map(({ key, value }) => ({ key, value })) } : {}),
    };
    // One row per company, concurrent first saves included.
    await this.em.upsert(
      CampaignSettings,
      { companyId: ctx.companyId, variables: [], ...changes, updatedAt: new Date() },
      {
        onConflictFields: ['companyId'],
        onConflictAction: 'merge',
        onConflictMergeFields: [...Object.keys(changes), 'updatedAt'] as (keyof CampaignSettings)[],
      },
    );
    const row = await this.em.findOne(CampaignSettings, { companyId: ctx.companyId }, { refresh: true });
    return withDefaults(row);
  }

  /** The settings the dispatcher uses, outside a request. */
  async forCompany(companyId: CompanyId): Promise<CampaignSettingsDto> {
    return withDefaults(await forkForCompany(this.em, companyId).findOne(CampaignSettings, { companyId }));
  }
}
