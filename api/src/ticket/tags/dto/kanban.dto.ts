import { ApiProperty } from '@nestjs/swagger';
import { TicketDto } from '../../tickets/dto/ticket.dto';

/** GET /ticket/kanban's answer: `{ tickets }`, as the spec's call table has it and clients of the original read it. */
export class KanbanTicketsDto {
  @ApiProperty({ type: [TicketDto], description: 'Open and pending tickets, most recently updated first' })
  tickets!: TicketDto[];
}
