import { Dashboard, useT } from '@atende/ui-kit';
import type { PageProps } from './routes';

/** / for users with `dashboard:view` (spec attendance §2, Dashboard): the kit's connected dashboard. */
export function DashboardPage({ title }: PageProps) {
  const t = useT();
  return <Dashboard title={t(title)} />;
}
