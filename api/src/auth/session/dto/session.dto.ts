import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsEmail, IsString, MaxLength, MinLength } from 'class-validator';
import { PERMISSIONS, PLAN_FEATURES } from '../../../common/access/permissions';
import { PlanDto } from '../../../tenant/plans/dto/plan.dto';
import { SettingDto } from '../../../tenant/settings/dto/setting.dto';
import { RECURRENCES } from '../../../tenant/companies/company.entity';
import { UserDto } from '../../users/dto/user.dto';
import { QueueSummaryDto } from '../../../tenant/queues/dto/queue-summary.dto';

export class LoginDto {
  @ApiProperty({ example: 'admin@demo.atende.local' })
  @IsEmail({}, { message: 'Invalid email' })
  @MaxLength(255)
  email!: string;

  @ApiProperty({ example: 'secret', minLength: 1, maxLength: 100 })
  @IsString()
  @MinLength(1, { message: 'Required' })
  @MaxLength(100)
  password!: string;
}

export class SessionCompanyDto {
  @ApiProperty() id!: number;
  @ApiProperty() name!: string;
  @ApiPropertyOptional({ nullable: true, type: String }) email!: string | null;
  @ApiProperty() status!: boolean;
  @ApiPropertyOptional({ nullable: true, type: String, format: 'date', example: '2026-12-21' }) dueDate!: string | null;
  @ApiProperty({ enum: RECURRENCES, enumName: 'Recurrence' }) recurrence!: string;
  @ApiPropertyOptional({ nullable: true, type: String, format: 'date-time' }) trialExpiration!: Date | null;
  @ApiProperty({
    description:
      'The due date passed (beyond SUBSCRIPTION_GRACE_DAYS): every route but the session, the company, settings, invoices and the checkout answers 402 ERR_SUBSCRIPTION_EXPIRED (not to super users or impersonating sessions)',
  })
  subscriptionExpired!: boolean;
  @ApiProperty() campaignsEnabled!: boolean;
  @ApiProperty({ example: 'America/Sao_Paulo' }) timezone!: string;
  @ApiProperty({ type: [SettingDto], description: 'Company settings; secret values blank for non-admins' }) settings!: SettingDto[];
  @ApiProperty({ type: PlanDto }) plan!: PlanDto;
}

/** One boolean per plan feature (the `use*` flags and whiteLabel): a named type in the generated client. */
export class PlanFeaturesDto {}
for (const feature of PLAN_FEATURES) ApiProperty({ type: Boolean })(PlanFeaturesDto.prototype, feature);

/** The super user acting as the session's user: the console's banner names them. */
export class SessionImpersonatorDto {
  @ApiProperty() id!: number;
  @ApiProperty() name!: string;
  @ApiProperty() email!: string;
}

/** The user-queue join, named as the original system's clients read it (`user.queues[].UserQueue.queueId`). */
export class UserQueueJoinDto {
  @ApiProperty() userId!: number;
  @ApiProperty() queueId!: number;
}

export class SessionQueueDto extends QueueSummaryDto {
  // Optional in the contract: always answered, but a field for the original system's clients, which our typed
  // client and the kit's fixtures need not carry (a user written from `PUT /users`' answer has no join).
  @ApiPropertyOptional({ type: UserQueueJoinDto, description: "The join's ids, for clients of the original system (always answered)" })
  UserQueue?: UserQueueJoinDto;
}

export class SessionUserDto extends UserDto {
  declare queues: SessionQueueDto[];

  @ApiProperty({ enum: PERMISSIONS, enumName: 'Permission', isArray: true, description: 'Named checks this user passes, computed by the server' })
  permissions!: string[];

  @ApiProperty({ type: () => PlanFeaturesDto, description: "The company's plan features" })
  features!: Record<string, boolean>;

  @ApiProperty({ type: SessionCompanyDto }) company!: SessionCompanyDto;

  @ApiPropertyOptional({ description: 'Set when a super user acts as this user' })
  impersonatorId?: number;

  @ApiPropertyOptional({
    type: SessionImpersonatorDto,
    description: 'Set when a super user acts as this user: who they are (DELETE /auth/impersonate goes back)',
  })
  impersonator?: SessionImpersonatorDto;
}

// The queues' schema with UserQueue (a decorator cannot sit on a `declare`d field).
ApiProperty({ type: [SessionQueueDto] })(SessionUserDto.prototype, 'queues');

export class SessionDto {
  @ApiProperty({ description: 'Access token (JWT, 15 minutes). A refresh cookie is set alongside.' }) token!: string;
  @ApiProperty({ type: SessionUserDto }) user!: SessionUserDto;
}

/**
 * User events carry the session's user (company included), so a client that replaces its own user with one keeps
 * the company's name and due date (see realtime-events.ts).
 */
declare module '../../../realtime/realtime-events' {
  interface RealtimeEntities {
    user: SessionUserDto;
  }
}
