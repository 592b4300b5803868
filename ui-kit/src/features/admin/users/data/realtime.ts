import type { RealtimeModule } from '../../../../data/realtime';
import { removeUser, writeUser } from './user-cache';

/** What the `user` channel's events do to the users' queries. */
export const usersRealtime: RealtimeModule = {
  user: (event, { queryClient }) => (event.action === 'delete' ? removeUser(queryClient, event.userId) : writeUser(queryClient, event.user, event.action)),
};
