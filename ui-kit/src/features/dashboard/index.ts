// The dashboard page: the filter, the cards, the charts and the attendants table.
export {
  DASHBOARD_PERIODS,
  DASHBOARD_TIME_ZONE,
  filterParams,
  formatMinutes,
  formatDay,
  isCalendarDay,
  ratingStars,
  todayIn,
  type DashboardData,
  type DashboardFilterValue,
  type DashboardPeriod,
  type FilterResult,
} from './dashboard-format';
export { DashboardFilters, type DashboardFiltersProps } from './DashboardFilters/DashboardFilters';
export { DashboardChart, barData, doughnutData, type ChartPoint, type DashboardChartProps } from './DashboardCharts/DashboardChart';
export { AttendantsTable, RatingStars, type AttendantsTableProps, type DashboardAttendant } from './AttendantsTable/AttendantsTable';
export { DashboardView, type DashboardViewProps } from './DashboardView/DashboardView';
export { Dashboard, type DashboardProps } from './Dashboard/Dashboard';
export { useDashboard } from './data/dashboard';
