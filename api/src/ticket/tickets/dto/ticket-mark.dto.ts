import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsOptional } from 'class-validator';

export class UpdateTicketMarkDto {
  @ApiPropertyOptional({ description: "Pinned to the top of the caller's ticket lists" })
  @IsOptional()
  @IsBoolean()
  pinned?: boolean;

  @ApiPropertyOptional({ description: 'Marked unread by the caller (cleared when they open the conversation)' })
  @IsOptional()
  @IsBoolean()
  unread?: boolean;
}

/** The caller's own marks on one ticket; nobody else sees them. */
export class TicketMarkDto {
  @ApiProperty() ticketId!: number;
  @ApiProperty() pinned!: boolean;
  @ApiPropertyOptional({ nullable: true, type: Date, description: 'When it was pinned (the newest pin first)' }) pinnedAt!: Date | null;
  @ApiProperty() unread!: boolean;
}
