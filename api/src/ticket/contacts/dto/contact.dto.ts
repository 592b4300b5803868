import type { CompanyId } from '../../../common/tenancy/company-id';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { Contact } from '../contact.entity';

export class ContactExtraInfoDto {
  @ApiProperty() id!: number;
  @ApiProperty() name!: string;
  @ApiProperty() value!: string;
}

export class ContactDto {
  @ApiProperty() id!: number;
  @ApiProperty() name!: string;
  @ApiProperty({ description: 'Digits only: country code, area code, number (a group id for groups)' }) number!: string;
  /** '' when absent, the spec's default: a client form of the original that refuses null can edit the contact. */
  @ApiProperty({ type: String, description: "'' when the contact has none" })
  email!: string;
  @ApiPropertyOptional({ nullable: true, type: String }) profilePicUrl!: string | null;
  @ApiPropertyOptional({ nullable: true, type: String, description: 'Alias of profilePicUrl' }) urlPicture!: string | null;
  @ApiProperty() isGroup!: boolean;
  @ApiPropertyOptional({ nullable: true, type: Number }) whatsappId!: number | null;
  @ApiProperty({ type: Number }) companyId!: CompanyId;
  @ApiProperty({ type: [ContactExtraInfoDto] }) extraInfo!: ContactExtraInfoDto[];
  @ApiProperty() createdAt!: Date;
  @ApiProperty() updatedAt!: Date;
}

/** `extraInfo` is included when initialised (populated) by the caller. */
export function mapContact(c: Contact): ContactDto {
  return {
    id: c.id,
    name: c.name,
    number: c.number,
    email: c.email ?? '',
    profilePicUrl: c.profilePicUrl ?? null,
    urlPicture: c.profilePicUrl ?? null,
    isGroup: c.isGroup,
    whatsappId: c.whatsappId ?? null,
    companyId: c.companyId,
    // By id, as the ticket row loader orders them (ticket-rows.ts).
    extraInfo: c.extraInfo.isInitialized()
      ? c.extraInfo
          .getItems()
          .map((f) => ({ id: f.id, name: f.name, value: f.value }))
          .sort((a, b) => a.id - b.id)
      : [],
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
  };
}

/** Realtime events carry this same shape (see realtime-events.ts). */
declare module '../../../realtime/realtime-events' {
  interface RealtimeEntities {
    contact: ContactDto;
  }
}
