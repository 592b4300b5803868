import type { RealtimeModule } from '../../../data/realtime';
import { writePromptEvent } from './prompts';

/** What prompt events do to the prompts' cache. */
export const promptsRealtime: RealtimeModule = {
  prompt: (event, { queryClient }) => writePromptEvent(queryClient, event),
};
