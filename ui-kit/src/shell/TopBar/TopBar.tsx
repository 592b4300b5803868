import type { ReactNode } from 'react';
import {
  Button,
  Dialog,
  DialogTrigger,
  Label,
  Menu,
  MenuItem,
  MenuTrigger,
  Popover,
  Slider,
  SliderOutput,
  SliderThumb,
  SliderTrack,
} from 'react-aria-components';
import { LOCALES, useLocale, useT, type Locale, type MessageKey } from '../../i18n';
import type { Theme } from '../../theme/AtendeRoot';
import { Icon, type IconName } from '../icons';

export type TopBarBellId = 'tasks' | 'tickets' | 'announcements' | 'chats';

export interface TopBarBell {
  id: TopBarBellId;
  /** Unread or pending count; 0 shows no badge. */
  count: number;
  /** What the bell opens (a list of notifications); without it the bell is a plain button. */
  content?: ReactNode;
  onPress?: () => void;
}

export interface TopBarProps {
  userName: string;
  /** Admins see the company and its due date (ISO date). */
  company?: { name: string; dueDate?: string | null };
  theme: Theme;
  onThemeChange: (theme: Theme) => void;
  locale?: Locale;
  onLocaleChange?: (locale: Locale) => void;
  /** 0..1, step 0.1. */
  volume: number;
  onVolumeChange: (volume: number) => void;
  onRefresh: () => void;
  onOpenProfile: () => void;
  onLogout: () => void;
  bells?: TopBarBell[];
  /** Below 600 px: no greeting, and profile, theme, reload and logout fold into one menu. */
  isCompact?: boolean;
  /** Shown as a menu button when the drawer is a temporary overlay. */
  onOpenDrawer?: () => void;
}

const BELL_LABELS: Record<TopBarBellId, MessageKey> = {
  tasks: 'topbar.bell.tasks',
  tickets: 'topbar.bell.tickets',
  announcements: 'topbar.bell.announcements',
  chats: 'topbar.bell.chats',
};

const DATE_TAGS: Record<Locale, string> = { pt: 'pt-BR', en: 'en-US', es: 'es' };

/** Each bell's icon: the tasks bell wears the drawer's Tarefas icon, so it is not taken for the tickets bell. */
const BELL_ICONS: Record<TopBarBellId, IconName> = { tasks: 'todolist', tickets: 'bell', announcements: 'announcements', chats: 'chats' };

/** The app's top bar (spec attendance §2): greeting, theme, volume, bells, refresh and the user menu. */
export function TopBar(props: TopBarProps) {
  const { userName, company, theme, onThemeChange, isCompact = false, onOpenDrawer, bells = [] } = props;
  const t = useT();
  const locale = useLocale();
  const nextTheme: Theme = theme === 'dark' ? 'light' : 'dark';
  const themeLabel = theme === 'dark' ? t('theme.toLight') : t('theme.toDark');

  return (
    <header className="atd-TopBar" data-compact={isCompact || undefined}>
      {onOpenDrawer && (
        <Button className="atd-TopBar-icon" aria-label={t('nav.open')} onPress={onOpenDrawer}>
          <Icon name="menu" />
        </Button>
      )}
      <div className="atd-TopBar-greeting">
        {!isCompact && (
          <>
            <span>{t('topbar.greeting', { name: userName })}</span>
            {company && (
              <span className="atd-TopBar-company">
                {' '}
                {t('topbar.welcome', { company: company.name })}
                {company.dueDate && <> ({t('topbar.activeUntil', { date: formatDate(company.dueDate, locale) })})</>}
              </span>
            )}
          </>
        )}
      </div>
      <div className="atd-TopBar-actions">
        {!isCompact && <IconAction icon={theme === 'dark' ? 'sun' : 'moon'} label={themeLabel} onPress={() => onThemeChange(nextTheme)} />}
        <VolumeControl volume={props.volume} onVolumeChange={props.onVolumeChange} />
        {bells.map((bell) => (
          <Bell key={bell.id} bell={bell} />
        ))}
        {!isCompact && <IconAction icon="refresh" label={t('topbar.refresh')} onPress={props.onRefresh} />}
        {props.onLocaleChange && <LanguageMenu locale={props.locale ?? locale} onLocaleChange={props.onLocaleChange} />}
        {isCompact ? (
          <MenuTrigger>
            <Button className="atd-TopBar-icon" aria-label={t('topbar.more')}>
              <Icon name="more" />
            </Button>
            <Popover className="atd-TopBar-popover" placement="bottom end">
              <Menu
                className="atd-TopBar-menu"
                onAction={(key) => {
                  if (key === 'profile') props.onOpenProfile();
                  if (key === 'theme') onThemeChange(nextTheme);
                  if (key === 'refresh') props.onRefresh();
                  if (key === 'logout') props.onLogout();
                }}
              >
                <MenuAction id="profile" icon="user" label={t('topbar.profile')} />
                <MenuAction id="theme" icon={theme === 'dark' ? 'sun' : 'moon'} label={themeLabel} />
                <MenuAction id="refresh" icon="refresh" label={t('topbar.refresh')} />
                <MenuAction id="logout" icon="logout" label={t('topbar.logout')} />
              </Menu>
            </Popover>
          </MenuTrigger>
        ) : (
          <MenuTrigger>
            <Button className="atd-TopBar-icon" aria-label={t('topbar.userMenu')}>
              <Icon name="user" />
            </Button>
            <Popover className="atd-TopBar-popover" placement="bottom end">
              <Menu className="atd-TopBar-menu" onAction={(key) => (key === 'profile' ? props.onOpenProfile() : props.onLogout())}>
                <MenuAction id="profile" icon="user" label={t('topbar.profile')} />
                <MenuAction id="logout" icon="logout" label={t('topbar.logout')} />
              </Menu>
            </Popover>
          </MenuTrigger>
        )}
      </div>
    </header>
  );
}

