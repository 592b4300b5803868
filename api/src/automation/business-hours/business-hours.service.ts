import type { CompanyId } from '../../common/company-id';
import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { join } from 'node:path';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { forkForCompany } from '../../database/tenant-filter';
import { tenantSql } from '../../database/tenant-sql';
import { Company } from '../../tenant/companies/company.entity';
import { Holiday } from '../../tenant/holidays/holiday.entity';
import type { Queue } from '../../tenant/queues/queue.entity';
import { SettingsService } from '../../tenant/settings/settings.service';
import { isWithinHours, localMoment, LocalMoment } from './business-hours';

/** The reply to a customer who writes while the company or a queue is closed. */
export interface ClosedReply {
  kind: 'hours' | 'holiday';
  text: string;
  /** A holiday's image: absolute path on disk and display name. */
  image?: { path: string; name: string };
}

export const DEFAULT_OUT_OF_HOURS_MESSAGE = 'Olá! No momento estamos fora do horário de atendimento. Deixe sua mensagem e retornaremos assim que possível.';

/**
 * Business hours and holidays, read in the company's time zone:
 * - setting scheduleType 'company': the company's weekly hours close the whole connection (checked before the menu);
 * - scheduleType 'queue': each queue's weekly hours close that queue (checked when the customer enters it);
 * - a holiday (the company's holiday list, that local date) closes every queue whose optionHolidays is 'enabled',
 *   whatever scheduleType says; its message (and image) is the reply.
 */
@Injectable()
export class BusinessHoursService {
  constructor(
    private readonly em: EntityManager,
    private readonly settings: SettingsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async localNow(companyId: CompanyId, now: Date): Promise<LocalMoment> {
    return localMoment(now, await this.timezoneOf(companyId));
  }

  /** The company's time zone: a prepared read, as the bot asks it twice in a conversation's first turn. */
  private async timezoneOf(companyId: CompanyId): Promise<string> {
    const [row] = await tenantSql(this.em, companyId).prepared<{ timezone: string }>(
      'company-timezone',
      'select c.timezone from companies c where c.id = :companyId',
    );
    return row?.timezone ?? 'America/Sao_Paulo';
  }

  /** Whether the company is closed (scheduleType 'company' only), with the connection's out-of-hours text. */
  async companyClosed(companyId: CompanyId, now: Date, outOfHoursMessage: string | null | undefined): Promise<ClosedReply | null> {
    if ((await this.settings.valueOf(companyId, 'scheduleType')) !== 'company') return null;
    const em = forkForCompany(this.em, companyId);
    const company = await em.findOne(Company, { id: companyId }, { fields: ['timezone', 'schedules'] });
    if (!company) return null;
    if (isWithinHours(company.schedules, localMoment(now, company.timezone))) return null;
    return { kind: 'hours', text: outOfHoursMessage?.trim() || DEFAULT_OUT_OF_HOURS_MESSAGE };
  }

  /** Whether a queue is closed now: a holiday (optionHolidays) first, then its weekly hours (scheduleType 'queue'). */
  async queueClosed(companyId: CompanyId, queue: Queue, now: Date, connectionMessage: string | null | undefined): Promise<ClosedReply | null> {
    const em = forkForCompany(this.em, companyId);
    const at = localMoment(now, await this.timezoneOf(companyId));
    if (queue.optionHolidays === 'enabled') {
      const holiday = await em.findOne(Holiday, { companyId, dateHoliday: at.date }, { orderBy: { id: 'asc' } });
      if (holiday) {
        return {
          kind: 'holiday',
          text: holiday.body,
          image:
            holiday.mediaPath && /^[\w.-]+$/.test(holiday.mediaPath)
              ? { path: join(this.config.mediaDir, `company${companyId}`, 'holidays', holiday.mediaPath), name: holiday.mediaName ?? holiday.mediaPath }
              : undefined,
        };
      }
    }
    if ((await this.settings.valueOf(companyId, 'scheduleType')) !== 'queue') return null;
    if (isWithinHours(queue.schedules, at)) return null;
    return { kind: 'hours', text: queue.outOfHoursMessage?.trim() || connectionMessage?.trim() || DEFAULT_OUT_OF_HOURS_MESSAGE };
  }
}
