import type { Preview } from '@storybook/react-vite';
import { AtendeRoot, LOCALES, loadLocale, type Locale, type Theme } from '@atende/ui-kit';
import '@atende/ui-kit/styles.css';

const LOCALE_TITLES: Record<Locale, string> = { pt: 'Português', en: 'English', es: 'Español' };

const preview: Preview = {
  globalTypes: {
    theme: {
      description: 'Kit theme',
      toolbar: {
        title: 'Theme',
        icon: 'mirror',
        items: [
          { value: 'light', title: 'Light', icon: 'sun' },
          { value: 'dark', title: 'Dark', icon: 'moon' },
        ],
        dynamicTitle: true,
      },
    },
    locale: {
      description: 'Kit texts',
      toolbar: {
        title: 'Locale',
        icon: 'globe',
        items: LOCALES.map((value) => ({ value, title: LOCALE_TITLES[value] })),
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { theme: 'light', locale: 'pt' },
  parameters: {
    layout: 'fullscreen',
    controls: { matchers: { color: /(background|color)$/i } },
  },
  // The kit loads en and es texts on demand: the story renders once its locale's table is here, not a moment later.
  loaders: [({ globals }) => loadLocale(globals.locale as Locale)],
  decorators: [
    (Story, context) => (
      <AtendeRoot
        theme={context.globals.theme as Theme}
        locale={context.globals.locale as Locale}
        style={{ minHeight: '100vh', padding: 'var(--atd-space-6)' }}
      >
        <Story />
      </AtendeRoot>
    ),
  ],
};

export default preview;
