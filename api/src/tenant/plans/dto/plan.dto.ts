import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsInt, IsNumber, IsOptional, IsString, Max, MaxLength, Min, MinLength } from 'class-validator';
import type { Plan } from '../plan.entity';

export const PLAN_LIMIT_MAX = 100_000;
/** numeric(10,2) */
export const PLAN_VALUE_MAX = 99_999_999.99;

export class PlanDto {
  @ApiProperty() id!: number;
  @ApiProperty() name!: string;
  @ApiProperty({ description: 'Maximum users' }) users!: number;
  @ApiProperty({ description: 'Maximum connections' }) connections!: number;
  @ApiProperty({ description: 'Maximum queues' }) queues!: number;
  @ApiProperty({ description: 'Monthly price in BRL, 2 decimals', example: 99.9 }) value!: number;
  @ApiProperty() useCampaigns!: boolean;
  @ApiProperty() useSchedules!: boolean;
  @ApiProperty() useInternalChat!: boolean;
  @ApiProperty() useExternalApi!: boolean;
  @ApiProperty() useKanban!: boolean;
  @ApiProperty() useOpenAi!: boolean;
  @ApiProperty() useIntegrations!: boolean;
  @ApiProperty() whiteLabel!: boolean;
}

export function mapPlan(p: Plan): PlanDto {
  return {
    id: p.id,
    name: p.name,
    users: p.users,
    connections: p.connections,
    queues: p.queues,
    value: Number(p.value),
    useCampaigns: p.useCampaigns,
    useSchedules: p.useSchedules,
    useInternalChat: p.useInternalChat,
    useExternalApi: p.useExternalApi,
    useKanban: p.useKanban,
    useOpenAi: p.useOpenAi,
    useIntegrations: p.useIntegrations,
    whiteLabel: p.whiteLabel,
  };
}

/**
 * GET /companies/listPlan/{id}: the plan's fields at the top, as our clients read them, and the same plan again
 * under `plan`, where clients of the original system read its flags (`data.plan.useCampaigns`).
 */
export class CompanyPlanDto extends PlanDto {
  @ApiProperty({ type: PlanDto, description: 'The same plan, nested as clients of the original system read it' })
  plan!: PlanDto;
}

export function mapCompanyPlan(p: Plan): CompanyPlanDto {
  const plan = mapPlan(p);
  return { ...plan, plan: { ...plan } };
}

const FLAG_DESCRIPTION = 'Plan flag; off when not sent';

export class CreatePlanDto {
  @ApiProperty({ minLength: 1, maxLength: 100, example: 'Completo' })
  @IsString({ message: 'Required' })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @MinLength(1, { message: 'Required' })
  @MaxLength(100, { message: 'Too Long!' })
  name!: string;

  @ApiPropertyOptional({ minimum: 0, maximum: PLAN_LIMIT_MAX, default: 1, description: 'Maximum users' })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(PLAN_LIMIT_MAX)
  users?: number;

  @ApiPropertyOptional({ minimum: 0, maximum: PLAN_LIMIT_MAX, default: 1, description: 'Maximum connections' })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(PLAN_LIMIT_MAX)
  connections?: number;

  @ApiPropertyOptional({ minimum: 0, maximum: PLAN_LIMIT_MAX, default: 1, description: 'Maximum queues' })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(PLAN_LIMIT_MAX)
  queues?: number;

  @ApiPropertyOptional({ minimum: 0, maximum: PLAN_VALUE_MAX, default: 0, example: 99.9, description: 'Monthly price in BRL, at most 2 decimals' })
  @IsOptional()
  @IsNumber({ maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(PLAN_VALUE_MAX)
  value?: number;

  @ApiPropertyOptional({ description: FLAG_DESCRIPTION }) @IsOptional() @IsBoolean() useCampaigns?: boolean;
  @ApiPropertyOptional({ description: FLAG_DESCRIPTION }) @IsOptional() @IsBoolean() useSchedules?: boolean;
  @ApiPropertyOptional({ description: FLAG_DESCRIPTION }) @IsOptional() @IsBoolean() useInternalChat?: boolean;
  @ApiPropertyOptional({ description: FLAG_DESCRIPTION }) @IsOptional() @IsBoolean() useExternalApi?: boolean;
  @ApiPropertyOptional({ description: FLAG_DESCRIPTION }) @IsOptional() @IsBoolean() useKanban?: boolean;
  @ApiPropertyOptional({ description: FLAG_DESCRIPTION }) @IsOptional() @IsBoolean() useOpenAi?: boolean;
  @ApiPropertyOptional({ description: FLAG_DESCRIPTION }) @IsOptional() @IsBoolean() useIntegrations?: boolean;
  @ApiPropertyOptional({ description: 'White-label styling (colours, logos, app name)' }) @IsOptional() @IsBoolean() whiteLabel?: boolean;
}

/** Every field optional: only what is sent changes. */
export class UpdatePlanDto extends PartialType(CreatePlanDto) {}
