import { defineErrors } from '../../common/http/errors';

/** Error codes of the /prompt routes and the prompt agent. */
export const PromptError = defineErrors({
  ERR_PROMPT_NOT_FOUND: { status: 404, message: 'Prompt not found' },
});
