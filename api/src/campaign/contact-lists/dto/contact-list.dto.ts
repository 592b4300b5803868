import { BulkIdsDto } from '../../../common/http/bulk';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsEmail, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min, MinLength, ValidateIf } from 'class-validator';
import { IfSent, TextLength, trim } from '../../../common/http/dto-helpers';
import { ID_MAX } from '../../../common/http/ids';
import { PageQueryDto } from '../../../common/http/pagination';
import type { ContactList, ContactListItem } from '../contact-list.entity';

export const CONTACT_LIST_NAME_MIN = 2;
export const CONTACT_LIST_NAME_MAX = 50;
export const CONTACT_NUMBER_MIN = 8;
export const CONTACT_NUMBER_MAX = 50;
export const CONTACT_EMAIL_MAX = 255;

const Required = () => IsNotEmpty({ message: 'Obrigatório' });
/** Numbers are kept as digits only: '+55 (11) 99999-9999' is stored as '5511999999999'. */
const toDigits = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.replace(/\D+/g, '') : typeof value === 'number' ? String(value) : value);
/** A blank e-mail means none. */
const blankToNull = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() || null : value);

export class ContactListBodyDto {
  @ApiProperty({ minLength: CONTACT_LIST_NAME_MIN, maxLength: CONTACT_LIST_NAME_MAX, example: 'Clientes de SP' })
  @Transform(trim)
  @Required()
  @TextLength(CONTACT_LIST_NAME_MIN, CONTACT_LIST_NAME_MAX)
  name!: string;

  @ApiPropertyOptional({ description: "Ignored: the company is the caller's" })
  @IsOptional()
  companyId?: unknown;
}

export class ContactListDto {
  @ApiProperty() id!: number;
  @ApiProperty() name!: string;
  @ApiProperty({ description: 'How many contacts the list holds' }) contactsCount!: number;
  @ApiProperty() companyId!: number;
  @ApiProperty() createdAt!: Date;
  @ApiProperty() updatedAt!: Date;
}

export class ContactListPageDto {
  @ApiProperty({ type: [ContactListDto] }) records!: ContactListDto[];
  @ApiProperty() count!: number;
  @ApiProperty() hasMore!: boolean;
}

/** The short form for choosing a list (the campaign dialog). */
export class ContactListOptionDto {
  @ApiProperty() id!: number;
  @ApiProperty() name!: string;
  @ApiProperty() contactsCount!: number;
}

export class ContactListItemBodyDto {
  @ApiProperty({ minLength: CONTACT_LIST_NAME_MIN, maxLength: CONTACT_LIST_NAME_MAX, example: 'Maria Souza' })
  @Transform(trim)
  @Required()
  @TextLength(CONTACT_LIST_NAME_MIN, CONTACT_LIST_NAME_MAX)
  name!: string;

  @ApiProperty({
    minLength: CONTACT_NUMBER_MIN,
    maxLength: CONTACT_NUMBER_MAX,
    example: '5511999999999',
    description: 'Country code, area code and number; anything but digits is dropped',
  })
  @Transform(toDigits)
  @Required()
  @IsString()
  @MinLength(CONTACT_NUMBER_MIN, { message: 'Too Short!' })
  @MaxLength(CONTACT_NUMBER_MAX, { message: 'Too Long!' })
  number!: string;

  @ApiPropertyOptional({ nullable: true, type: String, maxLength: CONTACT_EMAIL_MAX, example: 'maria@example.com', description: 'Blank means none' })
  @Transform(blankToNull)
  @ValidateIf((_o, v) => v !== undefined && v !== null)
  @IsEmail({}, { message: 'Invalid email' })
  @MaxLength(CONTACT_EMAIL_MAX, { message: 'Too Long!' })
  email?: string | null;

  @ApiPropertyOptional({ description: "Ignored: the company is the caller's" })
  @IsOptional()
  companyId?: unknown;
}

export class CreateContactListEntryDto extends ContactListItemBodyDto {
  @ApiProperty({ description: 'The list the contact goes into' })
  @Required()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(ID_MAX)
  contactListId!: number;
}

