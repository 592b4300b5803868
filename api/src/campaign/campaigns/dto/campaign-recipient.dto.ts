import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { PageQueryDto } from '../../../common/http/pagination';
import { RECIPIENT_FAILURES, RECIPIENT_STATES, RecipientFailure, RecipientState } from '../campaign-recipients';

export class ListCampaignRecipientsDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: RECIPIENT_STATES, enumName: 'CampaignRecipientState', description: 'Only the recipients in this state' })
  @IsOptional()
  @IsIn(RECIPIENT_STATES)
  state?: RecipientState;
}

/** One recipient of a campaign and how far its campaign got (see campaign/README.md, "Per-recipient report"). */
export class CampaignRecipientDto {
  @ApiProperty({ description: 'Digits with the country code' }) number!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ enum: RECIPIENT_STATES, enumName: 'CampaignRecipientState' }) state!: RecipientState;
  @ApiPropertyOptional({ enum: RECIPIENT_FAILURES, enumName: 'CampaignRecipientFailure', description: 'Why it failed (state failed); absent otherwise' })
  reason?: RecipientFailure;
  @ApiProperty({ type: Date }) plannedAt!: Date;
  @ApiProperty({ type: Date, nullable: true, description: 'When its message (or confirmation request) was stored for sending' }) sentAt!: Date | null;
  @ApiProperty({ type: Date, nullable: true }) confirmationRequestedAt!: Date | null;
  @ApiProperty({ type: Date, nullable: true }) confirmedAt!: Date | null;
  @ApiProperty({
    nullable: true,
    type: Number,
    description: 'The ack of the message that counts (the campaign message, else the confirmation request): 3 delivered, 4 read',
  })
  ack!: number | null;
}

export class CampaignRecipientPageDto {
  @ApiProperty({ type: [CampaignRecipientDto] }) recipients!: CampaignRecipientDto[];
  @ApiProperty() count!: number;
  @ApiProperty() hasMore!: boolean;
}

export class CampaignRecipientCountsDto {
  @ApiProperty() planned!: number;
  @ApiProperty() sent!: number;
  @ApiProperty() delivered!: number;
  @ApiProperty() read!: number;
  @ApiProperty() confirmed!: number;
  @ApiProperty() failed!: number;
}
