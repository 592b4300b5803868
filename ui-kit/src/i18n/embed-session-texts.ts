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
  },
});
