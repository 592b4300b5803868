import { act, render, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AtendeProviderBase } from '../provider/AtendeProvider';
import { createMemoryStorage } from '../provider/storage';
import { fakeApi, fakeSocketFactory, sessionUser } from '../test/provider-fakes';
import { LazyRealtimeCache, lazyRealtimeModules, type RealtimeModule } from './realtime';

function renderWith(loader: ReturnType<typeof lazyRealtimeModules>, signedIn: boolean) {
  const storage = createMemoryStorage(signedIn ? { token: JSON.stringify('token-1'), user: JSON.stringify(sessionUser()) } : {});
  const sockets = fakeSocketFactory();
  render(
    <AtendeProviderBase apiUrl="http://api.test" storage={storage} fetch={fakeApi({}).fetch} socketFactory={sockets.factory} whiteLabel={false}>
      <LazyRealtimeCache modules={loader} />
    </AtendeProviderBase>,
  );
  return sockets;
}

describe('LazyRealtimeCache', () => {
  it('loads its modules once a user is signed in, then applies the events', async () => {
    const queue = vi.fn();
    const module: RealtimeModule = { queue };
    const load = vi.fn(() => Promise.resolve([module]));
    const sockets = renderWith(lazyRealtimeModules(load), true);
    await waitFor(() => expect(sockets.sockets).toHaveLength(1));
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(sockets.sockets[0].listeners('company-3-queue')).toHaveLength(1));
    act(() => sockets.sockets[0].serverEmit('company-3-queue', { action: 'delete', queueId: 1 }));
    expect(queue).toHaveBeenCalledWith({ action: 'delete', queueId: 1 }, expect.anything());
  });

  it('loads nothing without a session', async () => {
    const load = vi.fn(() => Promise.resolve([] as RealtimeModule[]));
    renderWith(lazyRealtimeModules(load), false);
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(load).not.toHaveBeenCalled();
  });

  it('tries again after a failed load, on the next mount', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue([]);
    const loader = lazyRealtimeModules(load);
    await expect(loader()).rejects.toThrow('offline');
    await expect(loader()).resolves.toEqual([]);
    expect(loader.loaded).toEqual([]);
    error.mockRestore();
  });
});
