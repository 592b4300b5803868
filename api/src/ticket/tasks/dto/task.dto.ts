import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { IfSent, trim } from '../../../common/http/dto-helpers';
import type { Task } from '../task.entity';

/** A task's text, after trimming. */
export const TASK_TEXT_MAX = 500;
/** A description as sent (before sanitising): bounds the parser's work. */
export const TASK_DESCRIPTION_INPUT_MAX = 100_000;
/** A description as stored (after sanitising). */
export const TASK_DESCRIPTION_MAX = 20_000;

const TEXT_DOC = `Plain text, trimmed; 1..${TASK_TEXT_MAX} characters`;
const DESCRIPTION_DOC =
  `Rich text as HTML. Sanitised on the server: only p, br, strong, em, u, s, a (http, https or mailto href), ul, ol, li, blockquote, code, pre, h1-h3 ` +
  `are kept, every other tag and attribute is dropped. At most ${TASK_DESCRIPTION_MAX} characters after sanitising (${TASK_DESCRIPTION_INPUT_MAX} as sent).`;

export class CreateTaskDto {
  @ApiProperty({ maxLength: TASK_TEXT_MAX, example: 'Ligar para a Ana', description: TEXT_DOC })
  @Transform(trim)
  @IsString()
  @IsNotEmpty({ message: 'Obrigatório' })
  @MaxLength(TASK_TEXT_MAX, { message: 'Too Long!' })
  text!: string;

  @ApiPropertyOptional({
    maxLength: TASK_DESCRIPTION_INPUT_MAX,
    default: '',
    description: DESCRIPTION_DOC,
    example: '<p>Sobre o <strong>orçamento</strong></p>',
  })
  @IsOptional()
  @IsString()
  @MaxLength(TASK_DESCRIPTION_INPUT_MAX, { message: 'Too Long!' })
  description?: string;
}

/** Only the fields sent change. */
export class UpdateTaskDto {
  @ApiPropertyOptional({ maxLength: TASK_TEXT_MAX, description: TEXT_DOC })
  @Transform(trim)
  @IfSent()
  @IsString()
  @IsNotEmpty({ message: 'Obrigatório' })
  @MaxLength(TASK_TEXT_MAX, { message: 'Too Long!' })
  text?: string;

  @ApiPropertyOptional({ maxLength: TASK_DESCRIPTION_INPUT_MAX, description: DESCRIPTION_DOC })
  @IfSent()
  @IsString()
  @MaxLength(TASK_DESCRIPTION_INPUT_MAX, { message: 'Too Long!' })
  description?: string;

  @ApiPropertyOptional({ description: 'Done (true) or pending (false)' })
  @IfSent()
  @IsBoolean()
  completed?: boolean;
}

export class TaskDto {
  @ApiProperty() id!: number;
  @ApiProperty() text!: string;
  @ApiProperty({ description: "Sanitised HTML ('' when none); safe to render as HTML" }) description!: string;
  @ApiProperty() completed!: boolean;
  @ApiProperty({ description: 'The owner (always the caller)' }) userId!: number;
  @ApiProperty() createdAt!: Date;
  @ApiProperty() updatedAt!: Date;
}

export function mapTask(t: Task): TaskDto {
  return { id: t.id, text: t.text, description: t.description, completed: t.completed, userId: t.userId, createdAt: t.createdAt, updatedAt: t.updatedAt };
}

declare module '../../../realtime/realtime-events' {
  interface RealtimeEntities {
    task: TaskDto;
  }
}
