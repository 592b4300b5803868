import { useState } from 'react';
import {
  useBulkCompanies,
  useCompanyUsers,
  useCreateCompany,
  useDeleteCompany,
  useExtendCompanyDueDate,
  useImpersonate,
  usePlatformSettings,
  useSetCompanyDueDate,
  useSetPlatformSettings,
} from '../data/companies';
import { usePlans } from '../../plans/data/plans';
import { useCompanies, useUpdateCompany } from '../data/companies';
import { errorText, useLocale, useT } from '../../../../i18n';
import { companiesTexts } from '../companies.texts';
import { SEARCH_DEBOUNCE_MS } from '../../../../primitives/ComboBox/ComboBox';
import { useCrudPage } from '../../../../primitives/ListPage/useCrudPage';
import { useToast } from '../../../../primitives/Toast/Toast';
import { useSession } from '../../../../provider/context';
import type { SessionUser } from '../../../../provider/session-store';
import { can } from '../../../../provider/session-rules';
import { CompaniesView } from '../CompaniesView/CompaniesView';
import { CompanyModal } from '../CompanyModal/CompanyModal';
import { CompanyUsersDialog } from '../CompanyUsersDialog/CompanyUsersDialog';
import { createCompanyBody, formatDueDate, updateCompanyBody, type Company, type CompanyFormValues, type CompanyUser } from '../company-rules';
import { useDebounced } from '../../../../primitives/use-debounced';

export interface CompaniesProps {
  headingLevel?: 2 | 3 | 4;
  /** Height of the table's scrolling area (infinite scroll needs one). */
  maxHeight?: number | string;
  /**
   * After 'Acessar como': the provider's session is now the chosen user's (marked impersonated) and the query cache
   * was reset. The host takes the user to its home page here.
   */
  onImpersonated?: (user: SessionUser) => void;
}

/**
 * The settings' Empresas tab (super users, companies:manage), connected: GET /companies searched (debounced 500 ms)
 * and paged by scrolling, merged by id with every company written to the cache (answers and the `company` event);
 * add and edit in the modal with the plans of GET /plans/all (POST /companies with the admin's password, PUT
 * /companies/{id}); '+ Vencimento' confirmed (POST /companies/{id}/extend-due-date), its toast's 'Desfazer' setting the
 * previous date back (PUT /companies/{id}/due-date, only while the date is still the extended one); bulk 'Alterar
 * plano' and '+ Vencimento' on the selected rows (POST /companies/bulk, failures named); the platform's public
 * sign-up switch (GET/PUT /platform-settings); delete confirmed (DELETE /companies/{id});
 * 'Acessar como' confirmed, then a user of the company picked (GET /companies/{id}/users, searched and paged), then
 * GET /auth/impersonate/{targetId}/{currentUserId} becomes the session and `onImpersonated` is called.
 */
