import type { ReactNode } from 'react';
import { Badge } from '../Badge/Badge';

/**
 * What a tab shows, the same in the kit's Tabs and in LightTabs: its icon, its label and, above zero, a count badge
 * (read as `count countLabel`). In a file of its own so LightTabs does not import react-aria's Tabs with it.
 */
export function TabContent({ icon, count, countLabel, children }: { icon?: ReactNode; count?: number; countLabel?: string; children: ReactNode }) {
  return (
    <>
      {icon && (
        <span className="atd-Tab-icon" aria-hidden="true">
          {icon}
        </span>
      )}
      <span className="atd-Tab-label">{children}</span>
      {count !== undefined && count > 0 && ' '}
      {count !== undefined && count > 0 && <Badge count={count} variant="danger" label={countLabel ? `${count} ${countLabel}` : undefined} />}
    </>
  );
}