function IconAction({ icon, label, onPress }: { icon: IconName; label: string; onPress: () => void }) {
  return (
    <Button className="atd-TopBar-icon" aria-label={label} onPress={onPress}>
      <Icon name={icon} />
    </Button>
  );
}

function MenuAction({ id, icon, label }: { id: string; icon: IconName; label: string }) {
  return (
    <MenuItem id={id} className="atd-TopBar-menuItem" textValue={label}>
      <Icon name={icon} />
      <span>{label}</span>
    </MenuItem>
  );
}

function VolumeControl({ volume, onVolumeChange }: { volume: number; onVolumeChange: (v: number) => void }) {
  const t = useT();
  return (
    <DialogTrigger>
      <Button className="atd-TopBar-icon" aria-label={t('topbar.volume')}>
        <Icon name={volume === 0 ? 'volumeOff' : 'volume'} />
      </Button>
      <Popover className="atd-TopBar-popover" placement="bottom">
        <Dialog className="atd-TopBar-dialog" aria-label={t('topbar.volume')}>
          <Slider
            className="atd-TopBar-slider"
            minValue={0}
            maxValue={1}
            step={0.1}
            value={volume}
            onChange={(value) => onVolumeChange(Math.round(value * 10) / 10)}
            formatOptions={{ style: 'percent' }}
          >
            <div className="atd-TopBar-sliderHead">
              <Label>{t('topbar.volume')}</Label>
              <SliderOutput />
            </div>
            <SliderTrack className="atd-TopBar-sliderTrack">
              {({ state }) => (
                <>
                  <div className="atd-TopBar-sliderFill" style={{ width: `${state.getThumbPercent(0) * 100}%` }} />
                  <SliderThumb className="atd-TopBar-sliderThumb" />
                </>
              )}
            </SliderTrack>
          </Slider>
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}

function Bell({ bell }: { bell: TopBarBell }) {
  const t = useT();
  const name = t(BELL_LABELS[bell.id]);
  const label = bell.count > 0 ? `${name} (${bell.count})` : name;
  const button = (
    <Button className="atd-TopBar-icon" aria-label={label} onPress={bell.onPress}>
      <Icon name={BELL_ICONS[bell.id]} />
      {bell.count > 0 && (
        <span className="atd-TopBar-count" aria-hidden="true">
          {bell.count > 99 ? '99+' : bell.count}
        </span>
      )}
    </Button>
  );
  if (!bell.content) return button;
  return (
    <DialogTrigger>
      {button}
      <Popover className="atd-TopBar-popover" placement="bottom end">
        <Dialog className="atd-TopBar-dialog" aria-label={name}>
          {bell.content}
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}

function LanguageMenu({ locale, onLocaleChange }: { locale: Locale; onLocaleChange: (locale: Locale) => void }) {
  const t = useT();
  return (
    <MenuTrigger>
      <Button className="atd-TopBar-icon atd-TopBar-language" aria-label={`${t('topbar.language')}: ${t(`language.${locale}`)}`}>
        <Icon name="language" />
        <span aria-hidden="true">{locale.toUpperCase()}</span>
      </Button>
      <Popover className="atd-TopBar-popover" placement="bottom end">
        <Menu
          className="atd-TopBar-menu"
          aria-label={t('topbar.language')}
          selectionMode="single"
          selectedKeys={[locale]}
          onSelectionChange={(keys) => {
            const [next] = [...(keys as Set<string>)];
            if (next && next !== locale) onLocaleChange(next as Locale);
          }}
        >
          {LOCALES.map((code) => (
            <MenuItem key={code} id={code} className="atd-TopBar-menuItem" lang={code}>
              {t(`language.${code}`)}
            </MenuItem>
          ))}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}

/** '2026-12-21' → 21/12/2026 (pt), 12/21/2026 (en): a calendar date, no time zone shift. */
export function formatDate(isoDate: string, locale: Locale): string {
  const date = new Date(isoDate.length === 10 ? `${isoDate}T00:00:00Z` : isoDate);
  if (Number.isNaN(date.getTime())) return isoDate;
  return new Intl.DateTimeFormat(DATE_TAGS[locale], { timeZone: 'UTC', day: '2-digit', month: '2-digit', year: 'numeric' }).format(date);
}
