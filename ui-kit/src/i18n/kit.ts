/**
 * Texts of the kit's own widgets (primitives, forms, toasts). Merged into the pt/en/es tables by
 * pt.ts, en.ts and es.ts; pt is the source and en/es must have the same keys (the type says so).
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

export const kitEn: KitMessages = {
  'validation.tooShort': 'Too Short!',
  'validation.tooLong': 'Too Long!',
  'validation.requiredShort': 'Required',
  'validation.invalidEmail': 'Invalid email',
  'validation.resetPassword': 'Your password must have at least 8 characters, with one uppercase letter, one lowercase letter and one digit.',
  'validation.passwordMismatch': 'Passwords do not match',
  'validation.messageTooShort': 'Message too short',
  'validation.messageTooLong': 'Message too long',
  'validation.chooseQueue': 'Choose the queue',
  'validation.invalidUrl': 'Invalid URL',
  'validation.invalidColor': 'Invalid colour',
  'validation.invalidDate': 'Invalid date',

  'error.unknown': 'An error occurred!',

  'action.close': 'Close',
  'action.copy': 'Copy',
  'action.copy.named': 'Copy {what}',
  'action.copy.done': 'Copied!',
  'action.copy.doneNamed': '{what} copied',
  'action.copy.failed': 'Could not copy: select the text and copy it.',
  'action.confirm': 'Confirm',
  'action.ok': 'OK',
  'action.more': 'More options',

  'password.show': 'Show password',
  'password.hide': 'Hide password',

  'status.loading': 'Loading...',
  'status.loadingMore': 'Loading more...',

  'select.placeholder': 'Select',
  'combo.typeMore': 'Type at least {count} characters',
  'combo.noOptions': 'No results found',

  'table.empty': 'No records found',
  'table.selectAll': 'Select all rows',
  'table.selectRow': 'Select row',

  'chip.remove': 'Remove {label}',
  'empty.title': 'Nothing here',

  'toast.region': 'Notifications',
  'toast.close': 'Close notification',
  'toast.success': 'Success',
  'toast.error': 'Error',
  'toast.info': 'Information',
  'toast.warning': 'Warning',
};

export const kitEs: KitMessages = {
  'validation.tooShort': '¡Muy corto!',
  'validation.tooLong': '¡Muy largo!',
  'validation.requiredShort': 'Obligatorio',
  'validation.invalidEmail': 'Correo inválido',
  'validation.resetPassword': 'Tu contraseña debe tener al menos 8 caracteres, con una letra mayúscula, una minúscula y un número.',
  'validation.passwordMismatch': 'Las contraseñas no coinciden',
  'validation.messageTooShort': 'Mensaje muy corto',
  'validation.messageTooLong': 'Mensaje muy largo',
  'validation.chooseQueue': 'Indica el sector',
  'validation.invalidUrl': 'URL inválida',
  'validation.invalidColor': 'Color inválido',
  'validation.invalidDate': 'Fecha inválida',

  'error.unknown': '¡Ocurrió un error!',

  'action.close': 'Cerrar',
  'action.copy': 'Copiar',
  'action.copy.named': 'Copiar {what}',
  'action.copy.done': '¡Copiado!',
  'action.copy.doneNamed': '{what} copiado',
  'action.copy.failed': 'No se pudo copiar: selecciona el texto y cópialo.',
  'action.confirm': 'Confirmar',
  'action.ok': 'OK',
  'action.more': 'Más opciones',

  'password.show': 'Mostrar contraseña',
  'password.hide': 'Ocultar contraseña',

  'status.loading': 'Cargando...',
  'status.loadingMore': 'Cargando más...',

  'select.placeholder': 'Selecciona',
  'combo.typeMore': 'Escribe al menos {count} caracteres',
  'combo.noOptions': 'No se encontraron resultados',

  'table.empty': 'No se encontraron registros',
  'table.selectAll': 'Seleccionar todas las filas',
  'table.selectRow': 'Seleccionar fila',

  'chip.remove': 'Quitar {label}',
  'empty.title': 'Nada por aquí',

  'toast.region': 'Notificaciones',
  'toast.close': 'Cerrar notificación',
  'toast.success': 'Éxito',
  'toast.error': 'Error',
  'toast.info': 'Información',
  'toast.warning': 'Atención',
};
