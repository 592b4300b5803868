import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Schema } from '../../../client';
import { atendeKeys, type DashboardParams } from '../../../data/query-keys';
import { useDashboard } from '../data/dashboard';
import { useSocketEvent } from '../../../provider/context';
import { DashboardView } from '../DashboardView/DashboardView';
import { firstOfMonth, todayIn, type DashboardFilterValue } from '../dashboard-format';

export interface DashboardProps {
  /** The page's heading ('Dashboard' by default). */
  title?: string;
  /** "Today" for the first filter and the hourly charts (the company's day in UTC−3 by default); for tests and stories. */
  today?: string;
}

/**
 * The admin dashboard, connected: GET /dashboard with the applied filter (the current month by date at first) and
 * the hourly charts' day (today at first). The screen keeps the last answer while the next one loads.
 * The attendants' online states follow the `user` events. Meant for users with `dashboard:view` (admins and supervisors); the API answers 403 to others.
 */
export function Dashboard({ title, today: todayProp }: DashboardProps) {
  const [today] = useState(() => todayProp ?? todayIn());
  const [defaultFilter] = useState<DashboardFilterValue>(() => ({ type: 'date', dateFrom: firstOfMonth(today), dateTo: today, period: 0 }));
  const [filter, setFilter] = useState<DashboardParams>({ date_from: defaultFilter.dateFrom, date_to: defaultFilter.dateTo });
  const [hourlyDate, setHourlyDate] = useState(today);
  const params: DashboardParams = { ...filter, date: hourlyDate };
  const dashboard = useDashboard(params);
  // Presence is live: a user's online state (the `user` event) reaches the attendants table of every loaded answer.
  const queryClient = useQueryClient();
  useSocketEvent('user', (event) => {
    if (event.action === 'delete') return;
    const { id, online } = event.user;
    queryClient.setQueriesData<Schema<'DashboardDto'>>({ queryKey: atendeKeys.dashboard().slice(0, 2) }, (data) =>
      data?.attendants.some((a) => a.id === id && a.online !== online)
        ? { ...data, attendants: data.attendants.map((a) => (a.id === id ? { ...a, online } : a)) }
        : data,
    );
  });
  // The last answer stays on screen while the next filter's loads (set while rendering: React's pattern for derived state).
  const [last, setLast] = useState(dashboard.data);
  if (dashboard.data && dashboard.data !== last) setLast(dashboard.data);
  const data = dashboard.data ?? last;

  return (
    <DashboardView
      title={title}
      data={data}
      isLoading={dashboard.isFetching}
      isError={dashboard.isError}
      defaultFilter={defaultFilter}
      onFilter={setFilter}
      hourlyDate={hourlyDate}
      onHourlyDateChange={setHourlyDate}
    />
  );
}
