/**
 * Texts of the contact drawer (contact details, inline edit, extra info) and ticket notes (features/contact).
 * Portuguese here (the source of the keys); English in ./contact.en.ts and Spanish in ./contact.es.ts, typed by this
 * table's keys, each merged by its locale's table (pt.ts, en.ts, es.ts).
 */
export const contactPt = {
  'contact.drawer': 'Dados do contato',
  'contact.close': 'Fechar dados do contato',
  'contact.edit': 'Editar contato',
  'contact.phone': 'Telefone',
  'contact.email': 'Email',
  'contact.callPhone': 'Ligar para {number}',
  'contact.sendEmail': 'Enviar email para {email}',
  'contact.form': 'Editar contato',
  'contact.name': 'Nome',
  'contact.number': 'Número do WhatsApp',
  'contact.numberPlaceholder': '5511999999999',
  'contact.numberHint': 'Código do país, DDD e número',
  'contact.extraInfo': 'Informações adicionais',
  'contact.extraInfoEmpty': 'Nenhuma informação adicional.',
  'contact.extraName': 'Nome do campo',
  'contact.extraValue': 'Valor',
  'contact.extraAdd': 'Adicionar informação',
  'contact.extraRow': 'Informação {index}',
  'contact.extraRemove': 'Remover informação {index}',
  'contact.saved': 'Contato salvo com sucesso!',
  'contact.notes.title': 'Observações',
  'contact.notes.list': 'Observações do atendimento',
  'contact.notes.empty': 'Nenhuma observação registrada.',
  'contact.notes.new': 'Nova observação',
  'contact.notes.placeholder': 'Digite uma observação',
  'contact.notes.add': 'Adicionar observação',
  'contact.notes.tooShort': 'A observação precisa ter pelo menos 2 caracteres.',
  'contact.notes.added': 'Observação adicionada com sucesso!',
  'contact.notes.deleted': 'Observação excluída com sucesso!',
  'contact.notes.delete': 'Excluir observação de {author}',
  'contact.notes.deleteTitle': 'Excluir observação',
  'contact.notes.deleteConfirm': 'Deseja realmente excluir esta observação?',
  'contact.notes.unknownAuthor': 'Usuário removido',
};

export type ContactMessages = Record<keyof typeof contactPt, string>;
