import { ApiProperty, ApiPropertyOptional, OmitType, PartialType } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsEmail,
  IsIn,
  IsInt,
  IsISO8601,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  Min,
  MinLength,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { PageQueryDto } from '../../../common/http/pagination';
import { Company, RECURRENCES, WeeklyHours } from '../company.entity';
import { IfSent, TextLength, emptyToNull, trim } from '../../../common/http/dto-helpers';

const emailValue = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toLowerCase() || null : value);
/** An empty string from a form field means "not set". */

export const WEEKDAYS_EN = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

export class PlanSummaryDto {
  @ApiProperty() id!: number;
  @ApiProperty() name!: string;
}

export class WeeklyHoursDto {
  @ApiProperty({ example: 'Segunda-feira', maxLength: 30 })
  @IsString({ message: 'Required' })
  @MinLength(1, { message: 'Required' })
  @MaxLength(30, { message: 'Too Long!' })
  weekday!: string;

  @ApiProperty({ enum: WEEKDAYS_EN, enumName: 'Weekday', example: 'monday' })
  @IsIn(WEEKDAYS_EN)
  weekdayEn!: string;

  @ApiProperty({ example: '09:00', pattern: HH_MM.source, description: 'HH:MM, 24-hour' })
  @Matches(HH_MM, { message: 'startTime must be HH:MM' })
  startTime!: string;

  @ApiProperty({ example: '18:00', pattern: HH_MM.source, description: 'HH:MM, 24-hour; 00:00-00:00 means closed' })
  @Matches(HH_MM, { message: 'endTime must be HH:MM' })
  endTime!: string;
}

export class UpdateCompanySchedulesDto {
  @ApiProperty({ type: [WeeklyHoursDto], description: 'One entry per weekday (at most 7, each weekday once)' })
  @IsArray()
  @ArrayMaxSize(7)
  @ValidateNested({ each: true })
  @Type(() => WeeklyHoursDto)
  schedules!: WeeklyHoursDto[];
}

export class CompanyDto {
  @ApiProperty() id!: number;
  @ApiProperty() name!: string;
  @ApiPropertyOptional({ nullable: true, type: String }) email!: string | null;
  @ApiPropertyOptional({ nullable: true, type: String }) phone!: string | null;
  @ApiProperty({ description: 'Active; the users of an inactive company cannot log in' }) status!: boolean;
  @ApiPropertyOptional({ nullable: true, type: String, format: 'date', example: '2026-12-21' }) dueDate!: string | null;
  @ApiProperty({ enum: RECURRENCES, enumName: 'Recurrence' }) recurrence!: string;
  @ApiPropertyOptional({ nullable: true, type: String, format: 'date-time' }) trialExpiration!: Date | null;
  @ApiProperty() campaignsEnabled!: boolean;
  @ApiProperty() planId!: number;
  @ApiProperty({ type: PlanSummaryDto }) plan!: PlanSummaryDto;
  @ApiProperty({ type: [WeeklyHoursDto] }) schedules!: WeeklyHoursDto[];
  @ApiProperty({ example: 'America/Sao_Paulo' }) timezone!: string;
  @ApiProperty() createdAt!: Date;
  @ApiProperty() updatedAt!: Date;
}

/** `company.plan` must be loaded by the caller. */
export function mapCompany(c: Company): CompanyDto {
  const plan = c.plan.getEntity();
  return {
    id: c.id,
    name: c.name,
    email: c.email ?? null,
    phone: c.phone ?? null,
    status: c.status,
    dueDate: c.dueDate ?? null,
    recurrence: c.recurrence,
    trialExpiration: c.trialExpiration ?? null,
    campaignsEnabled: c.campaignsEnabled,
    planId: plan.id,
    plan: { id: plan.id, name: plan.name },
    schedules: c.schedules.map((s: WeeklyHours) => ({ weekday: s.weekday, weekdayEn: s.weekdayEn, startTime: s.startTime, endTime: s.endTime })),
    timezone: c.timezone,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
  };
}

export class CompanyPageDto {
  @ApiProperty({ type: [CompanyDto] }) companies!: CompanyDto[];
  @ApiProperty({ description: 'Companies matching the search' }) count!: number;
  @ApiProperty() hasMore!: boolean;
}

export class ListCompaniesQueryDto extends PageQueryDto {}

export class CreateCompanyDto {
  @ApiProperty({ minLength: 2, maxLength: 100, example: 'Empresa Demo' })
  @Transform(trim)
  @TextLength(2, 100, 'Required')
  name!: string;

  @ApiPropertyOptional({
    nullable: true,
    type: String,
    example: 'contato@empresa.com',
    description: 'Billing e-mail; also the admin login when `password` is sent',
  })
  @Transform(emailValue)
  @IsOptional()
  @IsEmail({}, { message: 'Invalid email' })
  @MaxLength(255, { message: 'Too Long!' })
  email?: string | null;

