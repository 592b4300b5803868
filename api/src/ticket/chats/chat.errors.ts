import { defineErrors } from '../../common/http/errors';

/** Error codes of the internal chat routes. A chat the caller is not a member of is not found, whoever owns it. */
export const ChatError = defineErrors({
  ERR_CHAT_NOT_FOUND: { status: 404, message: 'Chat not found' },
});
