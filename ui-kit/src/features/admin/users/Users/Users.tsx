import { useWhatsapps } from '../../../connections/data/whatsapps';
import { useQueues } from '../../queues/data/queues';
import { useCreateUser, useDeleteUser, useUpdateUserFromCompany, useUsers } from '../data/users';
import { serverFieldErrors } from '../../../../forms/server-errors';
import { useLocale, useT } from '../../../../i18n';
import { usersTexts } from '../users.texts';
import { useCrudPage } from '../../../../primitives/ListPage/useCrudPage';
import { useToast } from '../../../../primitives/Toast/Toast';
import { useAtende, useSession } from '../../../../provider/context';
import { UserModal } from '../UserModal/UserModal';
import { UsersView } from '../UsersView/UsersView';
import { useBulkUsers } from '../UsersBulk/UsersBulkBar';
import { bulkSummary } from '../../../../i18n/bulk-summary';
import { bulkTexts } from '../../../../i18n/bulk';
import { planUsageOf, userBody, userPermissions, type User, type UserFormValues } from '../user-rules';

export interface UsersProps {
  /** The title's heading level (1 when the page is the document's main content). Default 2. */
  headingLevel?: 1 | 2 | 3;
  /** Height of the table's scrolling area (infinite scroll needs one). */
  maxHeight?: number | string;
  /** Row selection with bulk actions (queues, automatic distribution) for who may use them; off unless asked (the console asks). */
  bulkActions?: boolean;
}

/** Errors the user modal shows itself (on a field, or above the form): not toasted as well. */
const FORM_CODES = new Set([
  'ERR_EMAIL_ALREADY_REGISTERED',
  'ERR_LAST_ADMIN',
  'ERR_PLAN_LIMIT_REACHED',
  'ERR_USER_CREATION_DISABLED',
  'ERR_USER_EXTERNAL_ID_EXISTS',
]);
const shownByForm = (err: unknown) => serverFieldErrors(err).length > 0 || FORM_CODES.has(String((err as { code?: unknown } | null)?.code));

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

  const create = useCreateUser();
  const update = useUpdateUserFromCompany();
  const remove = useDeleteUser();
  const isSelf = (user: User | null) => Boolean(user && me && user.id === me.id);
  const crud = useCrudPage({
    create: (values: UserFormValues) => create.mutateAsync(userBody(values, 'create', permissions)),
    update: async (user: User, values) => {
      const updated = await update.mutateAsync({ id: user.id, body: userBody(values, 'update', permissions, isSelf(user)) });
      // Editing oneself: the session shows the new name and e-mail at once.
      if (me && updated.id === me.id) store.setUser({ ...me, ...updated });
      return updated;
    },
    remove: (user) => remove.mutateAsync(user.id),
    texts: { saved: t('users.saved'), deleted: t('users.deleted') },
    shownByForm,
  });
  const editor = crud.modal;
  const searchParam = crud.debouncedSearch.trim() || undefined;
  // The unsearched list is also the company's user count (the plan's limit); a search reads its own pages.
  const all = useUsers({});
  const searched = useUsers({ searchParam }, { enabled: searchParam !== undefined });
  const list = searchParam !== undefined ? searched : all;
  const planUsage = planUsageOf(me ?? undefined, all.data?.count);

  const bulkUsers = useBulkUsers();
  useT(bulkTexts);
  const queues = useQueues({ enabled: editor.isOpen || (bulkActions && permissions.canEditQueues) });
  // Read also without user-modal:editProfile: the disabled select still names the user's connection.
  const connections = useWhatsapps({}, { enabled: editor.isOpen });

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
        search={crud.search}
        onSearchChange={crud.setSearch}
        permissions={permissions}
        currentUserId={me?.id}
        planUsage={planUsage}
        onAdd={() => crud.openNew()}
        onEdit={crud.openEdit}
        onDelete={crud.destroy}
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
        isOpen={editor.isOpen}
        onOpenChange={editor.onOpenChange}
        user={editor.editing}
        queues={queues.data ?? (queues.isError ? [] : undefined)}
        connections={connections.data ?? (connections.isError ? [] : undefined)}
        permissions={permissions}
        isSelf={isSelf(editor.editing)}
        planUsage={planUsage}
        onSave={(values) => crud.save(values)}
      />
    </>
  );
}
