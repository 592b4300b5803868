import { defineTexts } from './feature-texts';

/**
 * Texts of the embed's sign-in gate (embed/sign-in-gate.tsx): a partner-minted session starting or failed, and the note of
 * a widget whose shared session signs in on another widget's form: a feature table (./feature-texts.ts), so they travel in the
 * widgets' chunks rather than in the runtime every mount loads first.
 */
export const embedSessionPt = {
  'embedSession.connecting': 'Entrando pelo portal…',
  'embedSession.error': 'Não foi possível entrar',
  'embedSession.error.token': 'O portal não entregou o acesso. Tente de novo em instantes.',
  'embedSession.error.refused': 'O acesso deste portal foi recusado. Se persistir, fale com o administrador.',
  'embedSession.error.network': 'Não foi possível falar com o servidor de atendimento. Tente de novo em instantes; se persistir, fale com o administrador.',
  'embedSession.signedOut': 'Você saiu',
  'embedSession.signIn': 'Entrar de novo',
  'embedSession.elsewhere.tickets': 'Entre no formulário ao lado para ver os tickets.',
  'embedSession.elsewhere.chat': 'Entre no formulário ao lado para ver a conversa.',
  'embedSession.elsewhere.other': 'Entre no formulário ao lado para continuar.',
  // The exchange's refusals (POST /auth/embed/session): only this gate meets them, so they live here, not in the core table.
  ERR_EMBED_TOKEN_INVALID: 'O portal enviou um acesso inválido ou vencido. Se persistir, fale com o administrador do portal.',
  ERR_EMBED_TOKEN_REUSED: 'O acesso enviado pelo portal já foi usado. Tente de novo.',
  ERR_EMBED_ORIGIN_FORBIDDEN: 'Este site não está autorizado a mostrar o atendimento. Fale com o administrador.',
  ERR_EMBED_USER_UNKNOWN: 'Seu usuário não existe no atendimento. Fale com o administrador.',
} as const;

export const embedSessionTexts = defineTexts({
  pt: embedSessionPt,
  en: {
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
  },
  es: {
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
  },
});
