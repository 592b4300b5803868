import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayUnique,
  IsArray,
  IsBoolean,
  IsEmail,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  MaxLength,
  Min,
  ValidateIf,
} from 'class-validator';
import { PROFILES, Profile, TOGGLE_VALUES, Toggle } from '../user.entity';
import { IfSent, TextLength, normalizeEmail, trim } from '../../common/dto-helpers';

export const ALL_TICKET_VALUES = ['enabled', 'disabled'] as const;
export type AllTicket = (typeof ALL_TICKET_VALUES)[number];

/** Validates the field only when the client sent it (a PUT changes what it names); `null` still fails. */
/** An absent, null or empty password leaves the stored one alone (the user modal sends '' when untouched). */
const IfPasswordSent = () => ValidateIf((_o, value) => value !== undefined && value !== null && value !== '');

export class CreateUserDto {
  @ApiProperty({ minLength: 2, maxLength: 50, example: 'Maria Souza' })
  @Transform(trim)
  @IsNotEmpty({ message: 'Required' })
  @TextLength(2, 50)
  name!: string;

  @ApiProperty({ example: 'maria@example.com', description: 'Stored lower-case; unique across the platform' })
  @Transform(normalizeEmail)
  @IsNotEmpty({ message: 'Required' })
  @IsEmail({}, { message: 'Invalid email' })
  @MaxLength(255, { message: 'Too Long!' })
  email!: string;

  @ApiProperty({ minLength: 5, maxLength: 50, format: 'password' })
  @IsNotEmpty({ message: 'Required' })
  @TextLength(5, 50)
  password!: string;

  @ApiPropertyOptional({ enum: PROFILES, default: 'user', description: 'Needs `user-modal:editProfile` unless `user`' })
  @IsOptional()
  @IsIn(PROFILES)
  profile?: Profile;

  @ApiPropertyOptional({ type: [Number], description: "Queues of the caller's company; needs `user-modal:editQueues` when not empty" })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(500)
  @ArrayUnique()
  @IsInt({ each: true })
  queueIds?: number[];

  @ApiPropertyOptional({ nullable: true, type: Number, description: 'Default connection; needs `user-modal:editProfile`' })
  @IsOptional()
  @IsInt()
  @Min(1)
  whatsappId?: number | null;

  @ApiPropertyOptional({ enum: TOGGLE_VALUES, default: 'habilitado' })
  @IsOptional()
  @IsIn(TOGGLE_VALUES)
  createTicket?: Toggle;

  @ApiPropertyOptional({ enum: TOGGLE_VALUES, default: 'desabilitado' })
  @IsOptional()
  @IsIn(TOGGLE_VALUES)
  viewAllMessageTicket?: Toggle;

  @ApiPropertyOptional({ enum: TOGGLE_VALUES, default: 'desabilitado' })
  @IsOptional()
  @IsIn(TOGGLE_VALUES)
  automaticDistribution?: Toggle;

  @ApiPropertyOptional({ enum: ALL_TICKET_VALUES, default: 'disabled', description: '`enabled`: notified of every ticket' })
  @IsOptional()
  @IsIn(ALL_TICKET_VALUES)
  allTicket?: AllTicket;
  @ApiPropertyOptional({ description: 'Cannot be granted through this route: `true` is refused with 403 ERR_NO_PERMISSION' })
  @IsOptional()
  @IsBoolean()
  super?: boolean;
}

/**
 * Every field optional: only what is sent is considered. A field sent with its current value is not a change;
 * a field sent with a new value the caller may not change is refused (403), never dropped.
 */
export class UpdateUserDto {
  @ApiPropertyOptional({ minLength: 2, maxLength: 50 })
  @Transform(trim)
  @IfSent()
  @IsNotEmpty({ message: 'Required' })
  @TextLength(2, 50)
  name?: string;

  @ApiPropertyOptional({ example: 'maria@example.com' })
  @Transform(normalizeEmail)
  @IfSent()
  @IsNotEmpty({ message: 'Required' })
  @IsEmail({}, { message: 'Invalid email' })
  @MaxLength(255, { message: 'Too Long!' })
  email?: string;

  @ApiPropertyOptional({
    minLength: 5,
    maxLength: 50,
    format: 'password',
    description: "Absent or empty: unchanged. A new password ends the user's sessions.",
  })
  @IfPasswordSent()
  @TextLength(5, 50)
  password?: string;

  @ApiPropertyOptional({ enum: PROFILES, description: "Needs `user-modal:editProfile`; a change ends the user's sessions" })
  @IfSent()
  @IsIn(PROFILES)
  profile?: Profile;

  @ApiPropertyOptional({ type: [Number], description: "Queues of the caller's company; needs `user-modal:editQueues`" })
  @IfSent()
  @IsArray()
  @ArrayMaxSize(500)
  @ArrayUnique()
  @IsInt({ each: true })
  queueIds?: number[];

  @ApiPropertyOptional({ nullable: true, type: Number, description: 'Default connection, null for none; needs `user-modal:editProfile`' })
  @IsOptional()
  @IsInt()
  @Min(1)
  whatsappId?: number | null;

  @ApiPropertyOptional({ enum: TOGGLE_VALUES, description: 'Needs `user-modal:editProfile`' })
  @IfSent()
  @IsIn(TOGGLE_VALUES)
  createTicket?: Toggle;

  @ApiPropertyOptional({ enum: TOGGLE_VALUES, description: 'Needs `user-modal:editProfile`' })
  @IfSent()
  @IsIn(TOGGLE_VALUES)
  viewAllMessageTicket?: Toggle;

  @ApiPropertyOptional({ enum: TOGGLE_VALUES, description: 'Needs `user-modal:editProfile`' })
  @IfSent()
  @IsIn(TOGGLE_VALUES)
  automaticDistribution?: Toggle;

  @ApiPropertyOptional({ enum: ALL_TICKET_VALUES })
  @IfSent()
  @IsIn(ALL_TICKET_VALUES)
  allTicket?: AllTicket;

  @ApiPropertyOptional({ description: 'Cannot be changed through this route: a different value is refused with 403 ERR_NO_PERMISSION' })
  @IsOptional()
  @IsBoolean()
  super?: boolean;
}
