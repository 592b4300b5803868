import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Schema } from '../../../client';
import { json } from '../../../test/provider-fakes';
import { renderSignedIn } from '../../../test/signed-in';
import { nextImportState, useContactListImports, useContactListOptions, type ContactListImportEvent } from './contact-lists';

type ContactList = Schema<'ContactListDto'>;
const list = (over: Partial<ContactList> & Pick<ContactList, 'id' | 'name'>): ContactList => ({
  contactsCount: 0,
  companyId: 3,
  createdAt: '2026-11-26T10:00:00.000Z',
  updatedAt: '2026-11-26T10:00:00.000Z',
  ...over,
});
const ADMIN = { permissions: ['session:self', 'campaigns:manage'] as Schema<'Permission'>[] };

function Options() {
  const options = useContactListOptions();
  return (
    <ul aria-label="options">
      {options.data?.map((o) => (
        <li key={o.id}>{`${o.name} (${o.contactsCount})`}</li>
      ))}
    </ul>
  );
}

function Imports() {
  const imports = useContactListImports(1);
  return (
    <ul aria-label="imports">
      {Object.values(imports).map((i) => (
        <li key={i.importId}>{`${i.importId} ${i.status} ${i.processed}/${i.total}`}</li>
      ))}
    </ul>
  );
}

const texts = (name: string) =>
  within(screen.getByRole('list', { name }))
    .queryAllByRole('listitem')
    .map((li) => li.textContent);

describe('contact list data', () => {
  it('useContactListOptions reads GET /contact-lists/list and follows the ContactList events', async () => {
    const { emit, api } = renderSignedIn(
      <Options />,
      { 'GET /contact-lists/list': () => json(200, [{ id: 2, name: 'Fornecedores', contactsCount: 3 }]) },
      ADMIN,
    );
    await waitFor(() => expect(texts('options')).toEqual(['Fornecedores (3)']));
    emit('ContactList', { action: 'create', record: list({ id: 5, name: 'Clientes', contactsCount: 0 }) });
    emit('ContactList', { action: 'update', record: list({ id: 2, name: 'Fornecedores', contactsCount: 4 }) });
    await waitFor(() => expect(texts('options')).toEqual(['Clientes (0)', 'Fornecedores (4)']));
    emit('ContactList', { action: 'delete', id: 5 });
    await waitFor(() => expect(texts('options')).toEqual(['Fornecedores (4)']));
    expect(api.calls.filter((c) => c.path === '/contact-lists/list')).toHaveLength(1);
  });

  it("useContactListImports follows one list's import events by importId", async () => {
    const { emit } = renderSignedIn(<Imports />, {}, ADMIN);
    await screen.findByRole('list', { name: 'imports' });
    emit('contactListImport', { action: 'progress', importId: 'a', contactListId: 1, total: 10, processed: 5, added: 5, updated: 0, invalid: 0 });
    emit('contactListImport', { action: 'progress', importId: 'b', contactListId: 2, total: 10, processed: 5, added: 5, updated: 0, invalid: 0 });
    await waitFor(() => expect(texts('imports')).toEqual(['a running 5/10']));
    emit('contactListImport', { action: 'done', importId: 'a', contactListId: 1, total: 10, processed: 10, added: 10, updated: 0, invalid: 0, errors: [] });
    await waitFor(() => expect(texts('imports')).toEqual(['a done 10/10']));
  });

  it('nextImportState keeps a finished import finished and ignores an overtaken progress', () => {
    const progress = (processed: number): ContactListImportEvent => ({
      action: 'progress',
      importId: 'x',
      contactListId: 1,
      total: 100,
      processed,
      added: processed,
      updated: 0,
      invalid: 0,
    });
    let state = nextImportState(undefined, progress(50));
    state = nextImportState(state, progress(20));
    expect(state.processed).toBe(50);
    state = nextImportState(state, { action: 'failed', importId: 'x', contactListId: 1, message: 'boom' });
    expect(nextImportState(state, progress(90))).toMatchObject({ status: 'failed', message: 'boom', processed: 50 });
  });
});
