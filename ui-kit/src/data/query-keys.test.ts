import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { atendeKeys } from './query-keys';

describe('atendeKeys', () => {
  it('nests keys so that invalidating a prefix reaches everything below it, and nothing else', async () => {
    const client = new QueryClient();
    const keys = [
      atendeKeys.tickets.list({ status: 'open' }),
      atendeKeys.tickets.list({}, 'groups'),
      atendeKeys.tickets.detail(1),
      atendeKeys.tickets.messages(1),
      atendeKeys.users.list({ searchParam: 'ana' }),
      atendeKeys.users.listAll(),
      atendeKeys.queues.list(),
    ];
    for (const key of keys) client.setQueryData(key, []);
    const stale = () => keys.filter((key) => client.getQueryState(key)?.isInvalidated).map((key) => `${String(key[1])}.${String(key[2])}`);

    await client.invalidateQueries({ queryKey: atendeKeys.tickets.lists() });
    expect(stale()).toEqual(['tickets.list', 'tickets.list']);
    await client.invalidateQueries({ queryKey: atendeKeys.tickets.all() });
    expect(stale()).toEqual(['tickets.list', 'tickets.list', 'tickets.detail', 'tickets.messages']);
    await client.invalidateQueries({ queryKey: atendeKeys.users.all() });
    expect(stale()).not.toContain('queues.list');
    expect(stale()).toContain('users.list-all');
  });
});
