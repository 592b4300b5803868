import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsIn, IsInt, IsOptional, Max, Min, ValidateIf } from 'class-validator';
import { ID_MAX } from '../../../common/http/ids';
import { NoneAsNull } from '../../../common/http/original-inputs';

export class CreateTicketDto {
  @ApiProperty({ description: 'A contact of the company' })
  @IsDefined({ message: 'Required' })
  @IsInt()
  @Min(1)
  @Max(ID_MAX)
  contactId!: number;

  @ApiPropertyOptional({ nullable: true, type: Number, description: "Required unless the caller is an admin ('Selecione uma fila')" })
  @NoneAsNull()
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(ID_MAX)
  queueId?: number | null;

  @ApiPropertyOptional({ nullable: true, type: Number, description: "The connection; default: the caller's connection, else the company's default" })
  @NoneAsNull()
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(ID_MAX)
  whatsappId?: number | null;

  @ApiPropertyOptional({
    nullable: true,
    type: Number,
    description: 'The attendant; default the caller. Another user needs `tickets-manager:showall`',
  })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(ID_MAX)
  userId?: number | null;

  @ApiPropertyOptional({ enum: ['open'], enumName: 'NewTicketStatus', default: 'open', description: 'A new ticket starts open, assigned' })
  @ValidateIf((_o, v) => v !== undefined)
  @IsIn(['open'])
  status?: 'open';
}
