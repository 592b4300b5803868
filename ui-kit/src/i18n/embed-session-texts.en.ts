import type { EmbedSessionMessages } from './embed-session-texts';

/**
 * The English texts of ./embed-session-texts.ts: they travel in the core English table (./en.ts), loaded
 * only on a page shown in English.
 */
export const embedSessionEn: EmbedSessionMessages = {
  'embedSession.connecting': 'Logging in through the portal…',
  'embedSession.error': 'Could not log in',
  'embedSession.error.token': 'The portal did not provide access. Try again in a moment.',
  'embedSession.error.refused': "This portal's access was refused. If it persists, contact your administrator.",
  'embedSession.error.network': 'Could not reach the service. Try again in a moment; if it persists, contact your administrator.',
  'embedSession.signedOut': 'You logged out',
  'embedSession.signIn': 'Log in again',
  'embedSession.elsewhere.tickets': 'Log in with the form alongside to see the tickets.',
  'embedSession.elsewhere.chat': 'Log in with the form alongside to see the conversation.',
  'embedSession.elsewhere.other': 'Log in with the form alongside to continue.',
  ERR_EMBED_TOKEN_INVALID: 'The portal sent an invalid or expired access. If it persists, contact the portal’s administrator.',
  ERR_EMBED_TOKEN_REUSED: 'The access the portal sent was already used. Try again.',
  ERR_EMBED_ORIGIN_FORBIDDEN: 'This site may not show the service. Contact your administrator.',
  ERR_EMBED_USER_UNKNOWN: 'Your user does not exist in the service. Contact your administrator.',
};
