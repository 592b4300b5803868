import { useRef, type MouseEvent, type ReactNode } from 'react';
import { useT } from '../../i18n/locale-context';
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
  const t = useT();
  const main = useRef<HTMLElement>(null);
  // The skip link moves focus itself: following '#atd-main' would change the address the router owns.
  const skipToContent = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    main.current?.focus();
  };
  return (
    <div className="atd-AppShell" data-drawer={temporary ? 'temporary' : layout.isDrawerOpen ? 'open' : 'closed'}>
      {/* The first stop of the keyboard, shown when focused: past the drawer's and the top bar's many stops. */}
      <a className="atd-SkipLink" href="#atd-main" onClick={skipToContent}>
        {t('skip.content')}
      </a>
      <Drawer {...drawer} variant={layout.drawerVariant} isOpen={layout.isDrawerOpen} onOpenChange={layout.setDrawerOpen} />
      <div className="atd-AppShell-body">
        <TopBar {...topBar} isCompact={layout.isCompact} onOpenDrawer={temporary ? () => layout.setDrawerOpen(true) : undefined} />
        <main ref={main} id="atd-main" className="atd-AppShell-main" tabIndex={-1}>
          {children}
        </main>
      </div>
    </div>
  );
}
