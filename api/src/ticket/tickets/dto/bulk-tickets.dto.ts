import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, Max, Min, ValidateIf } from 'class-validator';
import { BulkIdsDto } from '../../../common/http/bulk';
import { ID_MAX } from '../../../common/http/ids';

export const BULK_TICKET_ACTIONS = ['close', 'transfer'] as const;
export type BulkTicketAction = (typeof BULK_TICKET_ACTIONS)[number];

/** The ticket manager's bulk actions: close many, or transfer many to a queue (and an attendant). */
export class BulkTicketsDto extends BulkIdsDto {
  @ApiProperty({ enum: BULK_TICKET_ACTIONS, enumName: 'BulkTicketAction' })
  @IsIn(BULK_TICKET_ACTIONS)
  action!: BulkTicketAction;

  @ApiPropertyOptional({ type: Number, description: "'transfer': the target queue (required)" })
  @ValidateIf((o: BulkTicketsDto) => o.action === 'transfer')
  @IsInt()
  @Min(1)
  @Max(ID_MAX)
  queueId?: number;

  @ApiPropertyOptional({
    nullable: true,
    type: Number,
    description: "'transfer': the attendant (open for them); without one the tickets wait, pending, in the queue",
  })
  @ValidateIf((o: BulkTicketsDto) => o.action === 'transfer' && o.userId !== undefined && o.userId !== null)
  @IsInt()
  @Min(1)
  @Max(ID_MAX)
  userId?: number | null;
}
