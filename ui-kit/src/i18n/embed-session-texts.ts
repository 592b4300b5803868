import { definePtTexts } from './feature-texts';

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

export type EmbedSessionMessages = Record<keyof typeof embedSessionPt, string>;

/**
 * Every widget of the script tag may show the gate, so its English and Spanish (./embed-session-texts.en.ts,
 * ./embed-session-texts.es.ts) travel in the core en and es tables: a page downloads only its language's.
 */
export const embedSessionTexts = definePtTexts(embedSessionPt);
