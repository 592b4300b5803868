import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsISO8601, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { ID_MAX } from '../../common/http/ids';
import type { AuditLog } from '../audit-log.entity';

export const AUDIT_PAGE_SIZE = 50;
/** The most rows one CSV export carries (newest first); narrow the filters for more. */
export const AUDIT_EXPORT_MAX = 10_000;

export class ListAuditLogsDto {
  @ApiPropertyOptional({ description: 'Only what this user did (or did while impersonated)', minimum: 1 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(ID_MAX)
  userId?: number;

  @ApiPropertyOptional({ description: 'An action (`user.update`) or its prefix ending in a dot (`user.`)', maxLength: 100, example: 'user.' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  @Matches(/^[a-z0-9.-]+$/, { message: 'Only a-z, 0-9, dots and dashes' })
  action?: string;

  @ApiPropertyOptional({ description: 'From this instant (inclusive), ISO 8601', example: '2027-01-01T00:00:00Z' })
  @IsOptional()
  @IsISO8601({ strict: true })
  from?: string;

  @ApiPropertyOptional({ description: 'Until this instant (exclusive), ISO 8601', example: '2027-01-02T00:00:00Z' })
  @IsOptional()
  @IsISO8601({ strict: true })
  to?: string;

  @ApiPropertyOptional({ description: 'Super users only: one company; without it, every company and the platform rows', minimum: 1 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(ID_MAX)
  companyId?: number;

  @ApiPropertyOptional({ minimum: 1, default: 1 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100000)
  pageNumber?: number;
}

export class AuditLogDto {
  @ApiProperty({ description: 'A bigint, as a string' }) id!: string;
  @ApiProperty() createdAt!: Date;
  @ApiPropertyOptional({ nullable: true, type: Number, description: 'Null for a platform write' }) companyId!: number | null;
  @ApiPropertyOptional({ nullable: true, type: Number }) userId!: number | null;
  @ApiPropertyOptional({ nullable: true, type: String }) userName!: string | null;
  @ApiPropertyOptional({ nullable: true, type: Number, description: 'The super user acting as `userId`' }) impersonatorId!: number | null;
  @ApiPropertyOptional({ nullable: true, type: String }) impersonatorName!: string | null;
  @ApiProperty({ example: 'user.update' }) action!: string;
  @ApiProperty({ example: 'user' }) targetType!: string;
  @ApiPropertyOptional({ nullable: true, type: String }) targetId!: string | null;
  @ApiPropertyOptional({ nullable: true, type: 'object', additionalProperties: true, description: 'The fields sent; secrets redacted' })
  changes!: Record<string, unknown> | null;
  @ApiPropertyOptional({ nullable: true, type: String }) method!: string | null;
  @ApiPropertyOptional({ nullable: true, type: String }) path!: string | null;
  @ApiPropertyOptional({ nullable: true, type: String }) ip!: string | null;
  @ApiPropertyOptional({ nullable: true, type: String }) userAgent!: string | null;
}

export class AuditLogPageDto {
  @ApiProperty({ type: [AuditLogDto] }) records!: AuditLogDto[];
  @ApiProperty() count!: number;
  @ApiProperty() hasMore!: boolean;
}

export function mapAuditLog(a: AuditLog): AuditLogDto {
  return {
    id: String(a.id),
    createdAt: a.createdAt,
    companyId: a.companyId ?? null,
    userId: a.userId ?? null,
    userName: a.userName ?? null,
    impersonatorId: a.impersonatorId ?? null,
    impersonatorName: a.impersonatorName ?? null,
    action: a.action,
    targetType: a.targetType,
    targetId: a.targetId ?? null,
    changes: a.changes ?? null,
    method: a.method ?? null,
    path: a.path ?? null,
    ip: a.ip ?? null,
    userAgent: a.userAgent ?? null,
  };
}
