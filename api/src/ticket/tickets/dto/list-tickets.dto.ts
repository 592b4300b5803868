import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsInt, IsOptional, Max, Min, Validate, ValidatorConstraint, ValidatorConstraintInterface } from 'class-validator';
import { PageQueryDto } from '../../../common/http/pagination';
import { TICKET_STATUSES } from '../ticket.entity';
import { ID_MAX } from '../../../common/http/ids';

const BOOL = ['true', 'false'] as const;

/**
 * Id lists arrive as the spec's clients send them: a JSON array string (`[1,2]`), a comma list (`1,2`) or a
 * repeated parameter. Anything unparsable is passed through unchanged so that validation names the field.
 */
export function parseIdList({ value }: { value: unknown }): unknown {
  if (value === undefined || value === null) return undefined;
  const items = (v: unknown): unknown[] | null => {
    if (Array.isArray(v)) return (v as unknown[]).flatMap((x) => items(x) ?? [x]);
    if (typeof v === 'number') return [v];
    if (typeof v !== 'string') return null;
    const s = v.trim();
    if (s === '') return [];
    if (s.startsWith('[')) {
      try {
        const parsed: unknown = JSON.parse(s);
        return Array.isArray(parsed) ? (parsed as unknown[]).flatMap((x) => items(x) ?? [x]) : null;
      } catch {
        return null;
      }
    }
    return s
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean);
  };
  const list = items(value);
  if (!list) return value;
  return list.map((x) => (typeof x === 'string' && /^\d{1,10}$/.test(x) ? Number(x) : x));
}

@ValidatorConstraint({ name: 'isCalendarDate' })
class IsCalendarDate implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
    const d = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
  }
  defaultMessage(): string {
    return 'Must be a date as YYYY-MM-DD';
  }
}

const IdList = (description: string) => (target: object, key: string) => {
  ApiPropertyOptional({ description, type: String, example: '[1,2]' })(target, key);
  Transform(parseIdList)(target, key);
  IsOptional()(target, key);
  IsArray({ message: `${key} must be a JSON array or a comma-separated list of ids` })(target, key);
  ArrayMaxSize(200)(target, key);
  IsInt({ each: true, message: `${key} must hold integer ids` })(target, key);
  Min(1, { each: true })(target, key);
  Max(ID_MAX, { each: true })(target, key);
};

const Day = (description: string) => (target: object, key: string) => {
  ApiPropertyOptional({ description, type: String, format: 'date', example: '2026-11-21' })(target, key);
  IsOptional()(target, key);
  Validate(IsCalendarDate)(target, key);
};

const Flag = (description: string) => (target: object, key: string) => {
  ApiPropertyOptional({ description, enum: BOOL, enumName: 'BooleanText' })(target, key);
  IsOptional()(target, key);
  IsIn(BOOL)(target, key);
};

/**
 * `GET /tickets` and `GET /tickets/groups`. `searchParam` matches the contact's name (part of it), number (digits)
 * and the text of the ticket's messages (words, prefix match).
 */
export class ListTicketsDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: TICKET_STATUSES, enumName: 'TicketStatus', description: 'Without it (the search tab) every status is listed' })
  @IsOptional()
  @IsIn(TICKET_STATUSES)
  status?: (typeof TICKET_STATUSES)[number];

  @IdList('Tag ids; a ticket must carry all of them') tags?: number[];
  @IdList('Assigned user ids') users?: number[];
  @IdList('Queue ids (the queues selected in the manager); tickets without a queue stay listed') queueIds?: number[];

  @Day('Created on this day (company time zone)') date?: string;
  @Day('Last updated on this day (company time zone)') updatedAt?: string;
  @Day('An attendance cycle finished on this day (company time zone)') finishedAt?: string;

  @Flag("Every ticket instead of one's own open ones; honoured only with `tickets-manager:showall` (default on for them)")
  showAll?: 'true' | 'false';

  @Flag('Only tickets with unread messages') withUnreadMessages?: 'true' | 'false';

  @Flag('Only group tickets (true) or only non-group tickets (false); default follows the group settings')
  isGroup?: 'true' | 'false';
}