/** Only the fields sent change; a contact stays in its list (contactListId is ignored). */
export class UpdateContactListEntryDto {
  @ApiPropertyOptional({ minLength: CONTACT_LIST_NAME_MIN, maxLength: CONTACT_LIST_NAME_MAX })
  @Transform(trim)
  @IfSent()
  @Required()
  @TextLength(CONTACT_LIST_NAME_MIN, CONTACT_LIST_NAME_MAX)
  name?: string;

  @ApiPropertyOptional({ minLength: CONTACT_NUMBER_MIN, maxLength: CONTACT_NUMBER_MAX })
  @Transform(toDigits)
  @IfSent()
  @Required()
  @IsString()
  @MinLength(CONTACT_NUMBER_MIN, { message: 'Too Short!' })
  @MaxLength(CONTACT_NUMBER_MAX, { message: 'Too Long!' })
  number?: string;

  @ApiPropertyOptional({ nullable: true, type: String, maxLength: CONTACT_EMAIL_MAX })
  @Transform(blankToNull)
  @ValidateIf((_o, v) => v !== undefined && v !== null)
  @IsEmail({}, { message: 'Invalid email' })
  @MaxLength(CONTACT_EMAIL_MAX, { message: 'Too Long!' })
  email?: string | null;

  @ApiPropertyOptional({ description: "Ignored: the company is the caller's" })
  @IsOptional()
  companyId?: unknown;

  @ApiPropertyOptional({ description: 'Ignored: a contact stays in its list' })
  @IsOptional()
  contactListId?: unknown;
}

export class ListContactListItemsDto extends PageQueryDto {
  @ApiProperty({ description: 'The list whose contacts are listed' })
  @Required()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(ID_MAX)
  contactListId!: number;

  @ApiPropertyOptional({ description: "Ignored: the company is the caller's" })
  @IsOptional()
  companyId?: unknown;
}

export class ContactListEntryDto {
  @ApiProperty() id!: number;
  @ApiProperty() name!: string;
  @ApiProperty({ description: 'Digits only' }) number!: string;
  /** '' when absent, the spec's default: a client form of the original that refuses null can edit the item. */
  @ApiProperty({ type: String, description: "'' when the item has none" })
  email!: string;
  @ApiProperty({ nullable: true, type: Boolean, description: 'Whether the number has a WhatsApp account; null = not checked yet' })
  isWhatsappValid!: boolean | null;
  @ApiProperty() companyId!: number;
  @ApiProperty() contactListId!: number;
  @ApiProperty() createdAt!: Date;
  @ApiProperty() updatedAt!: Date;
}

export class ContactListItemPageDto {
  @ApiProperty({ type: [ContactListEntryDto] }) contacts!: ContactListEntryDto[];
  @ApiProperty() count!: number;
  @ApiProperty() hasMore!: boolean;
}

export class ContactListImportDto {
  @ApiProperty({ description: 'Names the progress events of this import (channel contactListImport)', example: '3f0c…' }) importId!: string;
  @ApiProperty() contactListId!: number;
}

export class ImportRowErrorDto {
  @ApiProperty({ description: 'The line in the spreadsheet (the header is line 1)' }) line!: number;
  @ApiProperty({ example: 'number' }) field!: string;
  @ApiProperty({ example: 'Too Short!' }) message!: string;
}

export function mapContactList(l: ContactList): ContactListDto {
  return { id: l.id, name: l.name, contactsCount: l.contactsCount ?? 0, companyId: l.companyId, createdAt: l.createdAt, updatedAt: l.updatedAt };
}

export function mapContactListItem(i: ContactListItem): ContactListEntryDto {
  return {
    id: i.id,
    name: i.name,
    number: i.number,
    email: i.email ?? '',
    isWhatsappValid: i.isWhatsappValid ?? null,
    companyId: i.companyId,
    contactListId: i.contactListId,
    createdAt: i.createdAt,
    updatedAt: i.updatedAt,
  };
}

/** Realtime events carry these same shapes (see realtime-events.ts). */
declare module '../../../realtime/realtime-events' {
  interface RealtimeEntities {
    contactList: ContactListDto;
    contactListItem: ContactListEntryDto;
  }
}

/** Many contacts of lists at once (common/http/bulk.ts): each id handled on its own. */
export class BulkContactListItemsDto extends BulkIdsDto {
  @ApiProperty({ enum: ['delete'], enumName: 'BulkContactListItemAction', description: "'delete' removes each contact from its list" })
  @IsIn(['delete'])
  action!: 'delete';
}
