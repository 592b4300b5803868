import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import {
  CAMPAIGN_RECIPIENT_STATES,
  campaignRecipientsKey,
  useCampaignRecipients,
  useCampaignRecipientsExport,
  type CampaignRecipientDto,
  type CampaignRecipientFilters,
  type CampaignRecipientState,
  type CampaignReportDto,
} from '../data/campaigns';
import { useDebounced } from '../../../primitives/use-debounced';
import { useLocale, useT } from '../../../i18n';
import { campaignsTexts } from '../campaigns.texts';
import { Badge, type BadgeVariant } from '../../../primitives/Badge/Badge';
import { Button } from '../../../primitives/Button/Button';
import { EmptyState } from '../../../primitives/EmptyState/EmptyState';
import { Select } from '../../../primitives/Select/Select';
import { Table, type TableColumn } from '../../../primitives/Table/Table';
import { TextField } from '../../../primitives/TextField/TextField';
import { useToast } from '../../../primitives/Toast/Toast';
import { LANGUAGE_TAGS } from '../../../theme/AtendeRoot';
import { formatWhen } from '../CampaignsView/CampaignsView';

export interface CampaignRecipientsProps {
  campaignId: number;
  /** The report's count of recipients in each state (the state filter shows them); none while it loads. */
  counts?: CampaignReportDto['recipients'];
  /** The section title's heading level. Default 2. */
  headingLevel?: 2 | 3 | 4;
}

const VARIANT: Record<CampaignRecipientState, BadgeVariant> = {
  planned: 'neutral',
  sent: 'primary',
  delivered: 'primary',
  read: 'success',
  confirmed: 'success',
  failed: 'danger',
};

/** The time that goes with the recipient's state: its confirmation, its sending, else its planned time. */
const stateTime = (r: CampaignRecipientDto): string =>
  (r.state === 'confirmed' ? r.confirmedAt : null) ?? (r.state !== 'planned' ? (r.sentAt ?? r.confirmationRequestedAt) : null) ?? r.plannedAt;

/**
 * The per-recipient report of a campaign (GET /campaigns/{id}/recipients): name, number, state (a failure with its
 * reason) and the time of that state, 20 a page with a "Carregar mais" button, filtered by state (with the report's counts) and by
 * a name-or-number search; "Baixar CSV" downloads GET /campaigns/{id}/recipients/export with the same filters through
 * the authenticated client. The rows are read again whenever the report's counts change (live while it sends). Needs campaigns:manage (the report page checks it).
 */
