import { ApiProperty } from '@nestjs/swagger';
import { TicketDto } from './ticket.dto';

/** Badge counts of the manager's sub-tabs, for the same filters as the list (status aside). */
export class TicketCountsDto {
  @ApiProperty({ description: "What the open (assigned) sub-tab shows: the caller's open tickets, or all with showAll" }) open!: number;
  @ApiProperty({ description: 'What the pending sub-tab shows' }) pending!: number;
}

export class TicketPageDto {
  @ApiProperty({ type: [TicketDto], description: 'Most recently updated first' }) tickets!: TicketDto[];
  @ApiProperty({
    description:
      'Tickets matching the query over all pages for the open and pending lists and the unread list (withUnreadMessages ' +
      'without a status). Closed, all-status and search lists are not counted (a count would read every match): for them ' +
      'it is the tickets up to and including this page, and `hasMore` tells whether there are more.',
  })
  count!: number;
  @ApiProperty({ description: 'Whether a next page exists' }) hasMore!: boolean;
  @ApiProperty({
    type: TicketCountsDto,
    nullable: true,
    description: 'The open and pending badges under the same filters, given with the open and pending lists; null for the others and for a search',
  })
  counts!: TicketCountsDto | null;
}
