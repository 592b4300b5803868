import type { DashboardData } from './dashboard-format';

const hours = (counts: Record<number, number>) => Array.from({ length: 24 }, (_, h) => ({ hour: `${String(h).padStart(2, '0')}:00`, count: counts[h] ?? 0 }));

/** A month of a small company: what GET /dashboard answers (stories and tests). */
export const sampleDashboard: DashboardData = {
  period: { dateFrom: '2025-03-01', dateTo: '2025-03-31', timezone: 'America/Sao_Paulo' },
  companyDueDate: '2025-04-15',
  counters: { supportPending: 4, supportHappening: 7, supportFinished: 128, leads: 36, avgSupportTime: 20.17, avgWaitTime: 65.5 },
  attendants: [
    { id: 1, name: 'Ana', rating: 2.5, avgSupportTime: 20, online: true, closedTickets: 70 },
    { id: 2, name: 'Bruno', rating: 1.2, avgSupportTime: 31.5, online: false, closedTickets: 50 },
    { id: 3, name: 'Carla', rating: null, avgSupportTime: null, online: true, closedTickets: 0 },
  ],
  closedByUser: [
    { userId: 1, name: 'Ana', count: 70 },
    { userId: 2, name: 'Bruno', count: 50 },
    { userId: null, name: null, count: 8 },
  ],
  closedByQueue: [
    { queueId: 1, name: 'Vendas', color: '#7C4DFF', count: 90 },
    { queueId: 2, name: 'Suporte', color: '#26A69A', count: 30 },
    { queueId: null, name: null, color: null, count: 8 },
  ],
  hourly: {
    date: '2025-03-31',
    ticketsCreatedByHour: hours({ 8: 3, 9: 6, 10: 9, 11: 7, 13: 5, 14: 8, 15: 6, 16: 4, 17: 2, 23: 1 }),
    ticketsClosedByHour: hours({ 9: 2, 10: 5, 11: 6, 12: 3, 14: 7, 15: 5, 16: 6, 17: 4, 18: 1 }),
  },
};

/** The same company on a day with nothing closed. */
export const emptyDashboard: DashboardData = {
  ...sampleDashboard,
  counters: { supportPending: 0, supportHappening: 0, supportFinished: 0, leads: 0, avgSupportTime: null, avgWaitTime: null },
  attendants: [{ id: 1, name: 'Ana', rating: null, avgSupportTime: null, online: false, closedTickets: 0 }],
  closedByUser: [],
  closedByQueue: [],
  companyDueDate: null,
  hourly: { date: '2025-03-31', ticketsCreatedByHour: hours({}), ticketsClosedByHour: hours({}) },
};
