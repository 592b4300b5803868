import { useState } from 'react';
import type { RowSelectionState } from '@tanstack/react-table';
import { UsersBulkBar, type UsersBulkBarProps } from '../UsersBulk/UsersBulkBar';
import { useT } from '../../../../i18n';
import { usersTexts } from '../users.texts';
import { Avatar } from '../../../../primitives/Avatar/Avatar';
import { Button } from '../../../../primitives/Button/Button';
import { Chip } from '../../../../primitives/Chip/Chip';
import { EmptyState } from '../../../../primitives/EmptyState/EmptyState';
import { Icon } from '../../../../primitives/Icon/Icon';
import { IconButton } from '../../../../primitives/IconButton/IconButton';
import { ListPage, useDeleteConfirmation } from '../../../../primitives/ListPage/ListPage';
import type { TableColumn } from '../../../../primitives/Table/Table';
import { UsersIcon } from '../users-icons';
import { isPlanFull, sortedQueues, type PlanUsage, type User, type UserPermissions } from '../user-rules';

export interface UsersViewProps {
  /** The users loaded so far (GET /users, by name); undefined until the first answer. */
  users: User[] | undefined;
  /** Infinite scroll: more pages, the next one on its way, load it (within 100 px of the bottom). */
  hasMore: boolean;
  isLoadingMore?: boolean;
  onLoadMore: () => void;
  /** The first page on its way. */
  isLoading: boolean;
  /** The list could not be loaded: the table says so and offers `onReload`. */
  isError?: boolean;
  onReload?: () => void;
  /** The search box's text (the connected page debounces it); a search without results says so. */
  search: string;
  onSearchChange: (search: string) => void;
  permissions: UserPermissions;
  /** The signed-in user: marked 'você', and not deletable (the API refuses it). */
  currentUserId?: number;
  /** The plan's user limit and how many are in use: shown to who may add users, with a notice once it is full. */
  planUsage?: PlanUsage | null;
  onAdd: () => void;
  onEdit: (user: User) => void;
  /** After the confirmation; the dialog stays open, pending, until it settles. */
  onDelete: (user: User) => Promise<void>;
  /** The title's heading level (1 when the page is the document's main content). Default 2. */
  headingLevel?: 1 | 2 | 3;
  /** Height of the table's scrolling area (infinite scroll needs one). */
  maxHeight?: number | string;
  /** Bulk actions (queues, distribution): with it the rows get checkboxes and a bar acts on the selection. */
  bulk?: Omit<UsersBulkBarProps, 'selected' | 'onClear'>;
}

/**
 * The users page (spec administration §2, §6): search, a table of name, e-mail, profile, queues (coloured chips) and
 * actions (edit, and delete after a confirmation naming the user) that loads more as it scrolls; 'Adicionar
 * usuário'; empty, no-results, loading and error states; the plan's user limit. Each button shows only with its
 * permission. On a narrow container each row becomes a card.
 */
