import { useEffect } from 'react';
import { useWhiteLabel } from '@atende/ui-kit';

/** The icon the console ships (public/favicon.ico), used until a company sets its own (appLogoFavicon). */
export const DEFAULT_FAVICON = '/favicon.ico';

/**
 * The browser tab follows the white-label brand: its title is the company's app name (setting appName) and its icon
 * the company's favicon (appLogoFavicon) or the console's own.
 */
export function useBrandHead(): void {
  const brand = useWhiteLabel();
  useEffect(() => {
    if (brand.isLoaded) document.title = brand.appName;
  }, [brand.appName, brand.isLoaded]);
  useEffect(() => {
    let link = document.head.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!link) {
      link = document.createElement('link');
      link.rel = 'icon';
      document.head.append(link);
    }
    link.href = brand.favicon ?? DEFAULT_FAVICON;
  }, [brand.favicon]);
}
