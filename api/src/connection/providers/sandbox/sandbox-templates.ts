import type { ProviderTemplate } from '../messaging-provider';

type Texts = Record<'pt_BR' | 'en_US' | 'es', string>;

const approved = (name: string, category: string, params: number, body: Texts, extra: { header?: Texts; footer?: Texts } = {}): ProviderTemplate[] =>
  (Object.keys(body) as (keyof Texts)[]).map((language) => ({
    name,
    language,
    status: 'APPROVED',
    category,
    body: body[language],
    header: extra.header?.[language] ?? null,
    footer: extra.footer?.[language] ?? null,
    params,
  }));

/**
 * The message templates of the sandbox's official-API business account: what a company's account on Meta typically
 * holds, in Portuguese, English and Spanish, one for each of the platform's automatic messages, plus a template still
 * in review (PENDING) and one Meta turned down (REJECTED), so the screens show every status. Fixed: the sandbox
 * has no template editor, as the platform has none (templates are made in Meta's WhatsApp Manager).
 */
export const SANDBOX_TEMPLATES: readonly ProviderTemplate[] = [
  ...approved('boas_vindas', 'UTILITY', 1, {
    pt_BR: 'Olá {{1}}, obrigado por falar com a gente!',
    en_US: 'Hi {{1}}, thank you for getting in touch!',
    es: 'Hola {{1}}, ¡gracias por escribirnos!',
  }),
  ...approved('retomar_conversa', 'UTILITY', 1, {
    pt_BR: 'Olá {{1}}, podemos continuar seu atendimento? Responda esta mensagem.',
    en_US: 'Hi {{1}}, shall we carry on with your request? Reply to this message.',
    es: 'Hola {{1}}, ¿podemos continuar con su atención? Responda este mensaje.',
  }),
  ...approved('pesquisa_satisfacao', 'UTILITY', 1, {
    pt_BR: 'Olá {{1}}, como foi seu atendimento? Responda com uma nota de 1 a 5.',
    en_US: 'Hi {{1}}, how was our service? Reply with a score from 1 to 5.',
    es: 'Hola {{1}}, ¿cómo fue su atención? Responda con una nota del 1 al 5.',
  }),
  ...approved('atendimento_encerrado', 'UTILITY', 2, {
    pt_BR: 'Olá {{1}}, seu atendimento {{2}} foi encerrado. Obrigado pelo contato!',
    en_US: 'Hi {{1}}, your request {{2}} is now closed. Thank you for contacting us!',
    es: 'Hola {{1}}, su atención {{2}} fue finalizada. ¡Gracias por contactarnos!',
  }),
  ...approved('fora_do_horario', 'UTILITY', 1, {
    pt_BR: 'Olá {{1}}, estamos fora do horário de atendimento. Responderemos assim que voltarmos.',
    en_US: 'Hi {{1}}, we are outside our opening hours. We will answer as soon as we are back.',
    es: 'Hola {{1}}, estamos fuera del horario de atención. Responderemos en cuanto volvamos.',
  }),
  ...approved('lembrete_agendamento', 'UTILITY', 2, {
    pt_BR: 'Olá {{1}}, lembrete: {{2}}',
    en_US: 'Hi {{1}}, a reminder: {{2}}',
    es: 'Hola {{1}}, un recordatorio: {{2}}',
  }),
  ...approved(
    'promocao_mensal',
    'MARKETING',
    2,
    {
      pt_BR: 'Olá {{1}}, a promoção deste mês: {{2}}. Responda QUERO para saber mais.',
      en_US: "Hi {{1}}, this month's offer: {{2}}. Reply YES to learn more.",
      es: 'Hola {{1}}, la promoción de este mes: {{2}}. Responda QUIERO para saber más.',
    },
    {
      header: { pt_BR: 'Promoção do mês', en_US: 'Offer of the month', es: 'Promoción del mes' },
      footer: { pt_BR: 'Para não receber mais, responda SAIR', en_US: 'Reply STOP to opt out', es: 'Para no recibir más, responda SALIR' },
    },
  ),
  {
    name: 'novidades_produto',
    language: 'pt_BR',
    status: 'PENDING',
    category: 'MARKETING',
    body: 'Olá {{1}}, chegou novidade: {{2}}!',
    header: null,
    footer: null,
    params: 2,
  },
  {
    name: 'oferta_relampago',
    language: 'pt_BR',
    status: 'REJECTED',
    category: 'MARKETING',
    body: 'ÚLTIMA CHANCE!!! Só hoje, clique já: {{1}}',
    header: null,
    footer: null,
    params: 1,
  },
];

/** The approved template of this name and language, as Meta looks one up to send it. */
export const sandboxTemplate = (name: string, language: string): ProviderTemplate | undefined =>
  SANDBOX_TEMPLATES.find((t) => t.name === name && t.language === language && t.status === 'APPROVED');

/** The template's body with its variables filled ({{1}} is params[0]). */
export const renderSandboxTemplate = (template: ProviderTemplate, params: string[]): string =>
  template.body.replace(/\{\{(\d+)\}\}/g, (whole, n: string) => params[Number(n) - 1] ?? whole);
