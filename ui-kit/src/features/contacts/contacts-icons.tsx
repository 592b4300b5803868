import type { SVGProps } from 'react';

/** The contacts page's own icons: 24×24 Material-style paths in currentColor, decorative (the buttons carry the names). */
const PATHS = {
  chat: 'M20 2H4c-1.1 0-1.99.9-1.99 2L2 22l4-4h14c1.1 0 2-.9 2-2V4c0-1.1-.9-2-2-2zM6 9h12v2H6V9zm8 5H6v-2h8v2zm4-6H6V6h12v2z',
  importContacts:
    'M9 12c1.93 0 3.5-1.57 3.5-3.5S10.93 5 9 5 5.5 6.57 5.5 8.5 7.07 12 9 12zm0 2c-2.34 0-7 1.17-7 3.5V19h14v-1.5c0-2.33-4.66-3.5-7-3.5zm10-7v3h3v2h-3v3h-2v-3h-3v-2h3V7h2z',
  download: 'M19 9h-4V3H9v6H5l7 7 7-7zM5 18v2h14v-2H5z',
  schedule: 'M17 12h-5v5h5v-5zM16 1v2H8V1H6v2H5c-1.11 0-1.99.9-1.99 2L3 19c0 1.1.89 2 2 2h14c1.1 0 2-.9 2-2V5c0-1.1-.9-2-2-2h-1V1h-2zm3 18H5V8h14v11z',
} as const;

export type ContactsIconName = keyof typeof PATHS;

export function ContactsIcon({ name, ...props }: { name: ContactsIconName } & Omit<SVGProps<SVGSVGElement>, 'children'>) {
  return (
    <svg viewBox="0 0 24 24" width="1.25em" height="1.25em" fill="currentColor" focusable="false" aria-hidden="true" {...props} className="atd-Icon">
      <path d={PATHS[name]} />
    </svg>
  );
}
