import { useEffect, useState, type ReactNode } from 'react';
import { Button, Dialog, Link, Modal, ModalOverlay } from 'react-aria-components';
import { useT } from '../../i18n';
import { Icon } from '../icons';
import type { DrawerBadge, DrawerItem, DrawerSection } from '../drawer-items';

export type DrawerVariant = 'permanent' | 'temporary';

/** How long after mount the badges are evaluated (spec: the connections badge after 2 s). */
export const DRAWER_BADGE_DELAY_MS = 2000;

export interface DrawerProps {
  sections: DrawerSection[];
  /** The current location's path; the matching item is marked as the current page. */
  currentPath: string;
  /** Open: icons and labels; closed: an icon rail (permanent) or nothing (temporary). */
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** permanent: part of the layout; temporary: an overlay that closes on navigation or Escape. */
  variant: DrawerVariant;
  /** Badge inputs; shown only after DRAWER_BADGE_DELAY_MS. */
  badges?: Partial<Record<DrawerBadge, boolean>>;
  /** Company logo or name at the top of the drawer. */
  header?: ReactNode;
}

/** The collapsible side drawer of the app shell (spec attendance §2). Links use react-aria's router. */
export function Drawer({ sections, currentPath, isOpen, onOpenChange, variant, badges, header }: DrawerProps) {
  const t = useT();
  const badgesReady = useDelay(DRAWER_BADGE_DELAY_MS);
  const shownBadges = badgesReady ? badges : undefined;

  const list = (
    <DrawerList
      sections={sections}
      currentPath={currentPath}
      showLabels={isOpen}
      badges={shownBadges}
      onNavigate={variant === 'temporary' ? () => onOpenChange(false) : undefined}
    />
  );

  if (variant === 'temporary') {
    return (
      <ModalOverlay className="atd-Drawer-overlay" isOpen={isOpen} onOpenChange={onOpenChange} isDismissable>
        <Modal className="atd-Drawer" data-variant="temporary" data-state="open">
          <Dialog className="atd-Drawer-dialog" aria-label={t('nav.label')}>
            <div className="atd-Drawer-header">
              {header}
              <Button className="atd-Drawer-toggle" aria-label={t('nav.close')} onPress={() => onOpenChange(false)}>
                <Icon name="chevronLeft" />
              </Button>
            </div>
            <nav aria-label={t('nav.label')}>{list}</nav>
          </Dialog>
        </Modal>
      </ModalOverlay>
    );
  }

  return (
    <aside className="atd-Drawer" data-variant="permanent" data-state={isOpen ? 'open' : 'closed'}>
      <div className="atd-Drawer-header">
        {isOpen && header}
        <Button className="atd-Drawer-toggle" aria-label={isOpen ? t('nav.close') : t('nav.open')} aria-expanded={isOpen} onPress={() => onOpenChange(!isOpen)}>
          <Icon name={isOpen ? 'chevronLeft' : 'menu'} />
        </Button>
      </div>
      <nav aria-label={t('nav.label')}>{list}</nav>
    </aside>
  );
}

function DrawerList({
  sections,
  currentPath,
  showLabels,
  badges,
  onNavigate,
}: {
  sections: DrawerSection[];
  currentPath: string;
  showLabels: boolean;
  badges?: Partial<Record<DrawerBadge, boolean>>;
  onNavigate?: () => void;
}) {
  const t = useT();
  return (
    <>
      {sections.map((section, index) => (
        <div className="atd-Drawer-section" key={section.titleKey ?? index}>
          {section.titleKey && (showLabels ? <h2 className="atd-Drawer-sectionTitle">{t(section.titleKey)}</h2> : <hr className="atd-Drawer-divider" />)}
          <ul className="atd-Drawer-list">
            {section.items.map((item) => (
              <li key={item.href}>
                <DrawerLink
                  item={item}
                  isCurrent={isCurrent(item.href, currentPath)}
                  showLabel={showLabels}
                  badge={item.badge ? badges?.[item.badge] === true : false}
                  onNavigate={onNavigate}
                />
              </li>
            ))}
          </ul>
        </div>
      ))}
    </>
  );
}

function DrawerLink({
  item,
  isCurrent,
  showLabel,
  badge,
  onNavigate,
}: {
  item: DrawerItem;
  isCurrent: boolean;
  showLabel: boolean;
  badge: boolean;
  onNavigate?: () => void;
}) {
  const t = useT();
  const label = t(item.labelKey);
  const badgeText = item.badge === 'unreadChats' ? t('nav.unreadChats') : t('nav.connectionsAttention');
  return (
    <Link href={item.href} className="atd-Drawer-link" aria-current={isCurrent ? 'page' : undefined} onPress={onNavigate}>
      <span className="atd-Drawer-icon">
        <Icon name={item.icon} />
        {badge && item.badge === 'unreadChats' && <span className="atd-Drawer-dot" data-badge="dot" />}
        {badge && item.badge === 'connectionsAttention' && (
          <span className="atd-Drawer-alert" data-badge="alert" aria-hidden="true">
            !
          </span>
        )}
      </span>
      {/* In the icon rail the label stays in the link's text for assistive technology. */}
      <span className={showLabel ? 'atd-Drawer-label' : 'atd-visually-hidden'}>{label}</span>
      {badge && <span className="atd-visually-hidden">{`, ${badgeText}`}</span>}
    </Link>
  );
}

function isCurrent(href: string, path: string): boolean {
  if (href === '/') return path === '/';
  return path === href || path.startsWith(`${href}/`);
}

function useDelay(ms: number): boolean {
  const [done, setDone] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setDone(true), ms);
    return () => clearTimeout(timer);
  }, [ms]);
  return done;
}
