import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Schema } from '../../../client';
import { expectNoA11yViolations } from '../../../test/a11y';
import { json } from '../../../test/provider-fakes';
import { renderSignedIn, type Routes } from '../../../test/signed-in';
import { TagsPage } from './TagsPage';

const AT = '2026-01-01T00:00:00.000Z';
const tag = (id: number, name: string, o: Partial<Schema<'TagDto'>> = {}): Schema<'TagDto'> => ({
  id,
  name,
  color: '#A4CCCC',
  kanban: 0,
  ticketsCount: 0,
  createdAt: AT,
  updatedAt: AT,
  ...o,
});

/** A fake GET /tags over `store`: name order, `searchParam` filter, 20 a page. */
function tagsApi(initial: Schema<'TagDto'>[]) {
  let store = [...initial];
  const asked: { searchParam: string | null; pageNumber: string | null }[] = [];
  const routes: Routes = {
    'GET /tags': (request) => {
      const params = new URL(request.url).searchParams;
      asked.push({ searchParam: params.get('searchParam'), pageNumber: params.get('pageNumber') });
      const term = params.get('searchParam') ?? '';
      const page = Number(params.get('pageNumber') ?? 1);
      const all = store.filter((t) => t.name.toLowerCase().includes(term)).sort((a, b) => a.name.localeCompare(b.name));
      const tags = all.slice((page - 1) * 20, page * 20);
      return json(200, { tags, count: all.length, hasMore: page * 20 < all.length });
    },
  };
  return { routes, asked, set: (next: Schema<'TagDto'>[]) => (store = next), get: () => store };
}

const admin = { profile: 'admin' as const, permissions: ['session:self' as const, 'tags:kanban' as const] };
const plain = { profile: 'user' as const, permissions: ['session:self' as const] };
const rowOf = (name: string) => screen.getAllByRole('row').find((r) => within(r).queryByText(name) && r.closest('tbody'));

describe('TagsPage (connected)', () => {
  it('lists name (a chip in the tag colour) and tickets count; axe-clean', async () => {
    const api = tagsApi([tag(1, 'Lead', { color: '#ff0000', ticketsCount: 4 }), tag(2, 'Ganho')]);
    const { container } = renderSignedIn(<TagsPage />, api.routes, admin);
    await waitFor(() => expect(rowOf('Lead')).toBeDefined());
    const row = rowOf('Lead')!;
    expect(row).toHaveTextContent('4');
    expect(within(row).getByText('Lead').closest('.atd-Chip')).toHaveStyle({ '--atd-chip-bg': '#ff0000' });
    await expectNoA11yViolations(container);
  });

  it('lower-cases the search and reads from page 1', async () => {
    const api = tagsApi([tag(1, 'Lead'), tag(2, 'Ganho')]);
    renderSignedIn(<TagsPage />, api.routes, admin);
    await waitFor(() => expect(rowOf('Ganho')).toBeDefined());
    await userEvent.type(screen.getByRole('searchbox', { name: 'Pesquisar' }), 'GAN');
    await waitFor(() => expect(api.asked.at(-1)).toEqual({ searchParam: 'gan', pageNumber: '1' }), { timeout: 2000 });
    await waitFor(() => expect(rowOf('Lead')).toBeUndefined());
    expect(rowOf('Ganho')).toBeDefined();
  });

  it('adds a tag with the kanban flag (admins) and shows it after the refetch', async () => {
    const api = tagsApi([tag(1, 'Lead')]);
    let sent: unknown;
    api.routes['POST /tags'] = async (request) => {
      sent = await request.json();
      const created = tag(3, 'Orçamento', { kanban: 1 });
      api.set([...api.get(), created]);
      return json(201, created);
    };
    renderSignedIn(<TagsPage />, api.routes, admin);
    await waitFor(() => expect(rowOf('Lead')).toBeDefined());
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar tag' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Nome' }), 'Orçamento');
    await userEvent.click(within(dialog).getByRole('switch', { name: /Kanban/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Adicionar' }));
    expect(await screen.findByText('Tag salva com sucesso!')).toBeInTheDocument();
    expect(sent).toEqual({ name: 'Orçamento', color: '#A4CCCC', kanban: 1 });
    await waitFor(() => expect(rowOf('Orçamento')).toBeDefined());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('a plain user has no kanban switch and sends no kanban flag when editing', async () => {
    const api = tagsApi([tag(1, 'Lead', { kanban: 1 })]);
    let sent: unknown;
    api.routes['PUT /tags/1'] = async (request) => {
      sent = await request.json();
      api.set([tag(1, 'Leads', { kanban: 1 })]);
      return json(200, api.get()[0]);
    };
    renderSignedIn(<TagsPage />, api.routes, plain);
    await waitFor(() => expect(rowOf('Lead')).toBeDefined());
    await userEvent.click(screen.getByRole('button', { name: 'Editar Lead' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('switch')).toBeNull();
    const name = within(dialog).getByRole('textbox', { name: 'Nome' });
    await userEvent.clear(name);
    await userEvent.type(name, 'Leads');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(rowOf('Leads')).toBeDefined());
    expect(sent).toEqual({ name: 'Leads', color: '#A4CCCC' });
  });

  it('deletes a tag after the confirmation; it leaves the list', async () => {
    const api = tagsApi([tag(1, 'Lead'), tag(2, 'Ganho')]);
    api.routes['DELETE /tags/2'] = () => {
      api.set([tag(1, 'Lead')]);
      return json(204, undefined);
    };
    renderSignedIn(<TagsPage />, api.routes, admin);
    await waitFor(() => expect(rowOf('Ganho')).toBeDefined());
    await userEvent.click(screen.getByRole('button', { name: 'Excluir Ganho' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Excluir Ganho?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText('Tag excluída com sucesso!')).toBeInTheDocument();
    await waitFor(() => expect(rowOf('Ganho')).toBeUndefined());
    expect(rowOf('Lead')).toBeDefined();
  });

  it('loads the next page when scrolled near the bottom', async () => {
    const api = tagsApi(Array.from({ length: 25 }, (_, i) => tag(i + 1, `Tag ${String(i + 1).padStart(2, '0')}`)));
    const { container } = renderSignedIn(<TagsPage />, api.routes, admin);
    await waitFor(() => expect(rowOf('Tag 20')).toBeDefined());
    expect(rowOf('Tag 21')).toBeUndefined();
    const scroller = container.querySelector('.atd-Table-scroll')!;
    scroller.dispatchEvent(new Event('scroll'));
    await waitFor(() => expect(rowOf('Tag 25')).toBeDefined());
    expect(api.asked.map((a) => a.pageNumber)).toEqual(['1', '2']);
  });
});
