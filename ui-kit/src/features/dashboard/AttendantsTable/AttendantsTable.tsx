import type { Schema } from '../../../client';
import { useLocale, useT } from '../../../i18n';
import { dashboardTexts } from '../dashboard.texts';
import { EmptyState } from '../../../primitives/EmptyState/EmptyState';
import { Table, type TableColumn } from '../../../primitives/Table/Table';
import { formatMinutes, formatNumber, ratingStars } from '../dashboard-format';

export type DashboardAttendant = Schema<'DashboardAttendantDto'>;

export interface AttendantsTableProps {
  attendants: DashboardAttendant[];
  isLoading?: boolean;
}

/** Three stars, the average rating's rounded number of them filled; the exact average is what assistive technology reads. */
export function RatingStars({ rating }: { rating: number | null }) {
  const t = useT(dashboardTexts);
  const locale = useLocale();
  const filled = ratingStars(rating);
  const label = rating === null ? t('dashboard.rating.none') : t('dashboard.rating.value', { rating: formatNumber(rating, locale, 2) });
  return (
    <span className="atd-RatingStars" role="img" aria-label={label} data-filled={filled}>
      {[1, 2, 3].map((star) => (
        <svg key={star} viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" data-on={star <= filled || undefined} className="atd-RatingStars-star">
          <path d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z" />
        </svg>
      ))}
    </span>
  );
}

/** The online status as a dot and a word. */
function OnlineStatus({ online }: { online: boolean }) {
  const t = useT(dashboardTexts);
  return (
    <span className="atd-OnlineStatus" data-online={online}>
      <span className="atd-OnlineStatus-dot" aria-hidden="true" />
      {online ? t('dashboard.online') : t('dashboard.offline')}
    </span>
  );
}

/** The attendants of the company (spec attendance, Dashboard): name, rating in 1 to 3 stars, average support time, online status. */
export function AttendantsTable({ attendants, isLoading }: AttendantsTableProps) {
  const t = useT(dashboardTexts);
  const columns: TableColumn<DashboardAttendant>[] = [
    { id: 'name', accessorKey: 'name', header: t('dashboard.attendants.name'), isRowHeader: true, width: '2fr' },
    { id: 'rating', accessorKey: 'rating', header: t('dashboard.attendants.rating'), cell: ({ row }) => <RatingStars rating={row.original.rating} /> },
    {
      id: 'avgSupportTime',
      accessorKey: 'avgSupportTime',
      header: t('dashboard.attendants.avgSupport'),
      cell: ({ row }) => formatMinutes(row.original.avgSupportTime, t('dashboard.none')),
    },
    { id: 'online', accessorKey: 'online', header: t('dashboard.attendants.status'), cell: ({ row }) => <OnlineStatus online={row.original.online} /> },
  ];
  return (
    <Table<DashboardAttendant>
      className="atd-AttendantsTable"
      aria-label={t('dashboard.attendants')}
      data={attendants}
      columns={columns}
      getRowId={(a) => String(a.id)}
      isLoading={isLoading}
      emptyState={<EmptyState icon={null} title={t('dashboard.attendants.empty')} />}
    />
  );
}
