import { useTheme, useWhiteLabel } from '@atende/ui-kit';

/** The public pages' brand: the company's (or platform's) logo for the theme, else its app name. */
export function Brand() {
  const brand = useWhiteLabel();
  const { theme } = useTheme();
  const logo = theme === 'dark' ? (brand.logoDark ?? brand.logoLight) : brand.logoLight;
  return logo ? <img src={logo} alt={brand.appName} className="console-brand-logo" /> : <span>{brand.appName}</span>;
}