export function CampaignRecipients({ campaignId, counts, headingLevel = 2 }: CampaignRecipientsProps) {
  const t = useT(campaignsTexts);
  const tag = LANGUAGE_TAGS[useLocale()];
  const toast = useToast();
  const titleId = useId();
  const Heading = `h${headingLevel}` as const;
  const [state, setState] = useState<CampaignRecipientState | 'all'>('all');
  const [search, setSearch] = useState('');
  const searchParam = useDebounced(search.trim(), 300);
  const filters: CampaignRecipientFilters = { ...(state !== 'all' ? { state } : {}), ...(searchParam ? { searchParam } : {}) };
  const recipients = useCampaignRecipients(campaignId, filters);
  const exportCsv = useCampaignRecipientsExport();
  // The report's counts move with the `report` events while the campaign sends: the rows are read again then.
  const queryClient = useQueryClient();
  const countsKey = counts ? CAMPAIGN_RECIPIENT_STATES.map((s) => counts[s]).join(',') : '';
  const lastCounts = useRef(countsKey);
  useEffect(() => {
    if (lastCounts.current === countsKey) return;
    lastCounts.current = countsKey;
    void queryClient.invalidateQueries({ queryKey: campaignRecipientsKey(campaignId).slice(0, -1) });
  }, [countsKey, campaignId, queryClient]);
  const [exporting, setExporting] = useState(false);
  const number = (n: number) => new Intl.NumberFormat(tag).format(n);
  const total = counts ? CAMPAIGN_RECIPIENT_STATES.reduce((sum, s) => sum + counts[s], 0) : undefined;
  const withCount = (label: string, count: number | undefined) =>
    count === undefined ? label : t('campaigns.recipients.stateCount', { state: label, count: number(count) });

  const download = async () => {
    setExporting(true);
    try {
      const blob = await exportCsv(campaignId, filters);
      const href = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = href;
      a.download = `campaign-${campaignId}-recipients${filters.state ? `-${filters.state}` : ''}.csv`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(href), 1000);
    } catch {
      toast.error(t('campaigns.recipients.downloadFailed'));
    } finally {
      setExporting(false);
    }
  };

  const columns: TableColumn<CampaignRecipientDto>[] = [
    { id: 'name', header: t('campaigns.recipients.column.name'), isRowHeader: true, cell: ({ row }) => row.original.name },
    { id: 'number', header: t('campaigns.recipients.column.number'), cell: ({ row }) => <span dir="ltr">+{row.original.number}</span> },
    {
      id: 'state',
      header: t('campaigns.recipients.column.state'),
      cell: ({ row }) => {
        const r = row.original;
        const label = t(`campaigns.recipients.state.${r.state}`);
        return (
          <Badge variant={VARIANT[r.state]} className="atd-CampaignRecipients-state" data-state={r.state}>
            {r.state === 'failed' && r.reason ? t('campaigns.recipients.failedWith', { reason: t(`campaigns.recipients.reason.${r.reason}`) }) : label}
          </Badge>
        );
      },
    },
    {
      id: 'when',
      header: t('campaigns.recipients.column.when'),
      cell: ({ row }) => {
        const iso = stateTime(row.original);
        return <time dateTime={iso}>{formatWhen(tag, iso)}</time>;
      },
    },
  ];

  return (
    <section className="atd-CampaignRecipients" aria-labelledby={titleId}>
      <div className="atd-CampaignRecipients-header">
        <Heading id={titleId} className="atd-CampaignRecipients-title">
          {t('campaigns.recipients.title')}
          {recipients.data && (
            <span className="atd-CampaignRecipients-count"> · {t('campaigns.recipients.count', { count: number(recipients.data.count) })}</span>
          )}
        </Heading>
        <div className="atd-CampaignRecipients-filters">
          <Select
            label={t('campaigns.recipients.state')}
            selectedKey={state}
            onSelectionChange={(key) => setState(key as CampaignRecipientState | 'all')}
            items={[
              { id: 'all', label: withCount(t('campaigns.recipients.all'), total) },
              ...CAMPAIGN_RECIPIENT_STATES.map((s) => ({ id: s, label: withCount(t(`campaigns.recipients.state.${s}`), counts?.[s]) })),
            ]}
          />
          <TextField label={t('campaigns.recipients.search')} type="search" value={search} onChange={setSearch} />
          <Button variant="secondary" isPending={exporting} onPress={() => void download()}>
            {t('campaigns.recipients.download')}
          </Button>
        </div>
      </div>
      {recipients.isError ? (
        <EmptyState icon="info" title={t('campaigns.recipients.loadError')} headingLevel={4} />
      ) : (
        <Table<CampaignRecipientDto>
          aria-labelledby={titleId}
          className="atd-CampaignRecipients-table"
          cardsWhenNarrow
          data={recipients.data?.items ?? []}
          columns={columns}
          getRowId={(r) => r.number}
          isLoading={recipients.isLoading || recipients.isFetchingNextPage}
          emptyState={<EmptyState title={t('campaigns.recipients.empty')} description={t('campaigns.recipients.emptyDescription')} headingLevel={4} />}
        />
      )}
      {recipients.data?.hasMore && (
        <Button
          variant="secondary"
          className="atd-CampaignRecipients-more"
          isPending={recipients.isFetchingNextPage}
          onPress={() => void recipients.fetchNextPage()}
        >
          {t('campaigns.recipients.loadMore')}
        </Button>
      )}
    </section>
  );
}
