import { defineErrors } from '../../http/errors';

/** Error codes of the outbound guard (every route that saves a URL the server will call). */
export const OutboundError = defineErrors({
  ERR_OUTBOUND_URL_FORBIDDEN: {
    status: 400,
    message: 'The server may not call this URL: it must be http(s) and reach a public address (not a local, private, reserved or metadata one)',
  },
});
