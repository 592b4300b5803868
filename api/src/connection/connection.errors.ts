import { defineErrors } from '../common/http/errors';

export const ConnectionError = defineErrors({
  ERR_NO_WAPP_FOUND: { status: 404, message: 'Connection not found' },
  ERR_WAPP_NOT_INITIALIZED: { status: 409, message: 'The connection is not connected' },
  ERR_WAPP_INVALID_CONTACT: { status: 400, message: 'This number is not on WhatsApp' },
  ERR_PROVIDER_UNAVAILABLE: { status: 501, message: 'This messaging provider is not available on this server yet' },
  ERR_SANDBOX_DISABLED: { status: 404, message: 'The sandbox network is not available here' },
  ERR_NO_OTHER_WHATSAPP: { status: 400, message: 'At least one default connection is needed: make another connection the default instead' },
  ERR_WAPP_NAME_ALREADY_EXISTS: { status: 409, message: 'The company already has a connection with this name' },
  ERR_SANDBOX_NOT_A_SANDBOX: { status: 409, message: 'This connection is not on the sandbox network' },
  ERR_INBOUND_NOT_STORED: { status: 503, message: 'The message could not be stored now: send it again' },
  ERR_SANDBOX_NO_PAIRING_CODE: { status: 409, message: 'No connection shows a pairing code for this phone number' },
  ERR_SANDBOX_WRONG_PAIRING_CODE: { status: 400, message: 'This is not the pairing code the connection shows' },
  ERR_SANDBOX_NO_QR_CODE: { status: 409, message: 'This connection shows no QR code to scan here (connected, not started, or its QR code scans itself)' },
  ERR_WINDOW_CLOSED: {
    status: 409,
    message: "The customer's 24-hour window is closed: on the official API only an approved template can be sent now",
  },
  ERR_NO_TEMPLATE_CHOSEN: {
    status: 409,
    message: 'Outside the 24-hour window this official connection needs a template for this message, and none is chosen',
  },
  ERR_TEMPLATE_NOT_FOUND: { status: 404, message: 'No approved template of this connection has this name and language' },
  ERR_NOT_OFFICIAL: { status: 409, message: 'This is not an official API connection' },
  ERR_NOT_ON_OFFICIAL: { status: 409, message: 'The official WhatsApp API does not do this' },
  ERR_CLOUD_CREDENTIALS: { status: 400, message: "Meta's Graph API refused these credentials" },
});
