import { defineErrors } from '../../common/http/errors';

/** Error codes of the quick messages routes. */
export const QuickMessageError = defineErrors({
  ERR_QUICK_MESSAGE_NOT_FOUND: { status: 404, message: 'Quick message not found' },
});
