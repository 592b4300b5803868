import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsDate, IsInt, IsNotEmpty, IsString, Max, MaxLength, Min, MinLength, ValidateIf } from 'class-validator';
import { booleanString as bool, IfSent, trim } from '../../../common/http/dto-helpers';
import { ID_MAX } from '../../../common/http/ids';
import { NONE_PLACEHOLDER, NoneAsNull, NullAsEmptyText } from '../../../common/http/original-inputs';
import { CAMPAIGN_STATUSES, CampaignStatus } from '../campaign.entity';
import { CampaignRecipientCountsDto } from './campaign-recipient.dto';

const MESSAGE_MAX = 4096;
/** Absent: unchanged (on update) or none; null: none ('Nenhuma'). */
const Nullable = () => ValidateIf((_o, v) => v !== undefined && v !== null);
const optionalId = (what: string) => ApiPropertyOptional({ type: Number, nullable: true, description: `${what}, of the caller's company; null for none` });
const messageField = (description: string) => ApiPropertyOptional({ maxLength: MESSAGE_MAX, description });

const VARIABLES = 'Variables: {nome}, {numero}, {email} of the recipient and the keys of the campaign settings, written {key}.';

/** Every field optional: a draft may be saved half-done; the rules for a scheduled one are checked on save. */
class CampaignFieldsDto {
  @optionalId('The connection that sends') @Nullable() @Type(() => Number) @IsInt() @Min(1) @Max(ID_MAX) whatsappId?: number | null;
  @optionalId('The recipients: a contact list') @Nullable() @Type(() => Number) @IsInt() @Min(1) @Max(ID_MAX) contactListId?: number | null;
  @optionalId("The recipients when no contact list is chosen: the contacts of the tag's tickets")
  @NoneAsNull(NONE_PLACEHOLDER)
  @Nullable()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(ID_MAX)
  tagListId?: number | null;
  @optionalId('Files sent after the message') @Nullable() @Type(() => Number) @IsInt() @Min(1) @Max(ID_MAX) fileListId?: number | null;

  @ApiPropertyOptional({ description: 'Ask first with the confirmation message; the message goes once the contact answers' })
  @Transform(bool)
  @IfSent()
  @IsBoolean()
  confirmation?: boolean;

  @ApiPropertyOptional({
    type: Date,
    nullable: true,
    description: 'When sending starts. Set: the campaign is PROGRAMADA (a time already past starts it at once); null: a draft (INATIVA)',
  })
  @NoneAsNull()
  @Nullable()
  @Type(() => Date)
  @IsDate({ message: 'Invalid date' })
  scheduledAt?: Date | null;

  @messageField(`Variant 1. Each recipient gets one variant drawn among those written. ${VARIABLES}`)
  @IfSent()
  @IsString()
  @MaxLength(MESSAGE_MAX)
  message1?: string;
  @messageField('Variant 2') @NullAsEmptyText() @IfSent() @IsString() @MaxLength(MESSAGE_MAX) message2?: string;
  @messageField('Variant 3') @NullAsEmptyText() @IfSent() @IsString() @MaxLength(MESSAGE_MAX) message3?: string;
  @messageField('Variant 4') @NullAsEmptyText() @IfSent() @IsString() @MaxLength(MESSAGE_MAX) message4?: string;
  @messageField('Variant 5') @NullAsEmptyText() @IfSent() @IsString() @MaxLength(MESSAGE_MAX) message5?: string;
  @messageField("Sent first, instead of message1, when confirmation is on (an empty one borrows another variant's)")
  @NullAsEmptyText()
  @IfSent()
  @IsString()
  @MaxLength(MESSAGE_MAX)
  confirmationMessage1?: string;
  @messageField('Confirmation for variant 2') @NullAsEmptyText() @IfSent() @IsString() @MaxLength(MESSAGE_MAX) confirmationMessage2?: string;
  @messageField('Confirmation for variant 3') @NullAsEmptyText() @IfSent() @IsString() @MaxLength(MESSAGE_MAX) confirmationMessage3?: string;
  @messageField('Confirmation for variant 4') @NullAsEmptyText() @IfSent() @IsString() @MaxLength(MESSAGE_MAX) confirmationMessage4?: string;
  @messageField('Confirmation for variant 5') @NullAsEmptyText() @IfSent() @IsString() @MaxLength(MESSAGE_MAX) confirmationMessage5?: string;
}

export class CreateCampaignDto extends CampaignFieldsDto {
  @ApiProperty({ minLength: 2, maxLength: 50 })
  @Transform(trim)
  @IsNotEmpty({ message: 'Obrigatório' })
  @IsString()
  @MinLength(2, { message: 'Too Short!' })
  @MaxLength(50, { message: 'Too Long!' })
  name!: string;
}

