import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Schema } from '../../../client';
import { ApiRequestError } from '../../../provider/api-error';
import { json } from '../../../test/provider-fakes';
import { renderSignedIn, type Routes } from '../../../test/signed-in';
import { useCreateTag, useTags } from './tags';

const items = (name: string) =>
  within(screen.getByRole('list', { name }))
    .queryAllByRole('listitem')
    .map((li) => li.textContent);

describe('tag hooks', () => {
  it('a failed mutation rejects with the API’s code; a tag mutation refetches the tags', async () => {
    let tags: Schema<'TagDto'>[] = [];
    const routes: Routes = {
      'GET /tags': () => json(200, { tags, count: tags.length, hasMore: false }),
      'POST /tags': async (request) => {
        const { name } = (await request.json()) as { name: string };
        if (tags.some((t) => t.name === name)) return json(409, { error: 'ERR_TAG_ALREADY_EXISTS', message: 'Tag already exists' });
        tags = [...tags, { id: tags.length + 1, name, color: '#A4CCCC', kanban: 0, ticketsCount: 0, createdAt: '', updatedAt: '' }];
        return json(201, tags.at(-1));
      },
    };
    const probe: { create?: ReturnType<typeof useCreateTag> } = {};
    function Tags() {
      const list = useTags();
      probe.create = useCreateTag();
      return (
        <ul aria-label="Tags">
          {list.data?.items.map((t) => (
            <li key={t.id}>{t.name}</li>
          ))}
        </ul>
      );
    }
    const { api } = renderSignedIn(<Tags />, routes);
    await waitFor(() => expect(api.calls.filter((c) => c.path === '/tags')).toHaveLength(1));
    await act(() => probe.create!.mutateAsync({ name: 'VIP' }));
    await waitFor(() => expect(items('Tags')).toEqual(['VIP']));
    const failure = await act(() => probe.create!.mutateAsync({ name: 'VIP' }).catch((err: unknown) => err));
    expect(failure).toBeInstanceOf(ApiRequestError);
    expect(failure).toMatchObject({ code: 'ERR_TAG_ALREADY_EXISTS', status: 409 });
  });
});
