import type { KitMessages } from './kit';

/** The Spanish texts of ./kit.ts, a module of their own: only a page shown in Spanish loads them (./es.ts). */
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