/** Only the fields sent change. */
export class SaveCampaignDto extends CampaignFieldsDto {
  @ApiPropertyOptional({ minLength: 2, maxLength: 50 })
  @Transform(trim)
  @ValidateIf((_o, v) => v !== undefined)
  @IsNotEmpty({ message: 'Obrigatório' })
  @IsString()
  @MinLength(2, { message: 'Too Short!' })
  @MaxLength(50, { message: 'Too Long!' })
  name?: string;
}

export const CAMPAIGN_EDITABLE = ['all', 'messages', 'none'] as const;
export type CampaignEditable = (typeof CAMPAIGN_EDITABLE)[number];

export class CampaignRefDto {
  @ApiProperty() id!: number;
  @ApiProperty() name!: string;
}

export class CampaignDto {
  @ApiProperty() id!: number;
  @ApiProperty() name!: string;
  @ApiProperty({ enum: CAMPAIGN_STATUSES, enumName: 'CampaignStatus' }) status!: CampaignStatus;
  @ApiProperty() confirmation!: boolean;
  @ApiProperty({ type: Date, nullable: true }) scheduledAt!: Date | null;
  @ApiProperty({ type: Date, nullable: true, description: 'When sending began' }) startedAt!: Date | null;
  @ApiProperty({ type: Date, nullable: true }) completedAt!: Date | null;
  @ApiProperty({ type: Number, nullable: true }) whatsappId!: number | null;
  @ApiProperty({ type: Number, nullable: true }) contactListId!: number | null;
  @ApiProperty({ type: Number, nullable: true }) tagListId!: number | null;
  @ApiProperty({ type: Number, nullable: true }) fileListId!: number | null;
  @ApiProperty() message1!: string;
  @ApiProperty() message2!: string;
  @ApiProperty() message3!: string;
  @ApiProperty() message4!: string;
  @ApiProperty() message5!: string;
  @ApiProperty() confirmationMessage1!: string;
  @ApiProperty() confirmationMessage2!: string;
  @ApiProperty() confirmationMessage3!: string;
  @ApiProperty() confirmationMessage4!: string;
  @ApiProperty() confirmationMessage5!: string;
  @ApiProperty({ type: String, nullable: true, description: 'Server-made file name of the attachment' }) mediaPath!: string | null;
  @ApiProperty({ type: String, nullable: true, description: "The attachment's original name, for display" }) mediaName!: string | null;
  @ApiProperty() companyId!: number;
  @ApiProperty({
    enum: CAMPAIGN_EDITABLE,
    enumName: 'CampaignEditable',
    description: 'What a save may change now: all (a draft, or scheduled more than an hour ahead), messages (a cancelled one: its texts only) or none',
  })
  editable!: CampaignEditable;
  @ApiProperty({ type: CampaignRefDto, nullable: true }) contactList!: CampaignRefDto | null;
  @ApiProperty({ type: CampaignRefDto, nullable: true }) whatsapp!: CampaignRefDto | null;
  @ApiProperty({ type: CampaignRefDto, nullable: true }) tagList!: CampaignRefDto | null;
  @ApiProperty({ type: CampaignRefDto, nullable: true }) fileList!: CampaignRefDto | null;
  @ApiProperty() createdAt!: Date;
  @ApiProperty() updatedAt!: Date;
}

export class CampaignPageDto {
  @ApiProperty({ type: [CampaignDto] }) records!: CampaignDto[];
  @ApiProperty() count!: number;
  @ApiProperty() hasMore!: boolean;
}

export class CampaignReportDto {
  @ApiProperty({ type: CampaignDto }) campaign!: CampaignDto;
  @ApiProperty({
    description: "Recipients with WhatsApp: planned ones not skipped for having none (before the start, the list's numbers not known to lack it)",
  })
  valids!: number;
  @ApiProperty({ description: 'Confirmation messages stored for sending' }) confirmationRequested!: number;
  @ApiProperty({ description: 'Recipients who answered a confirmation' }) confirmed!: number;
  @ApiProperty({ description: "Campaign messages the recipient's phone received (ack delivered or read)" }) delivered!: number;
  @ApiProperty({ description: 'Recipients planned when the campaign started (0 before)' }) planned!: number;
  @ApiProperty({ description: 'Recipients still waiting for their planned time' }) pending!: number;
  @ApiProperty({ description: 'Campaign messages stored for sending' }) sent!: number;
  @ApiProperty({ description: 'Campaign messages whose sending failed after its retries' }) failed!: number;
  @ApiProperty({ description: 'Recipients skipped (no WhatsApp account, no connection)' }) skipped!: number;
  @ApiProperty({ type: CampaignRecipientCountsDto, description: 'Recipients in each state of the per-recipient report (GET /campaigns/{id}/recipients)' })
  recipients!: CampaignRecipientCountsDto;
}

declare module '../../../realtime/realtime-events' {
  interface RealtimeEntities {
    campaign: CampaignDto;
    campaignReport: CampaignReportDto;
  }
}
