import { act, render } from '@testing-library/react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Schema } from '../client';
import { AtendeProvider } from '../atende-provider';
import { createMemoryStorage } from '../provider/storage';
import { fakeApi, fakeSocketFactory, sessionUser } from './provider-fakes';

export type Routes = Parameters<typeof fakeApi>[0];

/**
 * The real AtendeProvider, signed in (company 3, user 7 with tickets-manager:showall unless `user` says
 * otherwise) on a fake API and a fake socket: its own query cache, its own realtime cache.
 */
export function renderSignedIn(ui: ReactNode, routes: Routes, user: Partial<Schema<'SessionUserDto'>> = {}) {
  const storage = createMemoryStorage({
    token: JSON.stringify('token-1'),
    user: JSON.stringify(sessionUser({ permissions: ['session:self', 'tickets-manager:showall'], ...user })),
  });
  const api = fakeApi(routes);
  const sockets = fakeSocketFactory();
  const probe: { queryClient?: QueryClient } = {};
  const Probe = () => {
    probe.queryClient = useQueryClient();
    return null;
  };
  const utils = render(
    <AtendeProvider apiUrl="http://api.test" storage={storage} fetch={api.fetch} socketFactory={sockets.factory} whiteLabel={false}>
      <Probe />
      {ui}
    </AtendeProvider>,
  );
  const socket = () => {
    const last = sockets.sockets.at(-1);
    if (!last) throw new Error('no socket yet');
    return last;
  };
  /** The server sends `company-3-{channel}`. */
  const emit = (channel: string, payload: unknown) => act(() => socket().serverEmit(`company-3-${channel}`, payload));
  return { ...utils, api, socket, emit, probe, storage };
}
