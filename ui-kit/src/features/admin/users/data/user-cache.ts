// Where a user lives in the query cache (detail, the paginated lists, the whole list). The `user` events and the
// mutations' answers both land here. Apart from the hooks so the embed's runtime carries only these writes.
import type { QueryClient } from '@tanstack/react-query';
import type { components } from '../../../../client';
import { byName, removeFromArray, upsertInArray } from '../../../../data/cache-updaters';
import { dropDetail, removePaged, setDetail, writePaged, type WriteKind } from '../../../../data/cache-writes';
import { atendeKeys } from '../../../../data/query-keys';

type Schemas = components['schemas'];
type UserDto = Schemas['UserDto'];

export function writeUser(queryClient: QueryClient, user: UserDto, kind: WriteKind): void {
  setDetail<UserDto>(queryClient, atendeKeys.users.detail(user.id), () => user);
  writePaged<Schemas['UserPageDto'], 'users'>(queryClient, atendeKeys.users.lists(), 'users', user, byName, kind);
  const item: Schemas['UserListItemDto'] = { id: user.id, name: user.name, email: user.email, profile: user.profile, queues: user.queues };
  queryClient.setQueryData<Schemas['UserListItemDto'][]>(atendeKeys.users.listAll(), (list) => upsertInArray(list, item, byName));
}

export function removeUser(queryClient: QueryClient, userId: number): void {
  dropDetail(queryClient, atendeKeys.users.detail(userId));
  removePaged<Schemas['UserPageDto'], 'users'>(queryClient, atendeKeys.users.lists(), 'users', userId);
  queryClient.setQueryData<Schemas['UserListItemDto'][]>(atendeKeys.users.listAll(), (list) => removeFromArray(list, userId));
}
