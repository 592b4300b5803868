import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsDefined, IsInt, IsNotEmpty, IsObject, IsOptional, IsString, Matches, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { IfSent, trim } from '../../../common/http/dto-helpers';
import { ID_MAX } from '../../../common/http/ids';
import type { PushSubscription } from '../push-subscription.entity';

/** A browser id: what the kit keeps in its storage (a random uuid), letters, digits, `-` and `_`. */
const BROWSER_ID = /^[A-Za-z0-9_-]{1,100}$/;
export const ENDPOINT_MAX = 2000;

export class PushSubscriptionKeysDto {
  @ApiProperty({ description: "The browser's P-256 public key: 65 bytes (uncompressed point), base64url", example: 'BNcRd…' })
  @IsString()
  @Matches(/^B[A-Za-z0-9_-]{86}=?$/, { message: 'Must be a P-256 public key: 65 bytes, base64url' })
  p256dh!: string;

  @ApiProperty({ description: 'The authentication secret: 16 bytes, base64url', example: 'tBHItJI5svbpez7KI4CCXg' })
  @IsString()
  @Matches(/^[A-Za-z0-9_-]{22}(==)?$/, { message: 'Must be 16 bytes, base64url' })
  auth!: string;
}

/** `PushSubscription.toJSON()` as the browser gives it. */
export class PushSubscriptionDataDto {
  @ApiProperty({ maxLength: ENDPOINT_MAX, description: "The push service's URL for this browser (https)" })
  @IsString()
  @IsNotEmpty()
  @MaxLength(ENDPOINT_MAX)
  endpoint!: string;

  @ApiPropertyOptional({ type: Number, nullable: true, description: 'Ignored (the push service ends expired subscriptions with 404/410)' })
  @IsOptional()
  expirationTime?: number | null;

  @ApiProperty({ type: PushSubscriptionKeysDto })
  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => PushSubscriptionKeysDto)
  keys!: PushSubscriptionKeysDto;
}

export class SubscribePushDto {
  @ApiProperty({ maxLength: 100, description: 'This browser (a random id the client keeps); one subscription per user and browser', example: 'b7d3…' })
  @IsString()
  @Matches(BROWSER_ID, { message: 'Letters, digits, - and _, 1 to 100' })
  browserId!: string;

  @ApiPropertyOptional({ description: "The subscriber is always the caller: if sent, it must be the caller's own id (403 otherwise)" })
  @IfSent()
  @IsInt()
  @Min(1)
  @Max(ID_MAX)
  userId?: number;

  @ApiProperty({ type: PushSubscriptionDataDto })
  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => PushSubscriptionDataDto)
  pushSubscription!: PushSubscriptionDataDto;
}

export class UnsubscribePushQueryDto {
  @ApiPropertyOptional({ maxLength: 100, description: "Only this browser's subscription (the toggle); without it, all of the caller's" })
  @IsOptional()
  @IsString()
  @Matches(BROWSER_ID, { message: 'Letters, digits, - and _, 1 to 100' })
  browserId?: string;
}

export class SendNotificationDto {
  @ApiProperty({ maxLength: 100, example: 'Reunião às 15h' })
  @Transform(trim)
  @IsString()
  @IsNotEmpty({ message: 'Obrigatório' })
  @MaxLength(100, { message: 'Too Long!' })
  title!: string;

  @ApiProperty({ maxLength: 1000, example: 'Sala 2' })
  @IsString()
  @MaxLength(1000, { message: 'Too Long!' })
  message!: string;

  @ApiProperty({ description: "The user to notify: the caller, or (admins) any user of the caller's company" })
  @IsInt()
  @Min(1)
  @Max(ID_MAX)
  userId!: number;

  @ApiPropertyOptional({ maxLength: 500, description: 'An https URL or a path of this site' })
  @IsOptional()
  @IsString()
  @MaxLength(500)
  @Matches(/^(https:\/\/[^\s]+|\/[^\s/\\][^\s]*|\/)$/, { message: 'Must be an https URL or a path starting with /' })
  icon?: string;

  @ApiPropertyOptional({ maxLength: 500, default: '/', description: 'Where a click leads: a path of the console (never another site)' })
  @IsOptional()
  @IsString()
  @MaxLength(500)
  @Matches(/^\/(?![/\\])[^\s]*$/, { message: 'Must be a path starting with /' })
  url?: string;
}

export class PushPublicKeyDto {
  @ApiProperty({ description: "The VAPID public key (base64url): the applicationServerKey of the browser's pushManager.subscribe" })
  publicKey!: string;
}

export class PushSubscriptionDto {
  @ApiProperty() id!: number;
  @ApiProperty() userId!: number;
  @ApiProperty() browserId!: string;
  @ApiProperty() createdAt!: Date;
}

export class NotificationQueuedDto {
  @ApiProperty({ description: 'Deliveries queued: one per subscription of the user (0 when they have none)' })
  queued!: number;
}

export function mapPushSubscription(row: Pick<PushSubscription, 'id' | 'userId' | 'browserId' | 'createdAt'>): PushSubscriptionDto {
  return { id: row.id, userId: row.userId, browserId: row.browserId, createdAt: row.createdAt };
}
