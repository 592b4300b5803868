import { ApiProperty } from '@nestjs/swagger';
import { PageQueryDto } from '../../../common/http/pagination';
import { mapQueueSummary, QueueSummaryDto } from '../../../tenant/queues/dto/queue-summary.dto';
import { PROFILES, User } from '../user.entity';
import { UserDto } from './user.dto';

/** `searchParam` matches name or e-mail, case-insensitively. */
export class ListUsersDto extends PageQueryDto {}

export class UserPageDto {
  @ApiProperty({ type: [UserDto] }) users!: UserDto[];
  @ApiProperty({ description: 'Users matching the search, over all pages' }) count!: number;
  @ApiProperty() hasMore!: boolean;
}

export class UserListItemDto {
  @ApiProperty() id!: number;
  @ApiProperty() name!: string;
  @ApiProperty() email!: string;
  @ApiProperty({ enum: PROFILES, enumName: 'Profile' }) profile!: string;
  @ApiProperty({ type: [QueueSummaryDto] }) queues!: QueueSummaryDto[];
}

/** `user.queues` must be initialised (populated) by the caller. */
export function mapUserListItem(u: User): UserListItemDto {
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    profile: u.profile,
    queues: u.queues.isInitialized()
      ? u.queues
          .getItems()
          .map(mapQueueSummary)
          .sort((a, b) => a.id - b.id)
      : [],
  };
}
