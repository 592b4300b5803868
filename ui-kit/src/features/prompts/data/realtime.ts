import type { RealtimeModule } from '../../../data/realtime';
import { applyPromptEvent } from './prompts';

/** What prompt events do to the prompts' cache. */
export const promptsRealtime: RealtimeModule = {
  prompt: (event, { queryClient }) => applyPromptEvent(queryClient, event),
};
