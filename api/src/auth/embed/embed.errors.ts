import { CommonError, defineErrors } from '../../common/http/errors';

/** Error codes of the embed keys and of the partner-token exchange. */
export const EmbedError = defineErrors(
  {
    ERR_EMBED_KEY_NOT_FOUND: { status: 404, message: 'Embed key not found' },
    ERR_EMBED_KEY_REVOKED: { status: 409, message: 'This embed key was revoked and cannot change' },
    ERR_EMBED_TOKEN_INVALID: { status: 401, message: 'The partner token is not valid' },
    ERR_EMBED_TOKEN_REUSED: { status: 401, message: 'This partner token was already used (jti)' },
    ERR_EMBED_ORIGIN_FORBIDDEN: { status: 403, message: "This page's origin is not allowed by the embed key" },
    ERR_EMBED_USER_UNKNOWN: { status: 401, message: "The partner token names no user of the key's company" },
  },
  [CommonError.ERR_COMPANY_INACTIVE],
);
