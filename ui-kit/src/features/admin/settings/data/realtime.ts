import type { RealtimeModule } from '../../../../data/realtime';
import { writeSetting } from './setting-cache';

/** What the `settings` channel's events do to the settings' queries. */
export const settingsRealtime: RealtimeModule = {
  settings: (event, { queryClient }) => writeSetting(queryClient, event.setting),
};
