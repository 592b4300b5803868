import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsEmail, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { ContactDto } from './contact.dto';
import { IfSent, TextLength, digitsOnly, emptyToNull, trim } from '../../../common/http/dto-helpers';
import { ID_MAX } from '../../../common/http/ids';

export class ContactExtraInfoInputDto {
  @ApiProperty({ maxLength: 100, example: 'CPF' })
  @Transform(trim)
  @IsString()
  @IsNotEmpty({ message: 'Required' })
  @MaxLength(100, { message: 'Too Long!' })
  name!: string;

  @ApiProperty({ maxLength: 2000, example: '123.456.789-00' })
  @IsString()
  @MaxLength(2000, { message: 'Too Long!' })
  value!: string;
}

export class CreateContactDto {
  @ApiProperty({ minLength: 2, maxLength: 50, example: 'Maria Souza' })
  @Transform(trim)
  @IsNotEmpty({ message: 'Required' })
  @TextLength(2, 50)
  name!: string;

  @ApiProperty({
    example: '5511999990000',
    description: 'Country code, area code and number; everything but digits is dropped, then 8 to 50 digits; unique in the company',
  })
  @Transform(digitsOnly)
  @IsNotEmpty({ message: 'Required' })
  @TextLength(8, 50)
  number!: string;

  @ApiPropertyOptional({ nullable: true, type: String, example: 'maria@example.com', description: "'' or null: no e-mail" })
  @Transform(emptyToNull)
  @IsOptional()
  @IsEmail({}, { message: 'Invalid email' })
  @MaxLength(255, { message: 'Too Long!' })
  email?: string | null;

  @ApiPropertyOptional({ type: [ContactExtraInfoInputDto], description: 'Extra name and value pairs (at most 50); on update they replace every row' })
  @IfSent()
  @IsArray()
  @ArrayMaxSize(50)
  @ValidateNested({ each: true })
  @Type(() => ContactExtraInfoInputDto)
  extraInfo?: ContactExtraInfoInputDto[];
}

/**
 * Only the fields sent change, with the same rules as on create; `email` null or '' clears it;
 * `extraInfo`, when sent, replaces every row.
 */
export class UpdateContactDto extends PartialType(CreateContactDto, { skipNullProperties: false }) {}

export class FindOrCreateContactDto {
  @ApiProperty({ minLength: 2, maxLength: 50, description: 'Used only when the contact is created' })
  @Transform(trim)
  @IsNotEmpty({ message: 'Required' })
  @TextLength(2, 50)
  name!: string;

  @ApiProperty({ example: '5511999990000', description: 'Digits are kept; 8 to 50 of them' })
  @Transform(digitsOnly)
  @IsNotEmpty({ message: 'Required' })
  @TextLength(8, 50)
  number!: string;

  @ApiPropertyOptional({ nullable: true, type: String, description: 'Used only when the contact is created' })
  @Transform(emptyToNull)
  @IsOptional()
  @IsEmail({}, { message: 'Invalid email' })
  @MaxLength(255, { message: 'Too Long!' })
  email?: string | null;
}

export class ImportContactsDto {
  @ApiPropertyOptional({ description: "The connection whose phone book is read; the company's default connection when absent" })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(ID_MAX)
  whatsappId?: number;
}

export class ImportContactsResultDto {
  @ApiProperty({ description: 'Contacts created' }) created!: number;
  @ApiProperty({ description: 'Phone book entries whose number the company already had' }) existing!: number;
  @ApiProperty({ description: 'Entries skipped: not 8 to 50 digits' }) skipped!: number;
}

export class ContactPageDto {
  @ApiProperty({ type: [ContactDto] }) contacts!: ContactDto[];
  @ApiProperty({ description: 'Contacts matching the query, counted up to 1,000, or 100 for a search (see countCapped)' }) count!: number;
  @ApiProperty({ description: 'There are more than `count` (1,000, or 100 for a search) matching contacts: the exact number was not counted' })
  countCapped!: boolean;
  @ApiProperty() hasMore!: boolean;
}

export class ContactListItemDto {
  @ApiProperty() id!: number;
  @ApiProperty() name!: string;
  @ApiProperty() number!: string;
}
