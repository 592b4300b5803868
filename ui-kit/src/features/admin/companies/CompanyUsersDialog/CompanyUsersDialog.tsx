import { useT } from '../../../../i18n';
import { companiesTexts } from '../companies.texts';
import { Button } from '../../../../primitives/Button/Button';
import { Dialog } from '../../../../primitives/Dialog/Dialog';
import { EmptyState } from '../../../../primitives/EmptyState/EmptyState';
import { LoadFailed } from '../../../../primitives/EmptyState/LoadFailed';
import { Table, type TableColumn } from '../../../../primitives/Table/Table';
import { TextField } from '../../../../primitives/TextField/TextField';
import type { Company, CompanyUser } from '../company-rules';

export interface CompanyUsersDialogProps {
  /** The company whose users are listed; null: closed. */
  company: Company | null;
  onClose: () => void;
  /** The users loaded so far (GET /companies/{id}/users, by name); undefined until the first answer. */
  users: CompanyUser[] | undefined;
  hasMore: boolean;
  isLoadingMore?: boolean;
  onLoadMore: () => void;
  isLoading: boolean;
  isError?: boolean;
  onReload?: () => void;
  /** The search box's text (the connected panel debounces it). */
  search: string;
  onSearchChange: (search: string) => void;
  /** The user whose session is being opened: their button waits, the others are off. */
  pendingUserId?: number | null;
  /** Act as this user (GET /auth/impersonate/...). */
  onPick: (user: CompanyUser) => void;
}

/**
 * 'Acessar como', after the confirmation (spec administration §2): the users of the company, searched by name or
 * e-mail and loaded as the list scrolls; 'Entrar' on one opens the system as that user.
 */
export function CompanyUsersDialog({
  company,
  onClose,
  users,
  hasMore,
  isLoadingMore = false,
  onLoadMore,
  isLoading,
  isError = false,
  onReload,
  search,
  onSearchChange,
  pendingUserId = null,
  onPick,
}: CompanyUsersDialogProps) {
  const t = useT(companiesTexts);
  const busy = pendingUserId !== null;
  const columns: TableColumn<CompanyUser>[] = [
    {
      id: 'name',
      header: t('companies.users.column.name'),
      isRowHeader: true,
      width: '1fr',
      cell: ({ row }) => (
        <span className="atd-CompanyUsers-name">
          {row.original.name}
          {row.original.super && (
            <>
              {' '}
              <span className="atd-CompanyUsers-super">{t('companies.users.super')}</span>
            </>
          )}
        </span>
      ),
    },
    {
      id: 'email',
      header: t('companies.users.column.email'),
      width: '1.2fr',
      cell: ({ row }) => <span className="atd-CompanyUsers-email">{row.original.email}</span>,
    },
    {
      id: 'profile',
      header: t('companies.users.column.profile'),
      width: 130,
      cell: ({ row }) => <span className="atd-CompanyUsers-profile">{t(`profile.${row.original.profile}`)}</span>,
    },
    {
      id: 'action',
      header: t('companies.users.column.action'),
      width: 100,
      cell: ({ row }) => (
        <span className="atd-CompanyUsers-action">
          <Button
            variant="secondary"
            className="atd-Companies-action"
            aria-label={t('companies.users.enter.label', { name: row.original.name })}
            isPending={pendingUserId === row.original.id}
            isDisabled={busy && pendingUserId !== row.original.id}
            onPress={() => onPick(row.original)}
          >
            {t('companies.users.enter')}
          </Button>
        </span>
      ),
    },
  ];

  const failed = isError && !users;
  const emptyState = failed ? (
    <LoadFailed title={t('companies.users.loadError')} onRetry={onReload} />
  ) : search.trim() ? (
    <EmptyState icon="search" title={t('companies.users.noResults', { search: search.trim() })} />
  ) : (
    <EmptyState icon="inbox" title={t('companies.users.empty')} />
  );

  return (
    <Dialog
      title={t('companies.users.title', { name: company?.name ?? '' })}
      isOpen={company !== null}
      onOpenChange={(open) => !open && onClose()}
      isDismissable={!busy}
      size="lg"
      className="atd-CompanyUsers"
    >
      <p className="atd-CompanyUsers-description">{t('companies.users.description')}</p>
      <TextField
        type="search"
        label={t('companies.users.search')}
        placeholder={t('companies.users.searchPlaceholder')}
        value={search}
        onChange={onSearchChange}
        className="atd-CompanyUsers-search"
        autoFocus
      />
      <Table<CompanyUser>
        aria-label={t('companies.users.table.label', { name: company?.name ?? '' })}
        className="atd-CompanyUsers-table"
        cardsWhenNarrow
        data={users ?? []}
        columns={columns}
        getRowId={(user) => String(user.id)}
        hasMore={hasMore}
        onLoadMore={onLoadMore}
        isLoading={(isLoading && !failed) || isLoadingMore}
        maxHeight="min(50dvh, 24rem)"
        emptyState={emptyState}
      />
    </Dialog>
  );
}
