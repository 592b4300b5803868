import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Matches, Max, MaxLength, Min, MinLength, ValidateNested } from 'class-validator';
import { PageQueryDto } from '../../../common/http/pagination';
import type { Tag } from '../tag.entity';
import { IfSent, trim } from '../../../common/http/dto-helpers';
import { ID_MAX } from '../../../common/http/ids';
import { NoneAsNull } from '../../../common/http/original-inputs';

/** #RGB, #RRGGBB or #RRGGBBAA. */
const HEX = /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;
/** The switch may arrive as a boolean; stored as the spec's 0 or 1. */
const zeroOne = ({ value }: { value: unknown }) => (value === true ? 1 : value === false ? 0 : value);

export class CreateTagDto {
  @ApiProperty({ minLength: 3, maxLength: 50, example: 'Orçamento', description: 'Unique in the company (case-insensitive)' })
  @Transform(trim)
  @IsNotEmpty({ message: 'Obrigatório' })
  @IsString()
  @MinLength(3, { message: 'Mensagem muito curta' })
  @MaxLength(50, { message: 'Mensagem muito longa' })
  name!: string;

  @ApiPropertyOptional({
    example: '#A4CCCC',
    default: '#A4CCCC',
    pattern: HEX.source,
    nullable: true,
    type: String,
    description: "Absent: #A4CCCC. Null or '' (the original's tag form without a colour): one of the palette's, chosen by the server",
  })
  @Transform(trim)
  @NoneAsNull()
  @IsOptional()
  @IsString()
  @Matches(HEX, { message: 'Invalid color' })
  color?: string | null;

  @ApiPropertyOptional({ type: 'integer', enum: [0, 1], enumName: 'BinaryFlag', default: 0, description: '1 makes the tag a kanban lane; needs tags:kanban' })
  @Transform(zeroOne)
  @IsOptional()
  @IsIn([0, 1])
  kanban?: number;
}

/** Only the fields sent change. */
export class UpdateTagDto {
  @ApiPropertyOptional({ minLength: 3, maxLength: 50 })
  @Transform(trim)
  @IfSent()
  @IsNotEmpty({ message: 'Obrigatório' })
  @IsString()
  @MinLength(3, { message: 'Mensagem muito curta' })
  @MaxLength(50, { message: 'Mensagem muito longa' })
  name?: string;

  @ApiPropertyOptional({
    example: '#A4CCCC',
    pattern: HEX.source,
    nullable: true,
    type: String,
    description: "Null or '': one of the palette's, chosen by the server",
  })
  @Transform(trim)
  @NoneAsNull()
  @IsOptional()
  @IsString()
  @Matches(HEX, { message: 'Invalid color' })
  color?: string | null;

  @ApiPropertyOptional({ type: 'integer', enum: [0, 1], enumName: 'BinaryFlag', description: 'Changing it needs tags:kanban' })
  @Transform(zeroOne)
  @IfSent()
  @IsIn([0, 1])
  kanban?: number;
}

export class ListTagsDto extends PageQueryDto {}

export class TagDto {
  @ApiProperty() id!: number;
  @ApiProperty() name!: string;
  @ApiProperty({ example: '#A4CCCC' }) color!: string;
  @ApiProperty({ type: 'integer', enum: [0, 1], enumName: 'BinaryFlag' }) kanban!: number;
  @ApiProperty({ description: 'Tickets carrying the tag' }) ticketsCount!: number;
  @ApiProperty() createdAt!: Date;
  @ApiProperty() updatedAt!: Date;
}

export class TagPageDto {
  @ApiProperty({ type: [TagDto] }) tags!: TagDto[];
  @ApiProperty() count!: number;
  @ApiProperty() hasMore!: boolean;
}

export function mapTag(t: Tag, ticketsCount = 0): TagDto {
  return { id: t.id, name: t.name, color: t.color, kanban: t.kanban, ticketsCount, createdAt: t.createdAt, updatedAt: t.updatedAt };
}

export class TagRefDto {
  @ApiProperty({ minimum: 1 })
  @IsInt()
  @Min(1)
  @Max(ID_MAX)
  id!: number;
}

export class SyncTicketTagsDto {
  @ApiProperty({ minimum: 1 })
  @IsInt()
  @Min(1)
  @Max(ID_MAX)
  ticketId!: number;

  @ApiProperty({ type: [TagRefDto], description: "The ticket's tags after the call (tags of the company); [] removes all" })
  @IsArray()
  @ArrayMaxSize(100)
  @ValidateNested({ each: true })
  @Type(() => TagRefDto)
  tags!: TagRefDto[];
}

export class ListKanbanTicketsDto {
  @ApiPropertyOptional({
    example: '[1,2]',
    description: "JSON array of queue ids. Plain users see only their own queues' tickets (the list narrows them); managers see all.",
  })
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  queueIds?: string;
}
