import type { ReactNode } from 'react';
import { act, renderHook, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../../provider/api-error';
import { AtendeRoot } from '../../theme/AtendeRoot';
import { ToastProvider } from '../Toast/Toast';
import { useCrudPage, type CrudPageOptions } from './useCrudPage';

interface Row {
  id: number;
  name: string;
}

const ANA: Row = { id: 1, name: 'Ana' };
const FIELD_ERROR = new ApiRequestError(400, { error: 'ERR_VALIDATION', message: 'Invalid', fields: [{ field: 'name', messages: ['Too Short!'] }] });
const SERVER_ERROR = new ApiRequestError(500, { error: 'ERR_INTERNAL', message: 'Boom' });

function wrapper({ children }: { children: ReactNode }) {
  return (
    <AtendeRoot locale="pt">
      <ToastProvider>{children}</ToastProvider>
    </AtendeRoot>
  );
}

function setup(options: Partial<CrudPageOptions<Row, { name: string }, Row>> = {}) {
  const create = vi.fn(async (input: { name: string }) => ({ id: 9, ...input }));
  const update = vi.fn(async (row: Row, input: { name: string }) => ({ ...row, ...input }));
  const remove = vi.fn(async (_row: Row) => undefined);
  const hook = renderHook(
    () => useCrudPage<Row, { name: string }, Row, string>({ create, update, remove, texts: { saved: 'Salvo.', deleted: 'Excluído.' }, ...options }),
    {
      wrapper,
    },
  );
  return { ...hook, create, update, remove };
}

/** The toasts on screen, as `kind: text`. */
function toasts() {
  return screen
    .queryAllByRole('region', { name: 'Notificações' })
    .flatMap((region) => within(region).queryAllByRole('alertdialog'))
    .map((el) => `${el.getAttribute('data-kind')}: ${el.textContent ?? ''}`);
}

afterEach(() => {
  vi.useRealTimers();
});

describe('useCrudPage', () => {
  it('opens the dialog to add or edit, a new key each time, and closes it keeping the row', () => {
    const { result } = setup();
    expect(result.current.modal).toMatchObject({ isOpen: false, editing: null, key: 0 });
    act(() => result.current.openNew('2026-12-25'));
    expect(result.current.modal).toMatchObject({ isOpen: true, editing: null, context: '2026-12-25', key: 1 });
    act(() => result.current.openEdit(ANA));
    expect(result.current.modal).toMatchObject({ isOpen: true, editing: ANA, context: undefined, key: 2 });
    act(() => result.current.modal.onOpenChange(false));
    expect(result.current.modal).toMatchObject({ isOpen: false, editing: ANA, key: 2 });
  });

  it('debounces the search by the spec’s 500 ms', () => {
    vi.useFakeTimers();
    const { result } = setup();
    act(() => result.current.setSearch('an'));
    expect(result.current.search).toBe('an');
    expect(result.current.debouncedSearch).toBe('');
    act(() => void vi.advanceTimersByTime(500));
    expect(result.current.debouncedSearch).toBe('an');
  });

  it('creates with nothing edited, updates the row edited, then the saved toast', async () => {
    const { result, create, update } = setup();
    act(() => result.current.openNew());
    await act(() => result.current.save({ name: 'Bia' }));
    expect(create).toHaveBeenCalledWith({ name: 'Bia' });
    act(() => result.current.openEdit(ANA));
    let saved: Row | undefined;
    await act(async () => {
      await result.current.save({ name: 'Ana Maria' }, async (row) => {
        saved = row;
      });
    });
    expect(update).toHaveBeenCalledWith(ANA, { name: 'Ana Maria' });
    expect(saved).toEqual({ id: 1, name: 'Ana Maria' });
    expect(toasts()).toEqual([expect.stringMatching(/^success: .*Salvo\./), expect.stringMatching(/^success: .*Salvo\./)]);
  });

  it('closes its toasts after the timeout asked', async () => {
    vi.useFakeTimers();
    const { result } = setup({ toastTimeout: 3000 });
    await act(() => result.current.save({ name: 'Bia' }));
    act(() => void vi.advanceTimersByTime(2100));
    expect(toasts()).toEqual([expect.stringContaining('Salvo.')]);
    act(() => void vi.advanceTimersByTime(1000));
    expect(toasts()).toEqual([]);
  });

  it('rethrows a field error without a toast, so the form shows it', async () => {
    const { result } = setup({ create: vi.fn(async () => Promise.reject(FIELD_ERROR)) });
    act(() => result.current.openNew());
    await act(async () => {
      await expect(result.current.save({ name: 'B' })).rejects.toBe(FIELD_ERROR);
    });
    expect(toasts()).toEqual([]);
  });

  it('toasts any other failed save and rejects; or hands it to onError, or leaves what shownByForm says to the form', async () => {
    const { result } = setup({ create: vi.fn(async () => Promise.reject(SERVER_ERROR)) });
    act(() => result.current.openNew());
    await act(async () => {
      await expect(result.current.save({ name: 'Bia' })).rejects.toBe(SERVER_ERROR);
    });
    expect(toasts()).toEqual([expect.stringMatching(/^error: .*Erro interno do servidor/)]);

    const onError = vi.fn();
    const custom = setup({ create: vi.fn(async () => Promise.reject(SERVER_ERROR)), onError });
    act(() => custom.result.current.openNew());
    await act(async () => {
      await expect(custom.result.current.save({ name: 'Bia' })).rejects.toBe(SERVER_ERROR);
    });
    expect(onError).toHaveBeenCalledWith(SERVER_ERROR, 'save');

    const silent = setup({ create: vi.fn(async () => Promise.reject(SERVER_ERROR)), shownByForm: () => true, onError });
    act(() => silent.result.current.openNew());
    await act(async () => {
      await expect(silent.result.current.save({ name: 'Bia' })).rejects.toBe(SERVER_ERROR);
    });
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it('keepSaved: the saved row becomes the one edited before the step after the save; a failed step rejects without the saved toast', async () => {
    const { result, create, update } = setup({ keepSaved: true });
    act(() => result.current.openNew());
    const step = vi.fn(async () => Promise.reject(SERVER_ERROR));
    await act(async () => {
      await expect(result.current.save({ name: 'Bia' }, step)).rejects.toBe(SERVER_ERROR);
    });
    expect(step).toHaveBeenCalledWith({ id: 9, name: 'Bia' });
    expect(result.current.modal.editing).toEqual({ id: 9, name: 'Bia' });
    // The step says its own failure: nothing toasted here.
    expect(toasts()).toEqual([]);
    // The retry updates the row the first try made.
    await act(() => result.current.save({ name: 'Bia' }));
    expect(create).toHaveBeenCalledTimes(1);
    expect(update).toHaveBeenCalledWith({ id: 9, name: 'Bia' }, { name: 'Bia' });
    expect(toasts()).toEqual([expect.stringContaining('Salvo.')]);
  });

  it('saveFailed toasts a step’s error as a save’s, unless the form shows it', () => {
    const { result } = setup();
    act(() => void result.current.saveFailed(FIELD_ERROR));
    expect(toasts()).toEqual([]);
    let back: unknown;
    act(() => {
      back = result.current.saveFailed(SERVER_ERROR);
    });
    expect(back).toBe(SERVER_ERROR);
    expect(toasts()).toEqual([expect.stringMatching(/^error: .*Erro interno do servidor/)]);
  });

  it('deletes with the deleted toast (info when asked), or toasts the failure; answers whether it deleted', async () => {
    const { result, remove } = setup({ deletedKind: 'info' });
    let deleted: boolean | undefined;
    await act(async () => {
      deleted = await result.current.tryDestroy(ANA);
    });
    expect(remove).toHaveBeenCalledWith(ANA);
    expect(deleted).toBe(true);
    expect(toasts()).toEqual([expect.stringMatching(/^info: .*Excluído\./)]);

    const failing = setup({ remove: vi.fn(async () => Promise.reject(SERVER_ERROR)) });
    await act(async () => {
      deleted = await failing.result.current.tryDestroy(ANA);
    });
    expect(deleted).toBe(false);
    // destroy, the same for a view's onDelete, never rejects.
    await act(() => failing.result.current.destroy(ANA));
    expect(toasts()).toEqual([
      expect.stringMatching(/^info: .*Excluído\./),
      expect.stringMatching(/^error: .*Erro interno do servidor/),
      expect.stringMatching(/^error: .*Erro interno do servidor/),
    ]);
  });
});
