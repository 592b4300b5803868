import { fileURLToPath } from 'node:url';
import type { StorybookConfig } from '@storybook/react-vite';
import { mergeConfig } from 'vite';
import { kitAliases } from '../kit-aliases.ts';

const config: StorybookConfig = {
  framework: { name: '@storybook/react-vite', options: {} },
  // Stories sit beside the components in ui-kit; this workspace only holds the configuration.
  stories: ['../../ui-kit/src/**/*.stories.@(ts|tsx)'],
  // The network is closed here: no telemetry, no version checks.
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  async viteFinal(viteConfig) {
    return mergeConfig(viteConfig, {
      resolve: { alias: kitAliases },
      server: { fs: { allow: [fileURLToPath(new URL('../../ui-kit', import.meta.url))] } },
      // Storybook's own preview runtime is one ~1.1 MB chunk; only the kit's size is ours to watch.
      build: { chunkSizeWarningLimit: 1500 },
    });
  },
};

export default config;
