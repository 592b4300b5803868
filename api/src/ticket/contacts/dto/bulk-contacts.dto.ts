import { ApiProperty } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { BulkIdsDto } from '../../../common/http/bulk';

export const BULK_CONTACT_ACTIONS = ['delete'] as const;

/** The contacts page's bulk actions: delete many (export is the page's CSV of the selection). */
export class BulkContactsDto extends BulkIdsDto {
  @ApiProperty({ enum: BULK_CONTACT_ACTIONS, enumName: 'BulkContactAction', description: "'delete': each contact with its tickets, messages and notes" })
  @IsIn(BULK_CONTACT_ACTIONS)
  action!: (typeof BULK_CONTACT_ACTIONS)[number];
}
