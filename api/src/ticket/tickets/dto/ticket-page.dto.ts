import { ApiProperty } from '@nestjs/swagger';
import { TicketDto } from './ticket.dto';

/** Badge counts of the manager's sub-tabs, for the same filters as the list (status aside). */
export class TicketCountsDto {
  @ApiProperty({ description: "What the open (assigned) sub-tab shows: the caller's open tickets, or all with showAll" }) open!: number;
  @ApiProperty({ description: 'What the pending sub-tab shows' }) pending!: number;
}

export class TicketPageDto {
  @ApiProperty({ type: [TicketDto], description: 'Most recently updated first' }) tickets!: TicketDto[];
  @ApiProperty({ description: 'Tickets matching the query, over all pages' }) count!: number;
  @ApiProperty() hasMore!: boolean;
  @ApiProperty({ type: TicketCountsDto }) counts!: TicketCountsDto;
}
