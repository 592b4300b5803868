import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsInt, Max, Min } from 'class-validator';
import { AppError } from './errors';
import { ID_MAX } from './ids';

/** The most ids one bulk call takes (a page of a list, several times over). */
export const BULK_IDS_MAX = 100;

/** The `ids` of a bulk body: 1 to 100 record ids. Subclasses add the action and its fields. */
export class BulkIdsDto {
  @ApiProperty({ type: [Number], minItems: 1, maxItems: BULK_IDS_MAX, example: [3, 7] })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(BULK_IDS_MAX)
  @IsInt({ each: true })
  @Min(1, { each: true })
  @Max(ID_MAX, { each: true })
  ids!: number[];
}

/** One id's outcome. */
export class BulkItemResultDto {
  @ApiProperty() id!: number;
  @ApiProperty() ok!: boolean;
  @ApiPropertyOptional({ description: "The error code, when not ok (as the single operation's)" }) error?: string;
  @ApiPropertyOptional({ description: 'The error message, when not ok' }) message?: string;
}

/** A bulk call's answer: one result per distinct id, in the order sent, and the counts. */
export class BulkResultDto {
  @ApiProperty({ type: [BulkItemResultDto] }) results!: BulkItemResultDto[];
  @ApiProperty() okCount!: number;
  @ApiProperty() failedCount!: number;
}

/**
 * Runs `each` for every distinct id, one after the other, each on its own: an AppError (a missing or other company's
 * record, a refused permission, a wrong state) fails that id alone and is reported with its code; anything else
 * (a bug, the database gone) stops the call as any single operation would.
 */
export async function runBulk(ids: readonly number[], each: (id: number) => Promise<unknown>): Promise<BulkResultDto> {
  const results: BulkItemResultDto[] = [];
  for (const id of [...new Set(ids)]) {
    try {
      await each(id);
      results.push({ id, ok: true });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      const body = err.getResponse() as { error: string; message: string };
      results.push({ id, ok: false, error: body.error, message: body.message });
    }
  }
  const okCount = results.filter((r) => r.ok).length;
  return { results, okCount, failedCount: results.length - okCount };
}
