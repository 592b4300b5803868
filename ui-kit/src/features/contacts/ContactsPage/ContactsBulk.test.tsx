import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Schema } from '../../../client';
import { expectNoA11yViolations } from '../../../test/a11y';
import { contactDto } from '../../../test/data-fixtures';
import { json } from '../../../test/provider-fakes';
import { renderSignedIn } from '../../../test/signed-in';
import * as csv from '../contacts-csv';
import { ContactsPage } from './ContactsPage';

type ContactDto = Schema<'ContactDto'>;

const people = [
  contactDto({ id: 1, name: 'Ana', number: '5511999990001', email: '' }),
  contactDto({ id: 2, name: 'Bia', number: '5511999990002', email: '' }),
  contactDto({ id: 3, name: 'Caio', number: '5511999990003', email: '' }),
];

function renderPage(permissions: Schema<'Permission'>[] = ['session:self', 'contacts-page:deleteContact']) {
  let contacts: ContactDto[] = [...people];
  const bulk: unknown[] = [];
  const utils = renderSignedIn(
    <ContactsPage onOpenTicket={vi.fn()} bulkActions />,
    {
      'GET /contacts': () => json(200, { contacts, count: contacts.length, countCapped: false, hasMore: false }),
      'POST /contacts/bulk': async (request: Request) => {
        const body = (await request.json()) as { ids: number[] };
        bulk.push(body);
        // Contact 2 is (say) already gone: reported, the others deleted.
        contacts = contacts.filter((c) => !body.ids.includes(c.id) || c.id === 2);
        const results = body.ids.map((id) => (id === 2 ? { id, ok: false, error: 'ERR_NO_CONTACT_FOUND', message: 'x' } : { id, ok: true }));
        return json(200, { results, okCount: results.filter((r) => r.ok).length, failedCount: results.filter((r) => !r.ok).length });
      },
    },
    { permissions },
  );
  return { ...utils, bulk };
}

describe('ContactsPage bulk actions', () => {
  it('selects rows with the keyboard-usable checkboxes, counts them, deletes after a confirmation and reports each id', async () => {
    const user = userEvent.setup();
    const { bulk, container } = renderPage();
    await screen.findByRole('rowheader', { name: /Ana/ }, { timeout: 10_000 });
    const toolbar = screen.getByRole('toolbar', { name: 'Ações em massa' });
    expect(within(toolbar).queryByRole('button')).toBeNull();
    // "Select all" on the loaded page, then one unticked.
    await user.click(screen.getByRole('checkbox', { name: 'Selecionar tudo' }));
    expect(within(toolbar).getByText('3 selecionados')).toBeInTheDocument();
    await user.click(within(screen.getByRole('row', { name: /Caio/ })).getByRole('checkbox'));
    expect(within(toolbar).getByText('2 selecionados')).toBeInTheDocument();
    await expectNoA11yViolations(container);

    await user.click(within(toolbar).getByRole('button', { name: 'Excluir selecionados' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Excluir 2 contatos?' });
    await user.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    await waitFor(() => expect(bulk).toEqual([{ ids: [1, 2], action: 'delete' }]));
    expect(await screen.findByText(/1 de 2 concluídos\. 1 não foram alterados/)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: /Ana/ })).toBeNull());
    expect(within(toolbar).queryByText(/selecionad/)).toBeNull();
  }, 30_000);

  it('exports the selected contacts as CSV; without the delete permission there is no bulk delete', async () => {
    const user = userEvent.setup();
    const download = vi.spyOn(csv, 'downloadText').mockImplementation(() => undefined);
    renderPage(['session:self']);
    await screen.findByRole('rowheader', { name: /Ana/ }, { timeout: 10_000 });
    await user.click(within(screen.getByRole('row', { name: /Bia/ })).getByRole('checkbox'));
    const toolbar = screen.getByRole('toolbar', { name: 'Ações em massa' });
    expect(within(toolbar).queryByRole('button', { name: 'Excluir selecionados' })).toBeNull();
    await user.click(within(toolbar).getByRole('button', { name: 'Exportar selecionados (CSV)' }));
    expect(download).toHaveBeenCalledTimes(1);
    const text = download.mock.calls[0][1];
    expect(text).toContain('Bia');
    expect(text).not.toContain('Ana');
  }, 30_000);
});
