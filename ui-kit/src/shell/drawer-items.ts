import type { PlanFeature } from '../client';
import type { MessageKey } from '../i18n';
import type { IconName } from './icons';

/** What decides the drawer's items: the session's named permissions, the super flag, the plan and `cshow`. */
export interface DrawerAccess {
  /** Named checks from the session (`drawer-admin-items:view`, `dashboard:view`, ...). */
  permissions: readonly string[];
  super: boolean;
  /** The company plan's flags (`useKanban`, `useSchedules`, `useInternalChat`, `useCampaigns`, ...). */
  features: Partial<Record<PlanFeature, boolean>>;
  /**
   * The company setting campaignsEnabled (the local `cshow` flag): campaign items show only when the plan has
   * campaigns AND the company turned them on; either alone leads to pages the company cannot use.
   */
  campaignsShown?: boolean;
}

/** The plan features: the contract's named type. */
export type { PlanFeature } from '../client';

export type DrawerBadge = 'unreadChats' | 'connectionsAttention';

export interface DrawerItem {
  href: string;
  labelKey: MessageKey;
  icon: IconName;
  badge?: DrawerBadge;
}

export interface DrawerSection {
  /** A heading for the admin group; the first group has none. */
  titleKey?: MessageKey;
  items: DrawerItem[];
}

/** The drawer of spec attendance §2: everyone's items, the admin group, announcements for super users. */
export function drawerSections(access: DrawerAccess): DrawerSection[] {
  const can = (permission: string) => access.permissions.includes(permission);
  const has = (feature: PlanFeature) => access.features[feature] === true;

  const common: (DrawerItem | false)[] = [
    can('dashboard:view') && { href: '/', labelKey: 'nav.dashboard', icon: 'dashboard' },
    { href: '/tickets', labelKey: 'nav.tickets', icon: 'tickets' },
    { href: '/quick-messages', labelKey: 'nav.quickMessages', icon: 'quickMessages' },
    has('useKanban') && { href: '/kanban', labelKey: 'nav.kanban', icon: 'kanban' },
    { href: '/todolist', labelKey: 'nav.todolist', icon: 'todolist' },
    { href: '/contacts', labelKey: 'nav.contacts', icon: 'contacts' },
    has('useSchedules') && { href: '/schedules', labelKey: 'nav.schedules', icon: 'schedules' },
    { href: '/tags', labelKey: 'nav.tags', icon: 'tags' },
    has('useInternalChat') && { href: '/chats', labelKey: 'nav.chats', icon: 'chats', badge: 'unreadChats' },
    { href: '/helps', labelKey: 'nav.helps', icon: 'helps' },
  ];
  const sections: DrawerSection[] = [{ items: common.filter(isItem) }];

  if (can('drawer-admin-items:view')) {
    const campaigns = has('useCampaigns') && access.campaignsShown === true;
    const admin: (DrawerItem | false)[] = [
      campaigns && { href: '/campaigns', labelKey: 'nav.campaigns', icon: 'campaigns' },
      campaigns && { href: '/contact-lists', labelKey: 'nav.contactLists', icon: 'contactLists' },
      campaigns && { href: '/campaigns-config', labelKey: 'nav.campaignsConfig', icon: 'settings' },
      campaigns && { href: '/files', labelKey: 'nav.files', icon: 'files' },
      has('useOpenAi') && { href: '/prompts', labelKey: 'nav.prompts', icon: 'prompts' },
      has('useIntegrations') && { href: '/queue-integration', labelKey: 'nav.queueIntegration', icon: 'integration' },
      has('useIntegrations') && { href: '/typebot', labelKey: 'nav.typebot', icon: 'typebot' },
      { href: '/connections', labelKey: 'nav.connections', icon: 'connections', badge: 'connectionsAttention' },
      { href: '/queues', labelKey: 'nav.queues', icon: 'queues' },
      { href: '/users', labelKey: 'nav.users', icon: 'users' },
      has('useExternalApi') && { href: '/messages-api', labelKey: 'nav.messagesApi', icon: 'api' },
      can('embed-keys:manage') && { href: '/embed-keys', labelKey: 'nav.embedKeys', icon: 'key' },
      { href: '/financeiro', labelKey: 'nav.financeiro', icon: 'financeiro' },
      { href: '/settings', labelKey: 'nav.settings', icon: 'settings' },
      can('audit:read') && { href: '/audit', labelKey: 'nav.audit', icon: 'audit' },
    ];
    sections.push({ titleKey: 'nav.admin', items: admin.filter(isItem) });
  }

  if (access.super) {
    sections.push({ items: [{ href: '/announcements', labelKey: 'nav.announcements', icon: 'announcements' }] });
  }
  return sections;
}

/** Connection statuses that put the '!' badge on the connections item. */
export const CONNECTION_ATTENTION_STATUSES = ['qrcode', 'PAIRING', 'DISCONNECTED', 'TIMEOUT', 'OPENING'] as const;

export function connectionsNeedAttention(statuses: readonly string[]): boolean {
  return statuses.some((status) => (CONNECTION_ATTENTION_STATUSES as readonly string[]).includes(status));
}

function isItem(item: DrawerItem | false): item is DrawerItem {
  return item !== false;
}
