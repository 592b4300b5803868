/**
 * Texts of the tags page and the kanban board (features/kanban). Portuguese here (the source of the keys); English in
 * ./kanban.en.ts and Spanish in ./kanban.es.ts, typed by this table's keys, each merged by its locale's table (pt.ts,
 * en.ts, es.ts).
 */
export const kanbanPt = {
  // Tags page (back-office §2 "Tags page", §5 tag rules)
  'tags.title': 'Tags',
  'tags.search': 'Pesquisar',
  'tags.add': 'Adicionar tag',
  'tags.column.name': 'Nome',
  'tags.column.tickets': 'Tickets',
  'tags.column.actions': 'Ações',
  'tags.edit': 'Editar {name}',
  'tags.delete': 'Excluir {name}',
  'tags.empty': 'Nenhuma tag encontrada',
  'tags.listLabel': 'Tags da empresa',
  'tags.confirmDelete.title': 'Excluir {name}?',
  'tags.confirmDelete.body': 'Esta ação não pode ser revertida. Os tickets com esta tag a perderão.',
  'tags.confirmDelete.confirm': 'Excluir',
  'tags.deleted': 'Tag excluída com sucesso!',
  'tags.saved': 'Tag salva com sucesso!',
  'tags.modal.addTitle': 'Adicionar tag',
  'tags.modal.editTitle': 'Editar tag',
  'tags.modal.name': 'Nome',
  'tags.modal.color': 'Cor',
  'tags.modal.kanban': 'Kanban',
  'tags.modal.kanbanHint': 'A tag vira uma coluna do Kanban.',
  'tags.modal.save': 'Salvar',
  'tags.modal.add': 'Adicionar',
  'tags.validation.required': 'Obrigatório',
  'tags.validation.short': 'Mensagem muito curta',
  'tags.validation.long': 'Mensagem muito longa',
  // Kanban (back-office §2 "Kanban page", §4 Kanban)
  'kanban.title': 'Kanban',
  'kanban.openLane': 'Em aberto',
  'kanban.lane': 'Coluna {name}: {count} tickets',
  'kanban.ticketNumber': 'Ticket #{id}',
  'kanban.viewTicket': 'Ver Ticket',
  'kanban.moveTo': 'Mover para…',
  'kanban.moveToLabel': 'Mover ticket #{id} para…',
  'kanban.dragHandle': 'Arrastar ticket #{id}',
  'kanban.noLastMessage': 'Sem mensagens',
  'kanban.emptyLane': 'Nenhum ticket',
  'kanban.tagRemoved': 'Ticket Tag Removido!',
  'kanban.tagAdded': 'Ticket Tag Adicionado com Sucesso!',
  'kanban.unavailable': 'O Kanban não faz parte do plano da empresa.',
  'kanban.loadError': 'Não foi possível carregar o Kanban.',
};

export type KanbanMessages = Record<keyof typeof kanbanPt, string>;
