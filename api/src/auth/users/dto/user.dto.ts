import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { PROFILES, TOGGLE_VALUES, User } from '../user.entity';
import { mapQueueSummary, QueueSummaryDto } from '../../../tenant/queues/dto/queue-summary.dto';

export class UserDto {
  @ApiProperty() id!: number;
  @ApiProperty() name!: string;
  @ApiProperty() email!: string;
  @ApiProperty({ enum: PROFILES, enumName: 'Profile' }) profile!: string;
  @ApiProperty({ description: 'Super user: manages companies, plans, helps and announcements' }) super!: boolean;
  @ApiProperty() companyId!: number;
  @ApiPropertyOptional({ nullable: true, type: Number, description: 'Default connection' }) whatsappId!: number | null;
  @ApiProperty({ nullable: true, type: String, description: "The partner's own id for this user (embed sign-in), unique within the company" }) externalId!:
    string | null;
  @ApiProperty({ enum: TOGGLE_VALUES, enumName: 'Toggle' }) createTicket!: string;
  @ApiProperty({ enum: TOGGLE_VALUES, enumName: 'Toggle' }) viewAllMessageTicket!: string;
  @ApiProperty({ enum: TOGGLE_VALUES, enumName: 'Toggle' }) automaticDistribution!: string;
  @ApiProperty({ enum: ['enabled', 'disabled'], enumName: 'AllTicket' }) allTicket!: string;
  @ApiProperty() online!: boolean;
  @ApiProperty({ type: [QueueSummaryDto] }) queues!: QueueSummaryDto[];
  @ApiProperty() createdAt!: Date;
  @ApiProperty() updatedAt!: Date;
}

/** `user.queues` must be initialised (populated) by the caller. */
export function mapUser(u: User): UserDto {
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    profile: u.profile,
    super: u.super,
    companyId: u.companyId,
    whatsappId: u.whatsappId ?? null,
    externalId: u.externalId ?? null,
    createTicket: u.createTicket,
    viewAllMessageTicket: u.viewAllMessageTicket,
    automaticDistribution: u.automaticDistribution,
    allTicket: u.allTicket,
    online: u.online,
    queues: u.queues.isInitialized()
      ? u.queues
          .getItems()
          .map(mapQueueSummary)
          .sort((a, b) => a.id - b.id)
      : [],
    createdAt: u.createdAt,
    updatedAt: u.updatedAt,
  };
}
