import type { CompanyId } from '../../common/tenancy/company-id';
import { Entity, ManyToOne, PrimaryKey, Property, Ref, Opt } from '@mikro-orm/core';
import { Plan } from '../plans/plan.entity';

export const RECURRENCES = ['MENSAL', 'BIMESTRAL', 'TRIMESTRAL', 'SEMESTRAL', 'ANUAL'] as const;
export type Recurrence = (typeof RECURRENCES)[number];
export const RECURRENCE_MONTHS: Record<Recurrence, number> = {
  MENSAL: 1,
  BIMESTRAL: 2,
  TRIMESTRAL: 3,
  SEMESTRAL: 6,
  ANUAL: 12,
};

export interface WeeklyHours {
  weekday: string;
  weekdayEn: string;
  startTime: string;
  endTime: string;
}

export const DEFAULT_SCHEDULES: WeeklyHours[] = [
  { weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '09:00', endTime: '18:00' },
  { weekday: 'Terça-feira', weekdayEn: 'tuesday', startTime: '09:00', endTime: '18:00' },
  { weekday: 'Quarta-feira', weekdayEn: 'wednesday', startTime: '09:00', endTime: '18:00' },
  { weekday: 'Quinta-feira', weekdayEn: 'thursday', startTime: '09:00', endTime: '18:00' },
  { weekday: 'Sexta-feira', weekdayEn: 'friday', startTime: '09:00', endTime: '18:00' },
  { weekday: 'Sábado', weekdayEn: 'saturday', startTime: '09:00', endTime: '12:00' },
  { weekday: 'Domingo', weekdayEn: 'sunday', startTime: '00:00', endTime: '00:00' },
];

/** The tenant root. Everything a company owns carries its id. */
@Entity({ tableName: 'companies' })
export class Company {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: CompanyId;

  @Property({ type: 'string', length: 100, unique: true })
  name!: string;

  @Property({ type: 'string', length: 255, nullable: true })
  email?: string | null;

  @Property({ type: 'string', length: 30, nullable: true })
  phone?: string | null;

  /** Active flag; an inactive company's users cannot log in. */
  @Property({ type: 'boolean' })
  status: Opt<boolean> = true;

  @Property({ type: 'date', nullable: true })
  dueDate?: string | null;

  @Property({ type: 'string', length: 20 })
  recurrence: Opt<Recurrence> = 'MENSAL';

  @Property({ type: 'datetime', nullable: true })
  trialExpiration?: Date | null;

  @Property({ type: 'boolean' })
  campaignsEnabled: Opt<boolean> = false;

  @ManyToOne(() => Plan, { ref: true, deleteRule: 'restrict' })
  plan!: Ref<Plan>;

  @Property({ type: 'json' })
  schedules: Opt<WeeklyHours[]> = DEFAULT_SCHEDULES;

  /** IANA time zone for dashboards and business hours. */
  @Property({ type: 'string', length: 64 })
  timezone: Opt<string> = 'America/Sao_Paulo';

  @Property({ type: 'datetime', onCreate: () => new Date() })
  createdAt: Opt<Date> = new Date();

  @Property({ type: 'datetime', onCreate: () => new Date(), onUpdate: () => new Date() })
  updatedAt: Opt<Date> = new Date();
}
