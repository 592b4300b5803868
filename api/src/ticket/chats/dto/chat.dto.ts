import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, ArrayUnique, IsArray, IsInt, IsNotEmpty, IsString, Max, MaxLength, Min } from 'class-validator';
import { PageQueryDto } from '../../../common/http/pagination';
import { IfSent, trim } from '../../../common/http/dto-helpers';
import { ID_MAX } from '../../../common/http/ids';
import { IdsFromObjects } from '../../../common/http/original-inputs';

export const CHAT_TITLE_MAX = 255;
export const CHAT_MESSAGE_MAX = 4000;
export const CHAT_USERS_MAX = 200;

const USERS_DESCRIPTION =
  "Ids of the other members (the original's `{ id, name }` objects are read as their ids): users of the caller's company (the caller is always a member; their own id here is ignored). At least one.";

export class CreateChatDto {
  @ApiProperty({ maxLength: CHAT_TITLE_MAX, example: 'Equipe de vendas' })
  @Transform(trim)
  @IsString()
  @IsNotEmpty({ message: 'Obrigatório' })
  @MaxLength(CHAT_TITLE_MAX, { message: 'Too Long!' })
  title!: string;

  @ApiProperty({ type: [Number], description: USERS_DESCRIPTION, minItems: 1, maxItems: CHAT_USERS_MAX })
  @IdsFromObjects()
  @IsArray()
  @ArrayMaxSize(CHAT_USERS_MAX)
  @ArrayUnique()
  @IsInt({ each: true })
  @Min(1, { each: true })
  @Max(ID_MAX, { each: true })
  users!: number[];
}

/** Only the fields sent change; `users`, when sent, is the new member list (the owner always stays). */
export class UpdateChatDto {
  @ApiPropertyOptional({ maxLength: CHAT_TITLE_MAX })
  @Transform(trim)
  @IfSent()
  @IsString()
  @IsNotEmpty({ message: 'Obrigatório' })
  @MaxLength(CHAT_TITLE_MAX, { message: 'Too Long!' })
  title?: string;

  @ApiPropertyOptional({ type: [Number], description: USERS_DESCRIPTION, minItems: 1, maxItems: CHAT_USERS_MAX })
  @IfSent()
  @IdsFromObjects()
  @IsArray()
  @ArrayMaxSize(CHAT_USERS_MAX)
  @ArrayUnique()
  @IsInt({ each: true })
  @Min(1, { each: true })
  @Max(ID_MAX, { each: true })
  users?: number[];
}

export class ListChatsDto extends PageQueryDto {}

export class ListChatMessagesDto {
  @ApiPropertyOptional({ minimum: 1, default: 1, description: 'Page 1 is the newest messages' })
  @IfSent()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100000)
  pageNumber?: number;
}

export class ReadChatDto {
  @ApiProperty({ description: "The caller's own id (a user marks only their own read state)" })
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(ID_MAX)
  userId!: number;
}

export class SendChatMessageDto {
  @ApiProperty({ maxLength: CHAT_MESSAGE_MAX, description: 'Trimmed; blank is refused' })
  @Transform(trim)
  @IsString()
  @IsNotEmpty({ message: 'Obrigatório' })
  @MaxLength(CHAT_MESSAGE_MAX, { message: 'Too Long!' })
  message!: string;
}

export class ChatUserRefDto {
  @ApiProperty() id!: number;
  @ApiProperty() name!: string;
}

export class ChatMemberDto {
  @ApiProperty() userId!: number;
  @ApiProperty({ type: ChatUserRefDto }) user!: ChatUserRefDto;
  @ApiProperty({ description: 'Messages of the chat this member has not read' }) unreads!: number;
}

export class ChatDto {
  @ApiProperty() id!: number;
  @ApiProperty({ description: 'What the console address /chats/{uuid} carries' }) uuid!: string;
  @ApiProperty() title!: string;
  @ApiProperty({ nullable: true, type: Number, description: 'The creator; null once their user was deleted' }) ownerId!: number | null;
  @ApiProperty({ description: "The newest message's text ('' before the first)" }) lastMessage!: string;
  @ApiProperty() companyId!: number;
  @ApiProperty({ type: [ChatMemberDto], description: 'Every member, by name' }) users!: ChatMemberDto[];
  @ApiProperty() createdAt!: Date;
  @ApiProperty({ description: 'Bumped by every message: the list order' }) updatedAt!: Date;
}

export class ChatPageDto {
  @ApiProperty({ type: [ChatDto] }) records!: ChatDto[];
  @ApiProperty() count!: number;
  @ApiProperty() hasMore!: boolean;
}

export class ChatMessageDto {
  @ApiProperty() id!: number;
  @ApiProperty() chatId!: number;
  @ApiProperty({ nullable: true, type: Number }) senderId!: number | null;
  @ApiProperty({ nullable: true, type: ChatUserRefDto, description: 'Null once the sender was deleted' }) sender!: ChatUserRefDto | null;
  @ApiProperty() message!: string;
  @ApiProperty() createdAt!: Date;
}

export class ChatMessagePageDto {
  @ApiProperty({ type: [ChatMessageDto], description: 'Newest first' }) records!: ChatMessageDto[];
  @ApiProperty() count!: number;
  @ApiProperty() hasMore!: boolean;
}

declare module '../../../realtime/realtime-events' {
  interface RealtimeEntities {
    chat: ChatDto;
    chatMessage: ChatMessageDto;
  }
}
