import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';

export const PAGE_SIZE = 20;

export class PageQueryDto {
  @ApiPropertyOptional({ description: 'Free text filter', maxLength: 200 })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  searchParam?: string;

  @ApiPropertyOptional({ minimum: 1, default: 1 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100000)
  pageNumber?: number;
}

export function pageWindow(pageNumber = 1, size = PAGE_SIZE): { limit: number; offset: number } {
  return { limit: size, offset: (pageNumber - 1) * size };
}

/** Escapes LIKE wildcards so a search for "50%" finds "50%" and not everything. */
export function likeTerm(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
