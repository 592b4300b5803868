import { ApiProperty } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { BulkIdsDto } from '../../../common/http/bulk';

/** Many campaigns at once (common/http/bulk.ts): each id handled on its own. */
export class BulkCampaignsDto extends BulkIdsDto {
  @ApiProperty({ enum: ['cancel'], enumName: 'BulkCampaignAction', description: "'cancel' stops each campaign that is sending (EM_ANDAMENTO)" })
  @IsIn(['cancel'])
  action!: 'cancel';
}
