/**
 * Texts of the kit's own widgets (primitives, forms, toasts). Portuguese here (the source of the keys); English in
 * ./kit.en.ts and Spanish in ./kit.es.ts, typed by this table's keys, each merged by its locale's table (pt.ts, en.ts,
 * es.ts).
 */
export const kitPt = {
  // The spec's form messages ('Too Short!', 'Too Long!', 'Required', 'Invalid email' in its English), in Portuguese.
  'validation.tooShort': 'Muito curto!',
  'validation.tooLong': 'Muito longo!',
  'validation.requiredShort': 'Obrigatório',
  'validation.invalidEmail': 'E-mail inválido',
  'validation.resetPassword': 'Sua senha precisa ter no mínimo 8 caracteres, sendo uma letra maiúscula, uma minúscula e um número.',
  'validation.passwordMismatch': 'As senhas não correspondem',
  // Field messages the API sends in its own words (forms/server-errors maps each to one of these).
  'validation.messageTooShort': 'Mensagem muito curta',
  'validation.messageTooLong': 'Mensagem muito longa',
  'validation.chooseQueue': 'Informe o setor',
  'validation.invalidUrl': 'URL inválida',
  'validation.invalidColor': 'Cor inválida',
  'validation.invalidDate': 'Data inválida',

  'error.unknown': 'Ocorreu um erro!',

  'action.close': 'Fechar',
  'action.copy': 'Copiar',
  'action.copy.named': 'Copiar {what}',
  'action.copy.done': 'Copiado!',
  'action.copy.doneNamed': '{what} copiado',
  'action.copy.failed': 'Não foi possível copiar: selecione o texto e copie.',
  'action.confirm': 'Confirmar',
  'action.ok': 'OK',
  'action.more': 'Mais opções',

  'password.show': 'Mostrar senha',
  'password.hide': 'Ocultar senha',

  'status.loading': 'Carregando...',
  'status.loadingMore': 'Carregando mais...',

  'select.placeholder': 'Selecione',
  'combo.typeMore': 'Digite ao menos {count} caracteres',
  'combo.noOptions': 'Nenhum resultado encontrado',

  'table.empty': 'Nenhum registro encontrado',
  'table.selectAll': 'Selecionar todas as linhas',
  'table.selectRow': 'Selecionar linha',

  'chip.remove': 'Remover {label}',
  'empty.title': 'Nada por aqui',

  'toast.region': 'Notificações',
  'toast.close': 'Fechar notificação',
  'toast.success': 'Sucesso',
  'toast.error': 'Erro',
  'toast.info': 'Informação',
  'toast.warning': 'Atenção',
} as const;

export type KitMessages = Record<keyof typeof kitPt, string>;
