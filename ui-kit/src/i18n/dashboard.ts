/**
 * Texts of the dashboard page (features/dashboard).
 * Merged into the pt/en/es tables by pt.ts, en.ts and es.ts. pt is the source; en and es must have the same keys.
 */
export const dashboardPt = {
  'dashboard.placeholder': '—',
};

export type DashboardMessages = Record<keyof typeof dashboardPt, string>;

export const dashboardEn: DashboardMessages = {
  'dashboard.placeholder': '—',
};

export const dashboardEs: DashboardMessages = {
  'dashboard.placeholder': '—',
};
