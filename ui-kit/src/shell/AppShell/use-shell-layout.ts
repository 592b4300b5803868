import { useEffect, useState } from 'react';
import type { DrawerVariant } from '../Drawer/Drawer';

/** Breakpoints of spec attendance §9: 600 (mobile), 1120 and 1250 (drawer). */
export const SHELL_BREAKPOINTS = { compact: 600, temporaryDrawer: 1120, openDrawer: 1250 } as const;

export interface ShellLayout {
  width: number;
  drawerVariant: DrawerVariant;
  isDrawerOpen: boolean;
  setDrawerOpen: (open: boolean) => void;
  isCompact: boolean;
}

function bodyWidth(): number {
  if (typeof document === 'undefined') return SHELL_BREAKPOINTS.openDrawer;
  return document.body.clientWidth || window.innerWidth || SHELL_BREAKPOINTS.openDrawer;
}

/**
 * The drawer opens by itself when the body is at least 1250 wide and becomes a temporary overlay
 * below 1120; the top bar folds below 600. `fixedWidth` pins the width (stories, tests).
 */
export function useShellLayout(fixedWidth?: number): ShellLayout {
  const [measured, setMeasured] = useState(bodyWidth);
  const width = fixedWidth ?? measured;
  const wide = width >= SHELL_BREAKPOINTS.openDrawer;
  const drawerVariant: DrawerVariant = width < SHELL_BREAKPOINTS.temporaryDrawer ? 'temporary' : 'permanent';
  const [isDrawerOpen, setDrawerOpen] = useState(wide);

  useEffect(() => {
    if (fixedWidth !== undefined) return;
    const onResize = () => setMeasured(bodyWidth());
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [fixedWidth]);

  // Crossing a breakpoint resets the drawer: open on wide screens, closed when it turns into an overlay.
  // Adjusted while rendering (React's pattern for state that follows a changed value), so no frame shows the old state.
  const [breakpoint, setBreakpoint] = useState({ wide, drawerVariant });
  if (breakpoint.wide !== wide || breakpoint.drawerVariant !== drawerVariant) {
    setBreakpoint({ wide, drawerVariant });
    if (wide) setDrawerOpen(true);
    else if (drawerVariant === 'temporary') setDrawerOpen(false);
  }

  return { width, drawerVariant, isDrawerOpen, setDrawerOpen, isCompact: width < SHELL_BREAKPOINTS.compact };
}
