import type { CompanyId } from '../../common/tenancy/company-id';
import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { AppError, CommonError } from '../../common/http/errors';
import { can, RequestContext } from '../../common/access/request-context';
import { RealtimeService } from '../../realtime/realtime.service';
import { forkForCompany } from '../../common/tenancy/tenant-filter';
import { tenantSql } from '../../common/tenancy/tenant-sql';
import { store, storedValues } from './settings.queries';
import { Company } from '../companies/company.entity';
import { PublicSettingsDto, SettingDto, UpdateSettingDto } from './dto/setting.dto';
import { Setting } from './setting.entity';
import { SETTING_DEFINITIONS, SETTINGS_BY_KEY, SettingDefinition, settingOrDefault, WHITE_LABEL_KEYS } from './setting-keys';
import { SettingError } from './setting.errors';

export interface SettingValue {
  key: string;
  value: string;
}

/** The same settings with every secret value blanked: what a reader without `settings:read-secrets` gets. */
export function withoutSecrets(values: SettingValue[]): SettingValue[] {
  return values.map((v) => (SETTINGS_BY_KEY.get(v.key)?.secret ? { ...v, value: '' } : v));
}

/**
 * Reads merge stored rows over the defaults, so every key the spec lists is always answered.
 * Rows are written per key with an upsert on (company_id, key).
 */
@Injectable()
export class SettingsService {
  constructor(
    private readonly em: EntityManager,
    private readonly realtime: RealtimeService,
  ) {}

  /** All settings of a company; secrets blanked unless `withSecrets`. */
  async listForCompany(companyId: CompanyId, withSecrets: boolean): Promise<SettingValue[]> {
    const rows = await forkForCompany(this.em, companyId).find(Setting, { companyId });
    const stored = new Map(rows.map((r) => [r.key, r.value]));
    const values = SETTING_DEFINITIONS.map((d) => ({ key: d.key, value: stored.get(d.key) ?? d.default }));
    return withSecrets ? values : withoutSecrets(values);
  }

  /** One setting's value, or its default. */
  async valueOf(companyId: CompanyId, key: string): Promise<string> {
    return (await this.valuesOf(companyId, [key]))[key];
  }

  /** Settings' values (or defaults) in one prepared read: the distribution rules ask three. */
  async valuesOf<K extends string>(companyId: CompanyId, keys: readonly K[]): Promise<Record<K, string>> {
    const rows = await storedValues(tenantSql(this.em, companyId), keys);
    const stored = new Map(rows.map((r) => [r.key, r.value]));
    return Object.fromEntries(keys.map((k) => [k, settingOrDefault(k, stored.get(k))])) as Record<K, string>;
  }

  /** White-label values only; safe without credentials. */
  async whiteLabel(companyId: CompanyId): Promise<Record<string, string>> {
    const rows = await forkForCompany(this.em, companyId).find(Setting, { companyId, key: { $in: WHITE_LABEL_KEYS } });
    const stored = new Map(rows.map((r) => [r.key, r.value]));
    return Object.fromEntries(WHITE_LABEL_KEYS.map((k) => [k, stored.get(k) ?? SETTINGS_BY_KEY.get(k)!.default]));
  }

  /** Writes one value for the caller's company (validation is the caller's job). */
  async write(ctx: Pick<RequestContext, 'companyId'>, key: string, value: string): Promise<SettingValue> {
    await this.store(ctx.companyId, key, value);
    return { key, value };
  }

  /**
   * Upsert of one row for `companyId`, named explicitly (it also serves super-user and sign-up paths
   * that act on another company). `em` lets a caller keep it inside its transaction.
   */
  async store(companyId: CompanyId, key: string, value: string, em: EntityManager = this.em): Promise<void> {
    await store(tenantSql(em, companyId), key, value);
  }

  // --- routes ---

  list(ctx: RequestContext): Promise<SettingDto[]> {
    return this.listForCompany(ctx.companyId, can(ctx, 'settings:read-secrets'));
  }

  async get(ctx: RequestContext, key: string): Promise<SettingDto> {
    const def = definitionOf(key);
    if (def.secret && !can(ctx, 'settings:read-secrets')) throw new AppError(CommonError.ERR_NO_PERMISSION, 'Only admins can read this setting');
    return { key, value: await this.valueOf(ctx.companyId, key) };
  }

  async update(ctx: RequestContext, key: string, body: UpdateSettingDto): Promise<SettingDto> {
    const def = definitionOf(key);
    if (def.uploadOnly) throw new AppError(SettingError.ERR_SETTING_UPLOAD_ONLY);
    if (def.whiteLabel && !ctx.features.whiteLabel) {
      throw new AppError(CommonError.ERR_PLAN_FEATURE_DISABLED, "The company's plan does not include whiteLabel");
    }
    const value = normalise(def, body.value);
    await this.em.transactional(async (em) => {
      await this.store(ctx.companyId, key, value, em);
      // The company column is what campaign code reads; the setting is what the console shows. Keep them equal.
      if (key === 'campaignsEnabled') await em.nativeUpdate(Company, { id: ctx.companyId }, { campaignsEnabled: value === 'true' });
    });
    this.emitUpdate(ctx.companyId, def, value);
    return { key, value };
  }

  /** Tells the company's clients; a secret's value reaches only those who may read it, the others get it blank as in the list. */
  emitUpdate(companyId: CompanyId, def: SettingDefinition, value: string): void {
    const setting = { key: def.key, value };
    if (!def.secret) return this.realtime.emit(companyId, 'settings', { action: 'update', setting });
    this.realtime.emitByPermission(
      companyId,
      'settings',
      'settings:read-secrets',
      { action: 'update', setting },
      { action: 'update', setting: { ...setting, value: '' } },
    );
  }

  // --- public (no credentials): white-label values only ---

  async publicSettings(companyId: CompanyId): Promise<PublicSettingsDto> {
    const values = await this.whiteLabel(companyId);
    return {
      appName: values.appName,
      primaryColorLight: values.primaryColorLight,
      primaryColorDark: values.primaryColorDark,
      appLogoLight: values.appLogoLight,
      appLogoDark: values.appLogoDark,
      appLogoFavicon: values.appLogoFavicon,
    };
  }

  async publicSetting(companyId: CompanyId, key: string): Promise<SettingDto> {
    const def = SETTINGS_BY_KEY.get(key);
    // Any other key answers exactly like an unknown one: no hint that it exists.
    if (!def?.whiteLabel || def.secret) throw new AppError(SettingError.ERR_NO_SETTING_FOUND);
    return { key, value: await this.valueOf(companyId, key) };
  }
}

function definitionOf(key: string): SettingDefinition {
  const def = SETTINGS_BY_KEY.get(key);
  if (!def) throw new AppError(SettingError.ERR_NO_SETTING_FOUND, `There is no setting "${key}"`);
  return def;
}

/** Trims, applies the spec's empty defaults (timeOut '' -> '5') and checks the allowed values. */
function normalise(def: SettingDefinition, raw: string): string {
  let value = raw.trim();
  if (value === '' && def.key === 'timeOut') value = def.default;
  const invalid = (message: string) => new AppError(CommonError.ERR_VALIDATION, `Invalid value for ${def.key}`, [{ field: 'value', messages: [message] }]);
  if (def.values && !def.values.includes(value)) throw invalid(`value must be one of: ${def.values.join(', ')}`);
  if (def.pattern && !def.pattern.test(value)) throw invalid(`value does not have the expected format for ${def.key}`);
  return value;
}
