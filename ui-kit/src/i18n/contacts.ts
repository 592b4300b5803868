/**
 * Texts of the contacts page (features/contacts). Portuguese here (the source of the keys); English in ./contacts.en.ts
 * and Spanish in ./contacts.es.ts, typed by this table's keys, each merged by its locale's table (pt.ts, en.ts, es.ts).
 * The form's field labels and the new-ticket labels are the contact drawer's (contact.*) and the ticket manager's.
 */
export const contactsPt = {
  'contacts.title': 'Contatos',
  'contacts.count': '{count} contatos',
  'contacts.countOne': '1 contato',
  'contacts.countMany': 'Mais de {count} contatos',
  'contacts.search': 'Pesquisar contatos',
  'contacts.searchPlaceholder': 'Pesquisar...',
  'contacts.add': 'Adicionar Contato',
  'contacts.import': 'Importar Contatos',
  'contacts.export': 'Exportar Contatos',
  'contacts.exporting': 'Exportando...',
  'contacts.exportFile': 'contatos.csv',
  'contacts.table': 'Lista de contatos',
  'contacts.column.name': 'Nome',
  'contacts.column.number': 'WhatsApp',
  'contacts.column.email': 'Email',
  'contacts.column.actions': 'Ações',
  'contacts.empty': 'Nenhum contato encontrado',
  'contacts.emptyHint': 'Adicione um contato ou importe os contatos do telefone.',
  'contacts.edit': 'Editar {name}',
  'contacts.delete': 'Excluir {name}',
  'contacts.openTicket': 'Criar ticket para {name}',
  'contacts.deleteTitle': 'Excluir {name}?',
  'contacts.deleteMessage': 'Tem certeza que deseja excluir este contato? Todos os tickets relacionados serão perdidos.',
  'contacts.deleted': 'Contato excluído com sucesso!',
  'contacts.importTitle': 'Importar contatos',
  'contacts.importMessage': 'Deseja importar todos os contatos do telefone?',
  'contacts.importConfirm': 'Importar',
  'contacts.importRunning': 'Importando contatos do telefone...',
  'contacts.importNone': 'Nenhum contato importado',
  'contacts.importOne': '1 contato importado',
  'contacts.importMany': '{count} contatos importados',
  'contacts.importDetails': '{existing} já cadastrados; {skipped} ignorados (número inválido).',
  'contacts.importFailed': 'A importação não foi concluída: {error}',
  'contacts.importDismiss': 'Fechar aviso da importação',
  'contacts.modal.addTitle': 'Adicionar contato',
  'contacts.modal.editTitle': 'Editar contato',
  'contacts.ticket.title': 'Criar ticket',
  'contacts.ticket.contact': 'Contato',
  'contacts.ticket.submit': 'Criar ticket',
};

export type ContactsMessages = Record<keyof typeof contactsPt, string>;