export function UsersView({
  users,
  hasMore,
  isLoadingMore = false,
  onLoadMore,
  isLoading,
  isError = false,
  onReload,
  search,
  onSearchChange,
  permissions,
  currentUserId,
  planUsage,
  onAdd,
  onEdit,
  onDelete,
  headingLevel = 2,
  maxHeight = 'min(70dvh, 44rem)',
  bulk,
}: UsersViewProps) {
  const t = useT(usersTexts);
  const [selection, setSelection] = useState<RowSelectionState>({});
  // What is still listed of the selection.
  const selectedUsers = (users ?? []).filter((u) => selection[String(u.id)]);
  const confirmDelete = useDeleteConfirmation<User>(onDelete, {
    title: (row) => t('users.confirmDelete.title', { name: row.name }),
    body: <p className="atd-Users-confirmText">{t('users.confirmDelete.body')}</p>,
  });
  const showActions = permissions.canEdit || permissions.canDelete;
  const full = permissions.canAdd && isPlanFull(planUsage);

  const columns: TableColumn<User>[] = [
    {
      id: 'name',
      header: t('users.column.name'),
      isRowHeader: true,
      width: '1.4fr',
      cell: ({ row }) => {
        const user = row.original;
        return (
          <span className="atd-Users-name">
            {/* The name follows as text: the initials are decoration. */}
            <span className="atd-Users-avatar" aria-hidden="true">
              <Avatar name={user.name} size="sm" />
            </span>
            <span className="atd-Users-nameText">
              <span className="atd-Users-nameLine">
                <span className="atd-Users-nameValue">{user.name}</span>
                {user.id === currentUserId && (
                  <>
                    {' '}
                    <span className="atd-Users-you">{t('users.you')}</span>
                  </>
                )}
              </span>{' '}
              {/* On a narrow card the e-mail column is gone: the e-mail comes under the name. */}
              <span className="atd-Users-nameEmail">{user.email}</span>
            </span>
          </span>
        );
      },
    },
    {
      id: 'email',
      header: t('users.column.email'),
      width: '1.4fr',
      cell: ({ row }) => <span className="atd-Users-email">{row.original.email}</span>,
    },
    {
      id: 'profile',
      header: t('users.column.profile'),
      width: 140,
      cell: ({ row }) => (
        <span className="atd-Users-profile" data-profile={row.original.profile}>
          {t(`profile.${row.original.profile}`)}
        </span>
      ),
    },
    {
      id: 'queues',
      header: t('users.column.queues'),
      width: '1.6fr',
      cell: ({ row }) =>
        row.original.queues.length === 0 ? (
          <span className="atd-Users-noQueues">{t('users.noQueues')}</span>
        ) : (
          <span className="atd-Users-queues">
            {sortedQueues(row.original.queues).map((queue) => (
              <Chip key={queue.id} color={queue.color}>
                {queue.name}
              </Chip>
            ))}
          </span>
        ),
    },
    ...(showActions
      ? [
          {
            id: 'actions',
            header: t('users.column.actions'),
            width: 104,
            cell: ({ row }) => (
              <span className="atd-Users-actions">
                {permissions.canEdit && (
                  <IconButton icon="edit" size="sm" aria-label={t('users.edit', { name: row.original.name })} onPress={() => onEdit(row.original)} />
                )}
                {permissions.canDelete && row.original.id !== currentUserId && (
                  <IconButton
                    icon="delete"
                    size="sm"
                    variant="danger"
                    aria-label={t('users.delete', { name: row.original.name })}
                    onPress={() => confirmDelete.ask(row.original)}
                  />
                )}
              </span>
            ),
          } satisfies TableColumn<User>,
        ]
      : []),
  ];

  return (
    <ListPage<User>
      className="atd-Users"
      title={t('users.title')}
      headingLevel={headingLevel}
      subtitle={
        permissions.canAdd &&
        planUsage &&
        planUsage.used !== undefined && (
          <span className="atd-Users-usage" data-full={full || undefined}>
            {t('users.planUsage', { used: planUsage.used, limit: planUsage.limit, plan: planUsage.plan })}
          </span>
        )
      }
      search={search}
      onSearchChange={onSearchChange}
      searchLabel={t('users.search')}
      searchPlaceholder={t('users.searchPlaceholder')}
      addLabel={t('users.add')}
      onAdd={permissions.canAdd ? onAdd : undefined}
      tableLabel={t('users.table.label')}
      items={users}
      columns={columns}
      getRowId={(user) => String(user.id)}
      selection={bulk ? { rowSelection: selection, onRowSelectionChange: setSelection } : undefined}
      hasMore={hasMore}
      onLoadMore={onLoadMore}
      isLoading={isLoading || isLoadingMore}
      maxHeight={maxHeight}
      emptyIcon={<UsersIcon name="people" width="2.5rem" height="2.5rem" />}
      emptyTitle={t('users.empty.title')}
      emptyDescription={permissions.canAdd ? t('users.empty.description') : undefined}
      emptyAction={
        permissions.canAdd && (
          <Button onPress={onAdd}>
            <Icon name="add" />
            {t('users.add')}
          </Button>
        )
      }
      noResults={
        <EmptyState
          icon={<UsersIcon name="searchOff" width="2.5rem" height="2.5rem" />}
          title={t('users.noResults.title', { search: search.trim() })}
          description={t('users.noResults.description')}
          action={
            <Button variant="secondary" onPress={() => onSearchChange('')}>
              {t('users.noResults.clear')}
            </Button>
          }
        />
      }
      isError={isError}
      loadErrorTitle={t('users.loadError')}
      onReload={onReload}
      confirmation={confirmDelete.dialog}
    >
      {full && planUsage && (
        <p className="atd-Users-notice" role="status">
          <UsersIcon name="warning" />
          <span>{t('users.planFull', { plan: planUsage.plan, limit: planUsage.limit })}</span>
        </p>
      )}
      {bulk && (
        <UsersBulkBar
          {...bulk}
          selected={selectedUsers}
          onClear={() => setSelection({})}
          onApply={async (action, queueIds, selected) => {
            await bulk.onApply(action, queueIds, selected);
            setSelection({});
          }}
        />
      )}
    </ListPage>
  );
}
