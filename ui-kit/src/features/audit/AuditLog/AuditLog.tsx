import { useState } from 'react';
import { useAllUsers } from '../../admin/users/data/users';
import { useAuditExport, useAuditLogs, type AuditLogDto, type AuditLogFilters } from '../data/audit';
import { useDebounced } from '../../../primitives/use-debounced';
import { auditTexts } from '../audit.texts';
import { useLocale, useT } from '../../../i18n/locale-context';
import { Button } from '../../../primitives/Button/Button';
import { ListPage } from '../../../primitives/ListPage/ListPage';
import { Select } from '../../../primitives/Select/Select';
import type { TableColumn } from '../../../primitives/Table/Table';
import { TextField } from '../../../primitives/TextField/TextField';
import { useToast } from '../../../primitives/Toast/Toast';
import { useSession } from '../../../provider/context';

export interface AuditLogProps {
  headingLevel?: 1 | 2 | 3;
}

/** `YYYY-MM-DD` of a date input, as the start of that day in the browser's zone (ISO), or nothing. */
const dayStart = (day: string, plusDays = 0): string | undefined => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const d = new Date(`${day}T00:00:00`);
  d.setDate(d.getDate() + plusDays);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
};

/** The fields a row sent, `name: value` each, short. */
const changesText = (changes: AuditLogDto['changes']) =>
  changes
    ? Object.entries(changes)
        .map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`)
        .join(' · ')
    : '';

/**
 * The audit log screen (/audit): administrative writes, newest first, filtered by user, action and dates, exported
 * as the server's CSV with the same filters. A company admin sees their company; a super user every company (or one).
 */
export function AuditLog({ headingLevel = 2 }: AuditLogProps) {
  const t = useT(auditTexts);
  const locale = useLocale();
  const toast = useToast();
  const { user } = useSession();
  const isSuper = user?.super === true;
  const [userId, setUserId] = useState<string>('all');
  const [action, setAction] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [companyId, setCompanyId] = useState('');
  const debouncedAction = useDebounced(action.trim().toLowerCase(), 300);
  const debouncedCompany = useDebounced(companyId.trim(), 300);
  const filters: AuditLogFilters = {
    ...(userId !== 'all' ? { userId: Number(userId) } : {}),
    ...(/^[a-z0-9.-]+$/.test(debouncedAction) ? { action: debouncedAction } : {}),
    ...(dayStart(from) ? { from: dayStart(from) } : {}),
    ...(dayStart(to, 1) ? { to: dayStart(to, 1) } : {}),
    ...(isSuper && /^[1-9]\d*$/.test(debouncedCompany) ? { companyId: Number(debouncedCompany) } : {}),
  };
  const logs = useAuditLogs(filters);
  const users = useAllUsers();
  const exportCsv = useAuditExport();
  const [exporting, setExporting] = useState(false);
  const when = new Intl.DateTimeFormat(locale === 'pt' ? 'pt-BR' : locale, { dateStyle: 'short', timeStyle: 'medium' });

  const download = async () => {
    setExporting(true);
    try {
      const blob = await exportCsv(filters);
      const href = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = href;
      a.download = 'audit-log.csv';
      a.click();
      setTimeout(() => URL.revokeObjectURL(href), 1000);
    } catch {
      toast.error(t('audit.exportFailed'));
    } finally {
      setExporting(false);
    }
  };

  const columns: TableColumn<AuditLogDto>[] = [
    {
      id: 'when',
      header: t('audit.column.when'),
      cell: ({ row }) => <time dateTime={String(row.original.createdAt)}>{when.format(new Date(row.original.createdAt))}</time>,
    },
    {
      id: 'who',
      header: t('audit.column.who'),
      isRowHeader: true,
      cell: ({ row }) => {
        const r = row.original;
        const name = r.userName ?? `#${r.userId ?? '?'}`;
        return r.impersonatorId ? t('audit.as', { impersonator: r.impersonatorName ?? `#${r.impersonatorId}`, user: name }) : name;
      },
    },
    ...(isSuper
      ? [
          {
            id: 'company',
            header: t('audit.column.company'),
            cell: ({ row }: { row: { original: AuditLogDto } }) => row.original.companyId ?? t('audit.platform'),
          },
        ]
      : []),
    { id: 'action', header: t('audit.column.action'), cell: ({ row }) => <code>{row.original.action}</code> },
    {
      id: 'target',
      header: t('audit.column.target'),
      cell: ({ row }) => `${row.original.targetType}${row.original.targetId ? ` #${row.original.targetId}` : ''}`,
    },
    { id: 'changes', header: t('audit.column.changes'), cell: ({ row }) => <span className="atd-AuditLog-changes">{changesText(row.original.changes)}</span> },
    { id: 'origin', header: t('audit.column.origin'), cell: ({ row }) => <span title={row.original.userAgent ?? undefined}>{row.original.ip ?? ''}</span> },
  ];

  return (
    <ListPage<AuditLogDto>
      className="atd-AuditLog"
      headingLevel={headingLevel}
      title={
        <>
          {t('audit.title')}
          {logs.data ? <span className="atd-AuditLog-count"> ({t('audit.count', { count: logs.data.count })})</span> : null}
        </>
      }
      subtitle={t('audit.description')}
      actions={
        <Button variant="secondary" isPending={exporting} onPress={() => void download()}>
          {t('audit.export')}
        </Button>
      }
      tableLabel={t('audit.table.label')}
      items={logs.data?.items}
      columns={columns}
      getRowId={(r) => r.id}
      hasMore={logs.data?.hasMore ?? false}
      onLoadMore={() => void logs.fetchNextPage()}
      isLoading={logs.isLoading || logs.isFetchingNextPage}
      isError={logs.isError}
      onReload={() => void logs.refetch()}
      loadErrorTitle={t('audit.loadError')}
      emptyTitle={t('audit.empty.title')}
      emptyDescription={t('audit.empty.description')}
    >
      <div className="atd-AuditLog-filters" role="group" aria-label={t('audit.filters')}>
        <Select
          label={t('audit.filter.user')}
          selectedKey={userId}
          onSelectionChange={(key) => setUserId(String(key))}
          items={[{ id: 'all', label: t('audit.filter.anyUser') }, ...(users.data ?? []).map((u) => ({ id: String(u.id), label: u.name }))]}
        />
        <TextField label={t('audit.filter.action')} description={t('audit.filter.action.hint')} value={action} onChange={setAction} />
        <TextField label={t('audit.filter.from')} type="date" value={from} onChange={setFrom} />
        <TextField label={t('audit.filter.to')} type="date" value={to} onChange={setTo} />
        {isSuper && <TextField label={t('audit.filter.company')} inputMode="numeric" value={companyId} onChange={setCompanyId} />}
      </div>
    </ListPage>
  );
}
