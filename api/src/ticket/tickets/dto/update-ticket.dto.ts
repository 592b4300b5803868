import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsInt, Max, Min, ValidateIf } from 'class-validator';
import { TICKET_STATUSES, TicketStatus } from '../ticket.entity';
import { IfSent } from '../../../common/http/dto-helpers';
import { ID_MAX } from '../../../common/http/ids';
import { NoneAsNull } from '../../../common/http/original-inputs';

/** Validates the field only when sent; `null` is a value for the nullable ones. */
const IfNotNull = () => ValidateIf((_o, value) => value !== undefined && value !== null);

/**
 * One body for every ticket change, as the spec's screens send it. What happens is decided from the ticket's
 * status and the fields sent: accept, return, close, reopen, transfer, or integration fields only.
 */
export class UpdateTicketDto {
  @ApiPropertyOptional({ enum: TICKET_STATUSES, enumName: 'TicketStatus' })
  @IfSent()
  @IsIn(TICKET_STATUSES)
  status?: TicketStatus;

  @ApiPropertyOptional({ nullable: true, type: Number, description: 'Transfer target; accept/close/reopen always use the caller' })
  @NoneAsNull()
  @IfNotNull()
  @IsInt()
  @Min(1)
  @Max(ID_MAX)
  userId?: number | null;

  @ApiPropertyOptional({ nullable: true, type: Number, description: 'A queue different from the current one makes the change a transfer' })
  @NoneAsNull()
  @IfNotNull()
  @IsInt()
  @Min(1)
  @Max(ID_MAX)
  queueId?: number | null;

  @ApiPropertyOptional({ nullable: true, type: Number, description: 'Transfer to another connection of the company' })
  @IfNotNull()
  @IsInt()
  @Min(1)
  @Max(ID_MAX)
  whatsappId?: number | null;

  @ApiPropertyOptional()
  @IfSent()
  @IsBoolean()
  useIntegration?: boolean;

  @ApiPropertyOptional({ nullable: true, type: Number })
  @NoneAsNull()
  @IfNotNull()
  @IsInt()
  @Min(1)
  @Max(ID_MAX)
  promptId?: number | null;

  @ApiPropertyOptional({ nullable: true, type: Number })
  @NoneAsNull()
  @IfNotNull()
  @IsInt()
  @Min(1)
  @Max(ID_MAX)
  integrationId?: number | null;
}
