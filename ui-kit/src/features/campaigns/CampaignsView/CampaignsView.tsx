import { Link } from 'react-aria-components';
import type { CampaignStatus } from '../data/campaigns';
import { useLocale, useT } from '../../../i18n';
import { campaignsTexts } from '../campaigns.texts';
import { IconButton } from '../../../primitives/IconButton/IconButton';
import { ListPage, useDeleteConfirmation, type ListPageListProps } from '../../../primitives/ListPage/ListPage';
import type { TableColumn } from '../../../primitives/Table/Table';
import { LANGUAGE_TAGS } from '../../../theme/AtendeRoot';
import { canRestart, canStop, type Campaign } from '../campaign-rules';
import { CampaignIcon } from './campaign-icons';

export interface CampaignsViewProps extends ListPageListProps<Campaign> {
  /** How many campaigns match (the title's count). */
  count: number;
  onEdit: (campaign: Campaign) => void;
  /** Runs when the deletion is confirmed; the confirmation stays open, pending, until it settles. */
  onDelete: (campaign: Campaign) => Promise<void>;
  /** Stop a campaign that is sending (offered only for EM_ANDAMENTO). */
  onStop: (campaign: Campaign) => void;
  /** Restart a cancelled campaign (offered only for CANCELADA). */
  onRestart: (campaign: Campaign) => void;
  /** The report page's address (a link, the host's router follows it), e.g. `(c) => '/campaign/' + c.id + '/report'`. */
  reportHref?: (campaign: Campaign) => string;
  /** Or a callback when the host navigates itself (used when `reportHref` is left out). */
  onOpenReport?: (campaign: Campaign) => void;
  /** The campaign whose stop or restart is under way (its buttons show pending). */
  pendingId?: number | null;
}

/** A campaign's status as a chip: Inativa, Programada, Em Andamento, Cancelada, Finalizada (spec back-office §4). */
export function CampaignStatusChip({ status }: { status: CampaignStatus }) {
  const t = useT(campaignsTexts);
  return (
    <span className="atd-CampaignStatus" data-status={status}>
      {t(`campaigns.status.${status}`)}
    </span>
  );
}

/** A date and time in the locale ('' for none). */
export function formatWhen(tag: string, iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : new Intl.DateTimeFormat(tag, { dateStyle: 'short', timeStyle: 'short' }).format(d);
}

/**
 * Spec back-office §2 (Campaigns page): a title with the count, search, 'Adicionar', and a table of name, status (a
 * chip), contact list, connection, schedule, completion, confirmation (Sim/Não) and the actions: stop (while sending),
 * restart (once cancelled), report, edit and delete (confirmed). More rows load as the table scrolls near its end; a
 * narrow container shows each campaign as a card.
 */
export function CampaignsView({ items, count, onEdit, onDelete, onStop, onRestart, reportHref, onOpenReport, pendingId = null, ...page }: CampaignsViewProps) {
  const t = useT(campaignsTexts);
  const tag = LANGUAGE_TAGS[useLocale()];
  const confirmDelete = useDeleteConfirmation(onDelete, {
    title: (row) => t('campaigns.confirmDelete.title', { name: row.name }),
    body: t('campaigns.confirmDelete.body'),
  });

  const field = (label: string, value: string, muted = false) => (
    <span className="atd-Campaigns-field" data-label={label} data-muted={muted || undefined}>
      {value}
    </span>
  );

  const columns: TableColumn<Campaign>[] = [
    {
      id: 'name',
      header: t('campaigns.column.name'),
      isRowHeader: true,
      width: '1.4fr',
      cell: ({ row }) => <span className="atd-Campaigns-name">{row.original.name}</span>,
    },
    {
      id: 'status',
      header: t('campaigns.column.status'),
      width: 132,
      cell: ({ row }) => (
        <span className="atd-Campaigns-statusCell">
          <CampaignStatusChip status={row.original.status} />
        </span>
      ),
    },
    {
      id: 'contactList',
      header: t('campaigns.column.contactList'),
      width: '1fr',
      cell: ({ row }) =>
        field(
          t('campaigns.column.contactList'),
          row.original.contactList?.name ?? row.original.tagList?.name ?? t('campaigns.notDefined'),
          !row.original.contactList && !row.original.tagList,
        ),
    },
    {
      id: 'whatsapp',
      header: t('campaigns.column.whatsapp'),
      width: '1fr',
      cell: ({ row }) => field(t('campaigns.column.whatsapp'), row.original.whatsapp?.name ?? t('campaigns.notDefined'), !row.original.whatsapp),
    },
    {
      id: 'scheduledAt',
      header: t('campaigns.column.scheduledAt'),
      width: 130,
      cell: ({ row }) =>
        field(t('campaigns.column.scheduledAt'), formatWhen(tag, row.original.scheduledAt) || t('campaigns.notScheduled'), !row.original.scheduledAt),
    },
    {
      id: 'completedAt',
      header: t('campaigns.column.completedAt'),
      width: 130,
      cell: ({ row }) =>
        field(t('campaigns.column.completedAt'), formatWhen(tag, row.original.completedAt) || t('campaigns.notCompleted'), !row.original.completedAt),
    },
    {
      id: 'confirmation',
      header: t('campaigns.column.confirmation'),
      width: 110,
      cell: ({ row }) => field(t('campaigns.column.confirmation'), t(row.original.confirmation ? 'campaigns.yes' : 'campaigns.no')),
    },
    {
      id: 'actions',
      header: t('campaigns.column.actions'),
      width: 176,
      cell: ({ row }) => {
        const c = row.original;
        const pending = pendingId === c.id;
        return (
          <span className="atd-Campaigns-actions">
            {canStop(c.status) && (
              <IconButton size="sm" variant="danger" aria-label={t('campaigns.stop', { name: c.name })} isDisabled={pending} onPress={() => onStop(c)}>
                <CampaignIcon name="stop" />
              </IconButton>
            )}
            {canRestart(c.status) && (
              <IconButton size="sm" aria-label={t('campaigns.restart', { name: c.name })} isDisabled={pending} onPress={() => onRestart(c)}>
                <CampaignIcon name="restart" />
              </IconButton>
            )}
            {reportHref ? (
              <Link href={reportHref(c)} className="atd-IconButton" data-variant="ghost" data-size="sm" aria-label={t('campaigns.report', { name: c.name })}>
                <CampaignIcon name="report" />
              </Link>
            ) : (
              onOpenReport && (
                <IconButton size="sm" aria-label={t('campaigns.report', { name: c.name })} onPress={() => onOpenReport(c)}>
                  <CampaignIcon name="report" />
                </IconButton>
              )
            )}
            <IconButton icon="edit" size="sm" aria-label={t('campaigns.edit', { name: c.name })} onPress={() => onEdit(c)} />
            <IconButton icon="delete" size="sm" variant="danger" aria-label={t('campaigns.delete', { name: c.name })} onPress={() => confirmDelete.ask(c)} />
          </span>
        );
      },
    },
  ];

  return (
    <ListPage<Campaign>
      className="atd-Campaigns"
      title={items ? t('campaigns.titleCount', { count }) : t('campaigns.title')}
      searchLabel={t('campaigns.search')}
      addLabel={t('campaigns.add')}
      tableLabel={t('campaigns.table.label')}
      items={items}
      columns={columns}
      getRowId={(c) => String(c.id)}
      emptyTitle={t('campaigns.empty.title')}
      emptyDescription={t('campaigns.empty.description')}
      loadErrorTitle={t('campaigns.loadError')}
      confirmation={confirmDelete.dialog}
      {...page}
    />
  );
}
