import { ApiProperty, ApiPropertyOptional, OmitType, PartialType } from '@nestjs/swagger';
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
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateIf,
} from 'class-validator';
import { PROFILES, Profile, TOGGLE_VALUES, Toggle } from '../user.entity';
import { IfSent, TextLength, emptyToNull, normalizeEmail, trim } from '../../../common/http/dto-helpers';
import { ID_MAX } from '../../../common/http/ids';
import { AllTicketAsSpec, NoneAsNull } from '../../../common/http/original-inputs';

export const ALL_TICKET_VALUES = ['enabled', 'disabled'] as const;
export type AllTicket = (typeof ALL_TICKET_VALUES)[number];

const EDIT_PROFILE_NOTE = 'A value other than the current one (on create, other than that default) needs `user-modal:editProfile`.';

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

  @ApiPropertyOptional({
    enum: PROFILES,
    enumName: 'Profile',
    description:
      "New users: `user` when absent. A value other than the current one (on create, other than `user`) needs `user-modal:editProfile`; a change ends the user's sessions",
  })
  @IfSent()
  @IsIn(PROFILES)
  profile?: Profile;

  @ApiPropertyOptional({ type: [Number], description: "Queues of the caller's company; needs `user-modal:editQueues` (on create, when not empty)" })
  @IfSent()
  @IsArray()
  @ArrayMaxSize(500)
  @ArrayUnique()
  @IsInt({ each: true })
  queueIds?: number[];

  @ApiPropertyOptional({ nullable: true, type: Number, description: 'Default connection, null for none; needs `user-modal:editProfile`' })
  @NoneAsNull()
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(ID_MAX)
  whatsappId?: number | null;

  @ApiPropertyOptional({ enum: TOGGLE_VALUES, enumName: 'Toggle', description: `New users: 'habilitado' when absent. ${EDIT_PROFILE_NOTE}` })
  @IfSent()
  @IsIn(TOGGLE_VALUES)
  createTicket?: Toggle;

  @ApiPropertyOptional({ enum: TOGGLE_VALUES, enumName: 'Toggle', description: `New users: 'desabilitado' when absent. ${EDIT_PROFILE_NOTE}` })
  @IfSent()
  @IsIn(TOGGLE_VALUES)
  viewAllMessageTicket?: Toggle;

  @ApiPropertyOptional({ enum: TOGGLE_VALUES, enumName: 'Toggle', description: `New users: 'desabilitado' when absent. ${EDIT_PROFILE_NOTE}` })
  @IfSent()
  @IsIn(TOGGLE_VALUES)
  automaticDistribution?: Toggle;

  @ApiPropertyOptional({
    enum: ALL_TICKET_VALUES,
    enumName: 'AllTicket',
    description: "`enabled`: notified of every ticket. New users: 'disabled' when absent",
  })
  @AllTicketAsSpec()
  @IfSent()
  @IsIn(ALL_TICKET_VALUES)
  allTicket?: AllTicket;

  @ApiPropertyOptional({
    nullable: true,
    type: String,
    maxLength: 255,
    example: 'crm-4711',
    description:
      "The partner's own id for this user: an embed key's tokens may name the user by it (`externalId` claim). Trimmed; null or '' for none; unique within the company. " +
      EDIT_PROFILE_NOTE,
  })
  @Transform(emptyToNull)
  @IsOptional()
  @IsString()
  @MaxLength(255, { message: 'Too Long!' })
  externalId?: string | null;

  @ApiPropertyOptional({ description: 'Cannot be granted through this route: `true` is refused with 403 ERR_NO_PERMISSION' })
  @IsOptional()
  @IsBoolean()
  super?: boolean;
}

/**
 * Every field optional: only what is sent is considered, with the same rules as on create (null is refused
 * but for whatsappId). A field sent with its current value is not a change; a field sent with a new value the
 * caller may not change is refused (403), never dropped.
 */
export class UpdateUserDto extends PartialType(OmitType(CreateUserDto, ['password', 'super'] as const), { skipNullProperties: false }) {
  @ApiPropertyOptional({
    minLength: 5,
    maxLength: 50,
    format: 'password',
    description: "Absent or empty: unchanged. A new password ends the user's sessions.",
  })
  @IfPasswordSent()
  @TextLength(5, 50)
  password?: string;

  @ApiPropertyOptional({ description: 'Cannot be changed through this route: a different value is refused with 403 ERR_NO_PERMISSION' })
  @IsOptional()
  @IsBoolean()
  super?: boolean;
}
