import { defineErrors } from '../../common/http/errors';

/** Error codes of the helps routes. */
export const HelpError = defineErrors({
  ERR_HELP_NOT_FOUND: { status: 404, message: 'Help item not found' },
});
