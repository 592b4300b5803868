import type { CompanyId } from '../../common/tenancy/company-id';
import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { keyInside } from '../../common/infra/media-store/media-store';
import { forkForCompany } from '../../common/tenancy/tenant-filter';
import { tenantSql } from '../../common/tenancy/tenant-sql';
import { companySchedules } from './business-hours.queries';
import { Holiday } from '../../tenant/holidays/holiday.entity';
import { mapHoliday } from '../../tenant/holidays/dto/holiday.dto';
import { holidayFolder } from '../../tenant/holidays/holidays.service';
import { RealtimeService } from '../../realtime/realtime.service';
import type { Queue } from '../../tenant/queues/queue.entity';
import { companyHoursClosed, holidayImageFile, localMoment, outOfHoursText, queueHoursClosed } from './business-hours.rules';

/** The reply to a customer who writes while the company or a queue is closed. */
export interface ClosedReply {
  kind: 'hours' | 'holiday';
  text: string;
  /** A holiday's image: its key in the media store and its display name. */
  image?: { key: string; name: string };
  /** The holiday whose message this is (its state follows the send). */
  holidayId?: number;
}

/** What the hours rules read of a company, once per bot turn: its time zone and its setting scheduleType. */
export interface HoursRules {
  timezone: string;
  scheduleType: string;
}

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
    private readonly realtime: RealtimeService,
  ) {}

  /**
   * A holiday's message reached a customer: the holiday becomes ENVIADA with sentAt (the first send; later ones leave
   * it as is). A failed send marks it ERRO while it was never sent. The holidays list hears the change live.
   */
  async holidaySent(companyId: CompanyId, holidayId: number, ok: boolean): Promise<void> {
    const em = forkForCompany(this.em, companyId);
    const changed = ok
      ? await em.nativeUpdate(Holiday, { id: holidayId, companyId, sentAt: null }, { status: 'ENVIADA', sentAt: new Date(), updatedAt: new Date() })
      : await em.nativeUpdate(Holiday, { id: holidayId, companyId, sentAt: null, status: { $ne: 'ERRO' } }, { status: 'ERRO', updatedAt: new Date() });
    if (!changed) return;
    const holiday = await em.findOne(Holiday, { id: holidayId, companyId });
    if (holiday) this.realtime.emitToPermission(companyId, 'holiday', 'holidays:manage', { action: 'update', holiday: mapHoliday(holiday) });
  }

  /** Whether the company is closed (scheduleType 'company' only), with the connection's out-of-hours text. */
  async companyClosed(companyId: CompanyId, rules: HoursRules, now: Date, outOfHoursMessage: string | null | undefined): Promise<ClosedReply | null> {
    if (rules.scheduleType !== 'company') return null;
    const company = await companySchedules(tenantSql(this.em, companyId));
    if (!company) return null;
    if (!companyHoursClosed(rules.scheduleType, company.schedules, localMoment(now, rules.timezone))) return null;
    return { kind: 'hours', text: outOfHoursText(outOfHoursMessage) };
  }

  /** Whether a queue is closed now: a holiday (optionHolidays) first, then its weekly hours (scheduleType 'queue'). */
  async queueClosed(
    companyId: CompanyId,
    rules: HoursRules,
    queue: Pick<Queue, 'optionHolidays' | 'schedules' | 'outOfHoursMessage'>,
    now: Date,
    connectionMessage: string | null | undefined,
  ): Promise<ClosedReply | null> {
    const em = forkForCompany(this.em, companyId);
    const at = localMoment(now, rules.timezone);
    if (queue.optionHolidays === 'enabled') {
      const holiday = await em.findOne(Holiday, { companyId, dateHoliday: at.date }, { orderBy: { id: 'asc' } });
      if (holiday) {
        const image = holidayImageFile(holiday.media.path);
        const key = image ? keyInside(holidayFolder(companyId), image) : null;
        return {
          kind: 'holiday',
          holidayId: holiday.id,
          text: holiday.body,
          image: image && key ? { key, name: holiday.media.name ?? image } : undefined,
        };
      }
    }
    if (!queueHoursClosed(rules.scheduleType, queue.schedules, at)) return null;
    return { kind: 'hours', text: outOfHoursText(queue.outOfHoursMessage, connectionMessage) };
  }
}
