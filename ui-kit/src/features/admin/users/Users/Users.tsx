import { useState } from 'react';
import { useWhatsapps } from '../../../connections';
import { useQueues } from '../../queues';
import { useCreateUser, useDeleteUser, useUpdateUserFromCompany, useUsers } from '../data/users';
import { serverFieldErrors } from '../../../../forms/server-errors';
import { useLocale, useT } from '../../../../i18n';
import { usersTexts } from '../users.texts';
import { SEARCH_DEBOUNCE_MS } from '../../../../primitives/ComboBox/ComboBox';
import { useToast } from '../../../../primitives/Toast/Toast';
import { useAtende, useSession } from '../../../../provider/context';
import { UserModal } from '../UserModal/UserModal';
import { UsersView } from '../UsersView/UsersView';
import { useBulkUsers } from '../UsersBulk/UsersBulkBar';
import { bulkSummary } from '../../../../i18n/bulk-summary';
import { bulkTexts } from '../../../../i18n/bulk';
import { planUsageOf, userBody, userPermissions, type User, type UserFormValues } from '../user-rules';
import { useDebounced } from '../../../../primitives/use-debounced';

export interface UsersProps {
  /** The title's heading level (1 when the page is the document's main content). Default 2. */
  headingLevel?: 1 | 2 | 3;
  /** Height of the table's scrolling area (infinite scroll needs one). */
  maxHeight?: number | string;
  /** Row selection with bulk actions (queues, automatic distribution) for who may use them; off unless asked (the console asks). */
  bulkActions?: boolean;
}

/** Errors the user modal shows itself (on a field, or above the form): not toasted as well. */
const FORM_CODES = new Set(['ERR_EMAIL_ALREADY_REGISTERED', 'ERR_LAST_ADMIN', 'ERR_PLAN_LIMIT_REACHED', 'ERR_USER_CREATION_DISABLED']);
const shownByForm = (err: unknown) => serverFieldErrors(err).length > 0 || FORM_CODES.has(String((err as { code?: unknown } | null)?.code));

type Editor = { open: boolean; user: User | null; key: number };

/**
 * The users page (spec administration §2, §5-§9), connected: GET /users searched (debounced 500 ms) and paged by
 * scrolling, live through the `user` events (no refetch); add and edit in the modal (POST /users, PUT
 * /users/fromCompany/{id}) with the queues (GET /queue) and connections (GET /whatsapp) read when it opens; delete
 * confirmed (DELETE /users/{id}). The plan's user limit comes from the session's plan and the company's user count.
 */
export function Users({ headingLevel, maxHeight, bulkActions = false }: UsersProps) {
  const t = useT(usersTexts);
  const toast = useToast();
  const locale = useLocale();
  const { store } = useAtende();
  const { user: me } = useSession();
  const permissions = userPermissions(me ?? undefined);

  const [search, setSearch] = useState('');
  const searchParam = useDebounced(search, SEARCH_DEBOUNCE_MS).trim() || undefined;
  // The unsearched list is also the company's user count (the plan's limit); a search reads its own pages.
  const all = useUsers({});
  const searched = useUsers({ searchParam }, { enabled: searchParam !== undefined });
  const list = searchParam !== undefined ? searched : all;
  const planUsage = planUsageOf(me ?? undefined, all.data?.count);

  const [editor, setEditor] = useState<Editor>({ open: false, user: null, key: 0 });
  const bulkUsers = useBulkUsers();
  useT(bulkTexts);
  const queues = useQueues({ enabled: editor.open || (bulkActions && permissions.canEditQueues) });
  // Read also without user-modal:editProfile: the disabled select still names the user's connection.
  const connections = useWhatsapps({}, { enabled: editor.open });

  const create = useCreateUser();
  const update = useUpdateUserFromCompany();
  const remove = useDeleteUser();

  const openEditor = (user: User | null) => setEditor((e) => ({ open: true, user, key: e.key + 1 }));
  const isSelf = (user: User | null) => Boolean(user && me && user.id === me.id);

  const save = async (values: UserFormValues) => {
    const editing = editor.user;
    try {
      if (editing) {
        const updated = await update.mutateAsync({ id: editing.id, body: userBody(values, 'update', permissions, isSelf(editing)) });
        // Editing oneself: the session shows the new name and e-mail at once.
        if (me && updated.id === me.id) store.setUser({ ...me, ...updated });
      } else {
        await create.mutateAsync(userBody(values, 'create', permissions));
      }
    } catch (err) {
      if (!shownByForm(err)) toast.toastError(err);
      throw err;
    }
    toast.success(t('users.saved'));
  };

  const destroy = async (user: User) => {
    try {
      await remove.mutateAsync(user.id);
      toast.success(t('users.deleted'));
    } catch (err) {
      toast.toastError(err);
    }
  };

  return (
    <>
      <UsersView
        users={list.data?.items}
        hasMore={Boolean(list.hasNextPage)}
        isLoadingMore={list.isFetchingNextPage}
        onLoadMore={() => void list.fetchNextPage()}
        isLoading={list.isPending}
        isError={list.isError}
        onReload={() => void list.refetch()}
        search={search}
        onSearchChange={setSearch}
        permissions={permissions}
        currentUserId={me?.id}
        planUsage={planUsage}
        onAdd={() => openEditor(null)}
        onEdit={openEditor}
        onDelete={destroy}
        headingLevel={headingLevel}
        maxHeight={maxHeight}
        bulk={
          bulkActions && (permissions.canEditQueues || permissions.canEditProfile)
            ? {
                queues: queues.data ?? [],
                canEditQueues: permissions.canEditQueues,
                canEditProfile: permissions.canEditProfile,
                onApply: async (action, queueIds, selected) => {
                  try {
                    const ids = selected.map((u) => u.id);
                    const summary = bulkSummary(locale, await bulkUsers.mutateAsync({ ids, action, queueIds }));
                    toast[summary.kind](summary.message);
                  } catch (err) {
                    toast.toastError(err);
                  }
                },
              }
            : undefined
        }
      />
      <UserModal
        key={`modal-${editor.key}`}
        isOpen={editor.open}
        onOpenChange={(open) => setEditor((e) => ({ ...e, open }))}
        user={editor.user}
        queues={queues.data ?? (queues.isError ? [] : undefined)}
        connections={connections.data ?? (connections.isError ? [] : undefined)}
        permissions={permissions}
        isSelf={isSelf(editor.user)}
        planUsage={planUsage}
        onSave={save}
      />
    </>
  );
}
