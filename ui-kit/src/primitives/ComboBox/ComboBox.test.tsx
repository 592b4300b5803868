import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoA11yViolations } from '../../test/a11y';
import { ComboBox } from './ComboBox';

interface Contact {
  id: number;
  name: string;
}

const CONTACTS: Contact[] = [
  { id: 1, name: 'Ana Souza' },
  { id: 2, name: 'Anabela Lima' },
  { id: 3, name: 'Bruno Dias' },
];

// Real timers: the debounce is measured in real milliseconds.
const sleep = (ms: number) => act(() => new Promise<void>((r) => setTimeout(r, ms)));

function setup(loadItems: (q: string, s: AbortSignal) => Promise<Contact[]>, onSelectionChange = vi.fn()) {
  const user = userEvent.setup();
  const utils = render(<ComboBox<Contact> label="Contato" loadItems={loadItems} getLabel={(c) => c.name} onSelectionChange={onSelectionChange} />);
  return { user, onSelectionChange, ...utils };
}

const search = (q: string) => Promise.resolve(CONTACTS.filter((c) => c.name.toLowerCase().includes(q.toLowerCase())));

describe('ComboBox (async search)', () => {
  it('starts with a preset item chosen (defaultItem): its label, no search for it, and a new search once the user types', async () => {
    const loadItems = vi.fn(search);
    const onSelectionChange = vi.fn();
    const user = userEvent.setup();
    render(
      <ComboBox<Contact>
        label="Contato"
        loadItems={loadItems}
        getLabel={(c) => c.name}
        defaultItem={CONTACTS[2]}
        defaultSelectedKey={3}
        onSelectionChange={onSelectionChange}
      />,
    );
    const input = screen.getByRole('combobox', { name: 'Contato' });
    expect(input).toHaveValue('Bruno Dias');
    await sleep(650);
    expect(loadItems).not.toHaveBeenCalled();
    await user.clear(input);
    await user.type(input, 'anab');
    await user.click(await screen.findByRole('option', { name: 'Anabela Lima' }, { timeout: 2000 }));
    expect(loadItems).toHaveBeenCalledWith('anab', expect.anything());
    expect(onSelectionChange).toHaveBeenLastCalledWith(2, CONTACTS[1]);
  });

  it('asks for 3 characters before searching', async () => {
    const loadItems = vi.fn(search);
    const { user } = setup(loadItems);
    await user.type(screen.getByRole('combobox', { name: 'Contato' }), 'an');
    await sleep(650);
    expect(loadItems).not.toHaveBeenCalled();
    expect(screen.getByText('Digite ao menos 3 caracteres')).toBeInTheDocument();
  });

  it('debounces typing by 500 ms and searches once with the whole text', async () => {
    const loadItems = vi.fn(search);
    const { user } = setup(loadItems);
    await user.type(screen.getByRole('combobox', { name: 'Contato' }), 'anab');
    await sleep(350);
    expect(loadItems).not.toHaveBeenCalled();
    await sleep(300);
    expect(loadItems).toHaveBeenCalledTimes(1);
    expect(loadItems.mock.calls[0][0]).toBe('anab');
    expect(await screen.findByRole('option', { name: 'Anabela Lima' })).toBeInTheDocument();
    expect(screen.getAllByRole('option')).toHaveLength(1);
  });

  it('shows a loading state while the search runs', async () => {
    let resolve!: (c: Contact[]) => void;
    const { user } = setup(() => new Promise((r) => (resolve = r)));
    await user.type(screen.getByRole('combobox', { name: 'Contato' }), 'ana');
    const field = screen.getByRole('combobox', { name: 'Contato' }).closest('.atd-ComboBox')!;
    expect(field).toHaveAttribute('data-status', 'loading');
    expect(screen.getByRole('listbox')).toHaveTextContent('Carregando...');
    await sleep(550);
    expect(screen.getByRole('listbox')).toHaveTextContent('Carregando...');
    await act(async () => resolve(CONTACTS.slice(0, 2)));
    expect(field).toHaveAttribute('data-status', 'done');
    expect(screen.getAllByRole('option')).toHaveLength(2);
  });

  it('says when nothing was found', async () => {
    const { user } = setup(() => Promise.resolve([]));
    await user.type(screen.getByRole('combobox', { name: 'Contato' }), 'zzz');
    await sleep(550);
    expect(await screen.findByText('Nenhum resultado encontrado')).toBeInTheDocument();
  });

  it('reports the chosen item, by keyboard, without searching again for its label', async () => {
    const loadItems = vi.fn(search);
    const { user, onSelectionChange, container } = setup(loadItems);
    const input = screen.getByRole('combobox', { name: 'Contato' });
    await user.type(input, 'bru');
    await sleep(550);
    await screen.findByRole('option', { name: 'Bruno Dias' });
    await expectNoA11yViolations(container);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onSelectionChange).toHaveBeenLastCalledWith(3, CONTACTS[2]);
    expect(input).toHaveValue('Bruno Dias');
    await sleep(650);
    expect(loadItems).toHaveBeenCalledTimes(1);
  });
});

describe('ComboBox (static items)', () => {
  it('filters the given items as the user types', async () => {
    render(<ComboBox<Contact> label="Contato" items={CONTACTS} getLabel={(c) => c.name} />);
    await userEvent.type(screen.getByRole('combobox', { name: 'Contato' }), 'dia');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Bruno Dias']);
  });
});
