import type { ReactNode } from 'react';
import { Drawer, type DrawerProps } from '../Drawer/Drawer';
import { TopBar, type TopBarProps } from '../TopBar/TopBar';
import { useShellLayout } from './use-shell-layout';

export interface AppShellProps {
  drawer: Omit<DrawerProps, 'isOpen' | 'onOpenChange' | 'variant'>;
  topBar: Omit<TopBarProps, 'isCompact' | 'onOpenDrawer'>;
  /** Pins the layout width instead of measuring the body (stories, tests). */
  width?: number;
  children?: ReactNode;
}

/** The private area's layout: the drawer beside the top bar and the page. */
export function AppShell({ drawer, topBar, width, children }: AppShellProps) {
  const layout = useShellLayout(width);
  const temporary = layout.drawerVariant === 'temporary';
  return (
    <div className="atd-AppShell" data-drawer={temporary ? 'temporary' : layout.isDrawerOpen ? 'open' : 'closed'}>
      <Drawer {...drawer} variant={layout.drawerVariant} isOpen={layout.isDrawerOpen} onOpenChange={layout.setDrawerOpen} />
      <div className="atd-AppShell-body">
        <TopBar {...topBar} isCompact={layout.isCompact} onOpenDrawer={temporary ? () => layout.setDrawerOpen(true) : undefined} />
        <main className="atd-AppShell-main">{children}</main>
      </div>
    </div>
  );
}
