import { ApiProperty } from '@nestjs/swagger';
import type { Queue } from '../queue.entity';

export class QueueSummaryDto {
  @ApiProperty() id!: number;
  @ApiProperty() name!: string;
  @ApiProperty({ example: '#7C4DFF' }) color!: string;
}

export const mapQueueSummary = (q: Queue): QueueSummaryDto => ({ id: q.id, name: q.name, color: q.color });
