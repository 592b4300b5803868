import { useState } from 'react';
import { serverFieldErrors } from '../../forms/server-errors';
import { SEARCH_DEBOUNCE_MS } from '../ComboBox/ComboBox';
import { useToast } from '../Toast/Toast';
import { useDebounced } from '../use-debounced';

/** What a list page's add/edit dialog takes from `useCrudPage` (`key` remounts it, so each opening starts fresh). */
export interface CrudModal<T, C = undefined> {
  isOpen: boolean;
  /** The row edited; null to add one. */
  editing: T | null;
  /** What the page opened the dialog with besides the row (the calendar's day, 'for this contact'). */
  context: C | undefined;
  key: number;
  onOpenChange: (isOpen: boolean) => void;
}

export interface CrudPageOptions<T, In, Saved extends T> {
  /** Adds a row from the dialog's input (a mutation's `mutateAsync` fits). Needed by `save`. */
  create?: (input: In) => Promise<Saved>;
  /** Changes the row edited. Needed by `save`. */
  update?: (row: T, input: In) => Promise<Saved>;
  /** Deletes a row. Needed by `destroy`. */
  remove?: (row: T) => Promise<unknown>;
  /** The toasts after a save and a delete; none, no toast. */
  texts: { saved?: string; deleted?: string };
  /** The delete's toast: 'success' (default) or 'info' (the pages whose spec says so). */
  deletedKind?: 'success' | 'info';
  /** Every toast's auto-close, in ms (the spec's 3000 in some areas); default the provider's. */
  toastTimeout?: number;
  /**
   * Errors the dialog shows itself (on its fields, or above the form): rethrown without a toast. Default: the
   * server's field errors. A page whose form shows some error codes too adds them; `() => true` toasts none.
   */
  shownByForm?: (err: unknown) => boolean;
  /** Says a failed save or delete instead of `toastError` (a page with its own error texts). */
  onError?: (err: unknown, action: 'save' | 'delete') => void;
  /**
   * A saved row becomes the one edited, before any step after the save runs: a second save of the same dialog (after
   * a failed upload) updates it rather than adding another.
   */
  keepSaved?: boolean;
  /** The search's debounce; default the spec's 500 ms. */
  debounceMs?: number;
}

export interface CrudPage<T, In, Saved extends T, C> {
  /** The search box's text, and the same once it stopped changing (what the list's query reads). */
  search: string;
  setSearch: (text: string) => void;
  debouncedSearch: string;
  modal: CrudModal<T, C>;
  /** Opens the dialog to add a row (with what the page adds to it), or to edit `row`; each opening gets a new `modal.key`. */
  openNew: (context?: C) => void;
  openEdit: (row: T) => void;
  /** Replaces the row edited without reopening the dialog (a save's answer, a rotated secret's hint). */
  setEditing: (row: T) => void;
  /**
   * The dialog's onSave: `update(editing, input)` or `create(input)`; `then` (an upload after the save) runs next,
   * then the saved toast. A failure is toasted unless the form shows it, and rejects, so the dialog stays open; `then`
   * says its own failures (`saveFailed` toasts one as a save's). `then` is also where a page reads the saved row.
   */
  save: (input: In, then?: (saved: Saved) => Promise<void>) => Promise<void>;
  /** Toasts a failed save as `save` does (unless the form shows it) and gives the error back, to rethrow. */
  saveFailed: (err: unknown) => unknown;
  /** Deletes a row (a view's onDelete): the deleted toast, or the error's. Never rejects. */
  destroy: (row: T) => Promise<void>;
  /** `destroy`, answering whether the row was deleted (a dialog that closes only then). */
  tryDestroy: (row: T) => Promise<boolean>;
}

/**
 * The state and handlers every back-office list page with an add/edit dialog repeats: the search box (debounced), the
 * dialog (open, the row edited, a key per opening), save (create or update, toasts, field errors left to the form)
 * and delete (toast either way). The page keeps its queries and passes `modal` to its dialog and `destroy` to its
 * view's delete confirmation.
 */
export function useCrudPage<T, In = T, Saved extends T = T, C = undefined>(options: CrudPageOptions<T, In, Saved>): CrudPage<T, In, Saved, C> {
  const { create, update, remove, texts, deletedKind = 'success', toastTimeout, onError, keepSaved = false } = options;
  const shownByForm = options.shownByForm ?? ((err: unknown) => serverFieldErrors(err).length > 0);
  const toast = useToast();
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebounced(search, options.debounceMs ?? SEARCH_DEBOUNCE_MS);
  const [state, setState] = useState<{ isOpen: boolean; editing: T | null; context: C | undefined; key: number }>({
    isOpen: false,
    editing: null,
    context: undefined,
    key: 0,
  });
  const timed = toastTimeout === undefined ? undefined : { timeout: toastTimeout };
  const report = (err: unknown, action: 'save' | 'delete') => (onError ? onError(err, action) : toast.toastError(err, timed));

  const open = (editing: T | null, context?: C) => setState((s) => ({ isOpen: true, editing, context, key: s.key + 1 }));
  const setEditing = (row: T) => setState((s) => ({ ...s, editing: row }));

  const saveFailed = (err: unknown) => {
    if (!shownByForm(err)) report(err, 'save');
    return err;
  };

  const save = async (input: In, then?: (saved: Saved) => Promise<void>) => {
    const editing = state.editing;
    if (!create || !update) throw new Error('useCrudPage: save needs create and update');
    let saved: Saved;
    try {
      saved = editing ? await update(editing, input) : await create(input);
    } catch (err) {
      throw saveFailed(err);
    }
    if (keepSaved) setEditing(saved);
    if (then) await then(saved);
    if (texts.saved) toast.success(texts.saved, timed);
  };

  const tryDestroy = async (row: T) => {
    if (!remove) throw new Error('useCrudPage: destroy needs remove');
    try {
      await remove(row);
    } catch (err) {
      report(err, 'delete');
      return false;
    }
    if (texts.deleted) toast.show({ kind: deletedKind, message: texts.deleted }, timed);
    return true;
  };

  return {
    search,
    setSearch,
    debouncedSearch,
    modal: { ...state, onOpenChange: (isOpen) => setState((s) => ({ ...s, isOpen })) },
    openNew: (context) => open(null, context),
    openEdit: (row) => open(row),
    setEditing,
    save,
    saveFailed,
    destroy: async (row) => void (await tryDestroy(row)),
    tryDestroy,
  };
}
