// AI prompts (/prompts): the list, the add/edit dialog and the connected page.
export { PROMPT_DEFAULT_MODEL, PROMPT_TEXT_VOICE, PROMPT_VOICES, initialPromptValues, promptBody, type Prompt, type PromptFormValues } from './prompt-rules';
export { PromptsView, type PromptsViewProps } from './PromptsView/PromptsView';
export { PromptModal, type PromptModalProps } from './PromptModal/PromptModal';
export { Prompts, PROMPTS_TOAST_MS, type PromptsProps } from './Prompts/Prompts';
export {
  writePromptEvent,
  byPromptName,
  removePrompt,
  useCreatePrompt,
  useDeletePrompt,
  usePrompt,
  usePromptOptions,
  usePrompts,
  useUpdatePrompt,
  writePrompt,
  type PromptChoice,
  type PromptDto,
  type SavePromptBody,
} from './data/prompts';
export { promptsRealtime } from './data/realtime';
export { promptsTexts } from './prompts.texts';
