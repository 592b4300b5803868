import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsInt, IsNotEmpty, IsOptional, Max, Min } from 'class-validator';
import type { TicketNote } from '../ticket-note.entity';
import { TextLength, trim } from '../../../common/http/dto-helpers';
import { ID_MAX } from '../../../common/http/ids';

export class CreateTicketNoteDto {
  @ApiProperty({ minimum: 1 })
  @IsInt()
  @Min(1)
  @Max(ID_MAX)
  ticketId!: number;

  @ApiProperty({ minimum: 1, description: "Must be the ticket's contact" })
  @IsInt()
  @Min(1)
  @Max(ID_MAX)
  contactId!: number;

  @ApiProperty({ minLength: 2, maxLength: 5000, example: 'Cliente prefere contato à tarde' })
  @Transform(trim)
  @IsNotEmpty({ message: 'Required' })
  @TextLength(2, 5000)
  note!: string;
}

export class ListTicketNotesDto {
  @ApiProperty({ minimum: 1 })
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(ID_MAX)
  ticketId!: number;

  @ApiPropertyOptional({ minimum: 1, description: 'Narrows to the notes about this contact' })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(ID_MAX)
  contactId?: number;
}

export class TicketNoteUserDto {
  @ApiProperty() id!: number;
  @ApiProperty() name!: string;
}

export class TicketNoteDto {
  @ApiProperty() id!: number;
  @ApiProperty() note!: string;
  @ApiProperty() ticketId!: number;
  @ApiProperty() contactId!: number;
  @ApiProperty({ nullable: true, type: TicketNoteUserDto, description: 'The author; null once the user is deleted' })
  user!: TicketNoteUserDto | null;
  @ApiProperty() createdAt!: Date;
}

/** `user` must be loaded by the caller. */
export function mapTicketNote(n: TicketNote): TicketNoteDto {
  return {
    id: n.id,
    note: n.note,
    ticketId: n.ticket.id,
    contactId: n.contact.id,
    user: n.user ? { id: n.user.id, name: n.user.name } : null,
    createdAt: n.createdAt,
  };
}
