import { defineTexts } from '../../i18n/feature-texts';

/**
 * Texts of the official API's 24-hour window banner and the template composer (issue 35): in their own lazy chunks
 * with them, out of the ticket list + chat bundle (vite.embed.config.ts), since only official connections show them.
 * pt is the source.
 */
export const windowPt = {
  'official.window.open': 'Janela de 24 h aberta até {time}',
  'official.window.openDay': 'Janela de 24 h aberta até {day}, {time}',
  'official.window.closed': 'Janela de 24 h fechada: só modelos aprovados podem ser enviados',
  'official.window.never': 'O cliente ainda não escreveu nesta conexão: só modelos aprovados podem ser enviados',
  'official.window.label': 'Janela de atendimento da API oficial',
  'official.template.title': 'Enviar um modelo',
  'official.template.intro': 'Fora da janela de 24 h, a API oficial do WhatsApp só entrega modelos aprovados pela Meta.',
  'official.template.pick': 'Modelo',
  'official.template.pickPlaceholder': 'Escolha um modelo aprovado',
  'official.template.loading': 'Carregando modelos…',
  'official.template.none': 'Esta conexão não tem modelos aprovados. Um administrador pode sincronizá-los na página de conexões.',
  'official.template.preview': 'Prévia',
  'official.template.variable': 'Variável {n}',
  'official.template.variableHint': 'Aceita {{name}}, {{firstName}}, {{protocol}}…',
  'official.template.send': 'Enviar modelo',
  'official.template.sending': 'Enviando…',
  'official.template.sent': 'Modelo enviado',
};

const en: typeof windowPt = {
  'official.window.open': '24-hour window open until {time}',
  'official.window.openDay': '24-hour window open until {day}, {time}',
  'official.window.closed': '24-hour window closed: only approved templates can be sent',
  'official.window.never': 'The customer has not written on this connection yet: only approved templates can be sent',
  'official.window.label': "The official API's service window",
  'official.template.title': 'Send a template',
  'official.template.intro': "Outside the 24-hour window, WhatsApp's official API only delivers templates approved by Meta.",
  'official.template.pick': 'Template',
  'official.template.pickPlaceholder': 'Choose an approved template',
  'official.template.loading': 'Loading templates…',
  'official.template.none': 'This connection has no approved templates. An administrator can sync them on the connections page.',
  'official.template.preview': 'Preview',
  'official.template.variable': 'Variable {n}',
  'official.template.variableHint': 'Takes {{name}}, {{firstName}}, {{protocol}}…',
  'official.template.send': 'Send template',
  'official.template.sending': 'Sending…',
  'official.template.sent': 'Template sent',
};

const es: typeof windowPt = {
  'official.window.open': 'Ventana de 24 h abierta hasta las {time}',
  'official.window.openDay': 'Ventana de 24 h abierta hasta el {day}, {time}',
  'official.window.closed': 'Ventana de 24 h cerrada: solo se pueden enviar plantillas aprobadas',
  'official.window.never': 'El cliente aún no escribió en esta conexión: solo se pueden enviar plantillas aprobadas',
  'official.window.label': 'Ventana de atención de la API oficial',
  'official.template.title': 'Enviar una plantilla',
  'official.template.intro': 'Fuera de la ventana de 24 h, la API oficial de WhatsApp solo entrega plantillas aprobadas por Meta.',
  'official.template.pick': 'Plantilla',
  'official.template.pickPlaceholder': 'Elige una plantilla aprobada',
  'official.template.loading': 'Cargando plantillas…',
  'official.template.none': 'Esta conexión no tiene plantillas aprobadas. Un administrador puede sincronizarlas en la página de conexiones.',
  'official.template.preview': 'Vista previa',
  'official.template.variable': 'Variable n.º {n}',
  'official.template.variableHint': 'Acepta {{name}}, {{firstName}}, {{protocol}}…',
  'official.template.send': 'Enviar plantilla',
  'official.template.sending': 'Enviando…',
  'official.template.sent': 'Plantilla enviada',
};

export const windowTexts = defineTexts({ pt: windowPt, en, es });