  @ApiPropertyOptional({ nullable: true, type: String, maxLength: 30, example: '5511999990000' })
  @Transform(emptyToNull)
  @IsOptional()
  @IsString()
  @MaxLength(30, { message: 'Too Long!' })
  phone?: string | null;

  @ApiPropertyOptional({ default: true }) @IsOptional() @IsBoolean() status?: boolean;

  @ApiProperty({ example: 1 })
  @IsInt({ message: 'Required' })
  @Min(1)
  planId!: number;

  @ApiPropertyOptional({ nullable: true, type: String, format: 'date', example: '2026-12-21' })
  @Transform(emptyToNull)
  @IsOptional()
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'dueDate must be YYYY-MM-DD' })
  @IsISO8601({ strict: true }, { message: 'dueDate must be a real date' })
  dueDate?: string | null;

  @ApiPropertyOptional({ enum: RECURRENCES, enumName: 'Recurrence', default: 'MENSAL' })
  @IsOptional()
  @IsIn(RECURRENCES)
  recurrence?: (typeof RECURRENCES)[number];

  @ApiPropertyOptional({ default: false, description: 'Also mirrored in the setting campaignsEnabled' })
  @IsOptional()
  @IsBoolean()
  campaignsEnabled?: boolean;

  @ApiPropertyOptional({ minLength: 5, maxLength: 50, description: "When sent, the company's admin user is created with `email` and this password" })
  @IsOptional()
  @TextLength(5, 50)
  password?: string;
}

/** Only what is sent changes; `null` clears e-mail, phone or due date. Users are managed elsewhere. */
export class UpdateCompanyDto extends PartialType(OmitType(CreateCompanyDto, ['password'] as const)) {}

/** Sets the due date only while it still is `expectedDueDate` (undo of '+ Vencimento', or any deliberate change). */
export class SetDueDateDto {
  @ApiProperty({ nullable: true, type: String, format: 'date', example: '2026-12-21', description: 'The new due date; null (sent as such) for none' })
  @ValidateIf((o: SetDueDateDto) => o.dueDate !== null)
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'dueDate must be YYYY-MM-DD' })
  @IsISO8601({ strict: true }, { message: 'dueDate must be a real date' })
  dueDate!: string | null;

  @ApiProperty({
    nullable: true,
    type: String,
    format: 'date',
    example: '2027-01-21',
    description: 'The due date the client saw (null: none); else 409 ERR_DUE_DATE_CHANGED',
  })
  @ValidateIf((o: SetDueDateDto) => o.expectedDueDate !== null)
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'expectedDueDate must be YYYY-MM-DD' })
  @IsISO8601({ strict: true }, { message: 'expectedDueDate must be a real date' })
  expectedDueDate!: string | null;
}

export const BULK_COMPANY_ACTIONS = ['changePlan', 'extendDueDate'] as const;
export const BULK_COMPANIES_MAX = 100;

/** A bulk action of the companies list: applied to each id on its own. */
export class BulkCompaniesDto {
  @ApiProperty({ type: [Number], minItems: 1, maxItems: BULK_COMPANIES_MAX, example: [3, 7] })
  @IsArray()
  @ArrayMinSize(1, { message: 'Choose at least one company' })
  @ArrayMaxSize(BULK_COMPANIES_MAX)
  @IsInt({ each: true })
  @Min(1, { each: true })
  ids!: number[];

  @ApiProperty({ enum: BULK_COMPANY_ACTIONS, enumName: 'BulkCompanyAction', description: "'extendDueDate' is '+ Vencimento' on each" })
  @IsIn(BULK_COMPANY_ACTIONS)
  action!: (typeof BULK_COMPANY_ACTIONS)[number];

  @ApiPropertyOptional({ description: "Required by 'changePlan'" })
  @IfSent()
  @IsInt()
  @Min(1)
  planId?: number;
}

export class BulkCompanyResultDto {
  @ApiProperty() id!: number;
  @ApiProperty() ok!: boolean;
  @ApiPropertyOptional({ type: CompanyDto, description: 'The company as changed, when ok' }) company?: CompanyDto;
  @ApiPropertyOptional({ description: 'The error code, when not ok (e.g. ERR_NO_COMPANY_FOUND)' }) error?: string;
  @ApiPropertyOptional() message?: string;
}

export class BulkCompaniesResultDto {
  @ApiProperty({ type: [BulkCompanyResultDto], description: 'One per distinct id, in the order sent' }) results!: BulkCompanyResultDto[];
  @ApiProperty() okCount!: number;
  @ApiProperty() failedCount!: number;
}

/** Realtime events carry this same shape (see realtime-events.ts). */
declare module '../../../realtime/realtime-events' {
  interface RealtimeEntities {
    company: CompanyDto;
  }
}
