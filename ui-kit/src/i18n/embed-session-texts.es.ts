import type { EmbedSessionMessages } from './embed-session-texts';

/**
 * The Spanish texts of ./embed-session-texts.ts: they travel in the core Spanish table (./es.ts), loaded
 * only on a page shown in Spanish.
 */
export const embedSessionEs: EmbedSessionMessages = {
  'embedSession.connecting': 'Entrando por el portal…',
  'embedSession.error': 'No se pudo entrar',
  'embedSession.error.token': 'El portal no entregó el acceso. Inténtelo de nuevo en unos instantes.',
  'embedSession.error.refused': 'Se rechazó el acceso de este portal. Si persiste, hable con el administrador.',
  'embedSession.error.network':
    'No se pudo conectar con el servicio de atención. Inténtelo de nuevo en unos instantes; si persiste, hable con el administrador.',
  'embedSession.signedOut': 'Cerró la sesión',
  'embedSession.signIn': 'Entrar de nuevo',
  'embedSession.elsewhere.tickets': 'Entre en el formulario de al lado para ver los tickets.',
  'embedSession.elsewhere.chat': 'Entre en el formulario de al lado para ver la conversación.',
  'embedSession.elsewhere.other': 'Entre en el formulario de al lado para continuar.',
  ERR_EMBED_TOKEN_INVALID: 'El portal envió un acceso inválido o vencido. Si persiste, hable con el administrador del portal.',
  ERR_EMBED_TOKEN_REUSED: 'El acceso enviado por el portal ya se usó. Inténtelo de nuevo.',
  ERR_EMBED_ORIGIN_FORBIDDEN: 'Este sitio no está autorizado a mostrar la atención. Hable con el administrador.',
  ERR_EMBED_USER_UNKNOWN: 'Su usuario no existe en la atención. Hable con el administrador.',
};