export function Companies({ headingLevel, maxHeight, onImpersonated }: CompaniesProps) {
  const t = useT(companiesTexts);
  const locale = useLocale();
  const toast = useToast();
  const { user: me } = useSession();

  const create = useCreateCompany();
  const update = useUpdateCompany();
  const remove = useDeleteCompany();
  const crud = useCrudPage({
    create: (values: CompanyFormValues) => create.mutateAsync(createCompanyBody(values)),
    update: (company: Company, values) => update.mutateAsync({ id: company.id, body: updateCompanyBody(values) }),
    remove: (company) => remove.mutateAsync(company.id),
    texts: { saved: t('companies.saved'), deleted: t('companies.saved') },
    // Every failure is toasted with the page's own title, the field errors too.
    shownByForm: () => false,
    onError: (err, action) =>
      toast.show(
        { kind: 'error', message: t(action === 'save' ? 'companies.saveError' : 'companies.deleteError'), description: errorText(locale, err) },
        { timeout: 3000 },
      ),
  });
  const searchParam = crud.debouncedSearch.trim() || undefined;
  const list = useCompanies({ searchParam });

  const plans = usePlans();
  const extend = useExtendCompanyDueDate();
  const setDueDate = useSetCompanyDueDate();
  const bulk = useBulkCompanies();
  const platform = usePlatformSettings();
  const setPlatform = useSetPlatformSettings();

  const [target, setTarget] = useState<Company | null>(null);
  const [userSearch, setUserSearch] = useState('');
  const userSearchParam = useDebounced(userSearch, SEARCH_DEBOUNCE_MS).trim() || undefined;
  const users = useCompanyUsers(target?.id ?? null, { searchParam: userSearchParam });
  const impersonate = useImpersonate();
  const [pendingUserId, setPendingUserId] = useState<number | null>(null);

  /** The previous date back, only if the due date is still the one this extension set (else ERR_DUE_DATE_CHANGED). */
  const undo = async (id: number, previous: string | null, extended: string | null) => {
    try {
      const restored = await setDueDate.mutateAsync({ id, dueDate: previous, expectedDueDate: extended });
      toast.success(t('companies.undone', { date: restored.dueDate ? formatDueDate(restored.dueDate, locale) : t('companies.noDueDate') }));
    } catch (err) {
      toast.show({ kind: 'error', message: t('companies.undoError'), description: errorText(locale, err) }, { timeout: 4000 });
    }
  };

  const extendDueDate = async (company: Company) => {
    try {
      const previous = company.dueDate ?? null;
      const updated = await extend.mutateAsync(company.id);
      toast.show(
        {
          kind: 'success',
          message: t('companies.saved'),
          description: t('companies.extended', { date: formatDueDate(updated.dueDate, locale) }),
          action: { label: t('companies.undo'), onAction: () => void undo(company.id, previous, updated.dueDate ?? null) },
        },
        { timeout: 10_000 },
      );
    } catch (err) {
      toast.show({ kind: 'error', message: t('companies.deleteError'), description: errorText(locale, err) }, { timeout: 3000 });
    }
  };

  const runBulk = async (companies: Company[], body: { action: 'changePlan' | 'extendDueDate'; planId?: number }) => {
    try {
      const result = await bulk.mutateAsync({ ids: companies.map((c) => c.id), ...body });
      const failed = result.results.filter((r) => !r.ok);
      if (failed.length === 0) toast.success(t('companies.bulk.done', { ok: result.okCount }));
      else {
        const names = failed.map((r) => `${companies.find((c) => c.id === r.id)?.name ?? r.id} (${errorText(locale, { error: r.error })})`).join(', ');
        toast.show(
          {
            kind: 'warning',
            message: t('companies.bulk.done', { ok: result.okCount }),
            description: t('companies.bulk.failed', { failed: failed.length, names }),
          },
          { timeout: 6000 },
        );
      }
    } catch (err) {
      toast.show({ kind: 'error', message: t('companies.deleteError'), description: errorText(locale, err) }, { timeout: 3000 });
    }
  };

  const changeSignup = async (open: boolean) => {
    try {
      await setPlatform.mutateAsync({ signupOpen: open });
      toast.success(t('companies.signupSaved', { state: t(open ? 'companies.signupState.open' : 'companies.signupState.closed') }));
    } catch (err) {
      toast.toastError(err);
    }
  };

  const pick = async (user: CompanyUser) => {
    setPendingUserId(user.id);
    try {
      const session = await impersonate.mutateAsync(user.id);
      setTarget(null);
      onImpersonated?.(session.user);
    } catch (err) {
      toast.toastError(err);
    } finally {
      setPendingUserId(null);
    }
  };

  return (
    <>
      <CompaniesView
        companies={list.data?.items}
        hasMore={Boolean(list.hasNextPage)}
        isLoadingMore={list.isFetchingNextPage}
        onLoadMore={() => void list.fetchNextPage()}
        isLoading={list.isPending}
        isError={list.isError}
        onReload={() => void list.refetch()}
        search={crud.search}
        onSearchChange={crud.setSearch}
        currentCompanyId={me?.companyId}
        canImpersonate={can(me ?? undefined, 'users:impersonate')}
        onAdd={() => crud.openNew()}
        onEdit={crud.openEdit}
        onDelete={crud.destroy}
        onExtendDueDate={extendDueDate}
        plans={plans.data?.map((p) => ({ id: p.id, name: p.name }))}
        onBulkChangePlan={(companies, planId) => runBulk(companies, { action: 'changePlan', planId })}
        onBulkExtendDueDate={(companies) => runBulk(companies, { action: 'extendDueDate' })}
        signupOpen={platform.data?.signupOpen}
        onSignupOpenChange={(open) => void changeSignup(open)}
        onImpersonate={(company) => {
          setUserSearch('');
          setTarget(company);
        }}
        headingLevel={headingLevel}
        maxHeight={maxHeight}
      />
      <CompanyModal
        key={crud.modal.key}
        isOpen={crud.modal.isOpen}
        onOpenChange={crud.modal.onOpenChange}
        company={crud.modal.editing}
        plans={plans.data ?? (plans.isError ? [] : undefined)}
        onSave={(values) => crud.save(values)}
      />
      <CompanyUsersDialog
        company={target}
        onClose={() => setTarget(null)}
        users={users.data?.items}
        hasMore={Boolean(users.hasNextPage)}
        isLoadingMore={users.isFetchingNextPage}
        onLoadMore={() => void users.fetchNextPage()}
        isLoading={users.isPending}
        isError={users.isError}
        onReload={() => void users.refetch()}
        search={userSearch}
        onSearchChange={setUserSearch}
        pendingUserId={pendingUserId}
        onPick={(user) => void pick(user)}
      />
    </>
  );
}
