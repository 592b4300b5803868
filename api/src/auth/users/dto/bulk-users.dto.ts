import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsIn, IsInt, Max, Min, ValidateIf } from 'class-validator';
import { BulkIdsDto } from '../../../common/http/bulk';
import { ID_MAX } from '../../../common/http/ids';

/**
 * The users page's bulk actions. A user has no active flag in the model; what an admin switches on and off for many
 * is their place in the automatic distribution (automaticDistribution), and their queues: add some, remove some, or set them.
 */
export const BULK_USER_ACTIONS = ['addQueues', 'removeQueues', 'setQueues', 'enableDistribution', 'disableDistribution'] as const;
export type BulkUserAction = (typeof BULK_USER_ACTIONS)[number];

export class BulkUsersDto extends BulkIdsDto {
  @ApiProperty({ enum: BULK_USER_ACTIONS, enumName: 'BulkUserAction' })
  @IsIn(BULK_USER_ACTIONS)
  action!: BulkUserAction;

  @ApiPropertyOptional({ type: [Number], description: "The queues to add, remove or set (required for the queue actions; [] with 'setQueues' leaves none)" })
  @ValidateIf((o: BulkUsersDto) => o.action === 'addQueues' || o.action === 'removeQueues' || o.action === 'setQueues')
  @IsArray()
  @ArrayMaxSize(200)
  @IsInt({ each: true })
  @Min(1, { each: true })
  @Max(ID_MAX, { each: true })
  queueIds?: number[];
}
