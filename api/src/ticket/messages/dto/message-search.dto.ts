import { ApiProperty } from '@nestjs/swagger';
import { IsString, Matches, MaxLength, MinLength } from 'class-validator';

export class SearchMessagesDto {
  @ApiProperty({ minLength: 2, maxLength: 100, description: 'Text to find in the messages (case and accents as typed)' })
  @IsString()
  @MinLength(2, { message: 'Too Short!' })
  @MaxLength(100, { message: 'Too Long!' })
  @Matches(/\S/, { message: 'Required' })
  q!: string;
}

export class MessageSearchHitDto {
  @ApiProperty({ description: 'Message id (a bigint, as a string)' }) id!: string;
  @ApiProperty({ description: 'The ticket it belongs to (an earlier ticket of the contact, in the history)' }) ticketId!: number;
  @ApiProperty() body!: string;
  @ApiProperty() fromMe!: boolean;
  @ApiProperty() createdAt!: Date;
  @ApiProperty({ description: 'The page of GET /messages/{ticketId} that holds it (1 is the newest)' }) pageNumber!: number;
}

export class MessageSearchDto {
  @ApiProperty({ type: [MessageSearchHitDto], description: 'Newest first, at most 50' }) hits!: MessageSearchHitDto[];
}
