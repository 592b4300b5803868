import { defineErrors } from '../common/errors';

export const ConnectionError = defineErrors({
  ERR_NO_WAPP_FOUND: { status: 404, message: 'Connection not found' },
  ERR_WAPP_NOT_INITIALIZED: { status: 409, message: 'The connection is not connected' },
  ERR_PROVIDER_UNAVAILABLE: { status: 501, message: 'This messaging provider is not available on this server yet' },
  ERR_SANDBOX_DISABLED: { status: 404, message: 'The sandbox network is not available here' },
  ERR_SANDBOX_NOT_A_SANDBOX: { status: 409, message: 'This connection is not on the sandbox network' },
});
