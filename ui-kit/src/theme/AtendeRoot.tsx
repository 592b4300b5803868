import { useCallback, useState, type HTMLAttributes, type ReactNode } from 'react';
import { UNSAFE_PortalProvider } from 'react-aria';
import { I18nProvider } from 'react-aria-components';
import { DEFAULT_LOCALE, type Locale } from '../i18n/translate';
import { LocaleContext, useLoadedLocale } from '../i18n/locale-context';

export type Theme = 'light' | 'dark';

/** A company's white-label tints (settings primaryColorLight / primaryColorDark). */
export interface PrimaryColors {
  light?: string;
  dark?: string;
}

/** A company's white-label brand (settings appName, appLogoLight, appLogoDark, appLogoFavicon), as absolute URLs. */
export interface WhiteLabelBrand {
  appName?: string;
  logoLight?: string;
  logoDark?: string;
  favicon?: string;
}

export interface AtendeRootProps extends HTMLAttributes<HTMLDivElement> {
  theme?: Theme;
  locale?: Locale;
  primaryColor?: PrimaryColors;
  /** App name and logos, set as --atd-app-name, --atd-logo (of the current theme), --atd-logo-light/-dark, --atd-favicon. */
  brand?: WhiteLabelBrand;
  children?: ReactNode;
}

export const LANGUAGE_TAGS: Record<Locale, string> = { pt: 'pt-BR', en: 'en-US', es: 'es' };

/** Dark or light text, whichever reads better on a #rgb / #rrggbb tint; undefined for other colour syntaxes. */
export function readableOn(color: string): string | undefined {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim())?.[1];
  if (!hex) return undefined;
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = parseInt(full.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  // White or black, whichever contrasts more: one of them always reaches 4.58:1 (a near-black such as #06121a left
  // mid-tone reds such as #e53935 at 4.47:1, under WCAG's 4.5).
  return 1.05 / (luminance + 0.05) >= (luminance + 0.05) / 0.05 ? '#ffffff' : '#000000';
}

const cssUrl = (url: string) => `url("${url.replace(/["\\\n]/g, (c) => `\\${c}`)}")`;
const cssString = (text: string) => `"${text.replace(/["\\\n]/g, (c) => `\\${c}`)}"`;

function brandVariables(theme: Theme, primary?: PrimaryColors, brand?: WhiteLabelBrand): Record<string, string> {
  const vars: Record<string, string> = {};
  const tint = primary?.[theme];
  if (tint) {
    vars['--atd-primary'] = tint;
    const on = readableOn(tint);
    if (on) vars['--atd-on-primary'] = on;
  }
  if (primary?.light) vars['--atd-primary-light'] = primary.light;
  if (primary?.dark) vars['--atd-primary-dark'] = primary.dark;
  if (brand?.appName) vars['--atd-app-name'] = cssString(brand.appName);
  const logo = theme === 'dark' ? (brand?.logoDark ?? brand?.logoLight) : brand?.logoLight;
  if (logo) vars['--atd-logo'] = cssUrl(logo);
  if (brand?.logoLight) vars['--atd-logo-light'] = cssUrl(brand.logoLight);
  if (brand?.logoDark) vars['--atd-logo-dark'] = cssUrl(brand.logoDark);
  if (brand?.favicon) vars['--atd-favicon'] = cssUrl(brand.favicon);
  return vars;
}

/**
 * The kit's root element: every kit component renders inside one. It carries the theme
 * tokens (.atd-root, data-theme), the white-label tint and brand, and the locale for texts and
 * react-aria's formatting; its children render once that locale's texts have loaded (at once in pt).
 * Overlays (dialogs, popovers, menus, tooltips, toasts) are portalled into a host element inside the
 * root, so they keep the kit's tokens and never touch the host page.
 */
export function AtendeRoot({ theme = 'light', locale = DEFAULT_LOCALE, primaryColor, brand, className, style, children, ...rest }: AtendeRootProps) {
  const [portalHost, setPortalHost] = useState<HTMLDivElement | null>(null);
  const getContainer = useCallback(() => portalHost, [portalHost]);
  const vars = brandVariables(theme, primaryColor, brand);
  const rootStyle = Object.keys(vars).length ? { ...style, ...vars } : style;
  // The locale's core table loads first (i18n/translate.ts: only pt's is in the bundle): until then the root shows
  // the locale it showed before, or nothing on its first render, never another language's texts or keys.
  const shown = useLoadedLocale(locale);
  const tag = LANGUAGE_TAGS[shown ?? locale];
  return (
    <LocaleContext.Provider value={shown ?? locale}>
      <I18nProvider locale={tag}>
        <div
          {...rest}
          className={className ? `atd-root ${className}` : 'atd-root'}
          data-theme={theme}
          lang={tag}
          style={rootStyle}
          aria-busy={shown === null || undefined}
        >
          <UNSAFE_PortalProvider getContainer={getContainer}>{shown === null ? null : children}</UNSAFE_PortalProvider>
          <div ref={setPortalHost} className="atd-portal" />
        </div>
      </I18nProvider>
    </LocaleContext.Provider>
  );
}
