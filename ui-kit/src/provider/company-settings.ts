// The company's settings as the screens read them: live, not the login-time copy of the session. Beside the provider
// (the session's settings, under the provider's own key) so the chat, the tickets and the queues read them without
// importing the settings page's slice.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import type { components } from '../client';
import { unwrap } from './api-error';
import { useApiClient, useSession, useSocket } from './context';
import { settingsListKey } from './provider-keys';

type SettingDto = components['schemas']['SettingDto'];

/** The settings as a key → value map. */
export function settingsMap(settings: readonly SettingDto[] | undefined): Record<string, string> {
  const map: Record<string, string> = {};
  for (const { key, value } of settings ?? []) map[key] = value;
  return map;
}

/**
 * The company's settings (GET /settings) as a map, for the screens they change (the groups tab, the group rules of
 * the ticket buttons, the composer): the session's copy at first, then the API's, kept live by the `settings`
 * event (an admin's change reaches every attendant's open page without a reload) and read again after the socket
 * reconnects (events missed while it was down).
 */
export function useCompanySettings(): Record<string, string> {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const socket = useSocket();
  const { user } = useSession();
  const fromSession = user?.company?.settings;
  const query = useQuery({
    queryKey: settingsListKey(),
    queryFn: ({ signal }) => unwrap(client.GET('/settings', { signal })),
    enabled: Boolean(user),
    initialData: fromSession,
    // The session's copy may be hours old (a reload keeps it): read the API's once, then the events keep it.
    initialDataUpdatedAt: 0,
    staleTime: 5 * 60_000,
  });
  useEffect(() => {
    if (!socket) return;
    const reread = () => void queryClient.invalidateQueries({ queryKey: settingsListKey(), exact: true });
    socket.on('connect', reread);
    return () => void socket.off('connect', reread);
  }, [socket, queryClient]);
  const settings = query.data ?? fromSession;
  return useMemo(() => settingsMap(settings), [settings]);
}
