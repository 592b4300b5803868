/**
 * Texts of the ticket conversation (header, message history, media, audio, acks) and the composer (features/chat).
 * Portuguese here (the source of the keys); English in ./chat.en.ts and Spanish in ./chat.es.ts, typed by this table's
 * keys, each merged by its locale's table (pt.ts, en.ts, es.ts).
 */
export const chatPt = {
  'chat.loading': 'Carregando conversa',
  'chat.loadError': 'Não foi possível abrir este atendimento.',
  'chat.forbidden': 'Acesso não permitido',
  'chat.deletedTicket': 'O atendimento que você estava foi deletado.',

  // Header
  'chat.header.contact': 'Dados do contato',
  'chat.header.assigned': 'Atribuído a {name}',
  'chat.header.unassigned': 'Sem atendente',
  'chat.header.queue': 'Fila {name}',
  'chat.header.noQueue': 'Sem fila',
  'chat.header.accept': 'Aceitar',
  'chat.header.return': 'Devolver',
  'chat.header.close': 'Finalizar',
  'chat.header.reopen': 'Reabrir',
  'chat.header.options': 'Opções do ticket',
  'chat.header.schedule': 'Agendamento',
  'chat.header.scheduleSoon': 'Disponível com os agendamentos',
  'chat.header.transfer': 'Transferir',
  'chat.header.delete': 'Deletar',
  'chat.header.deleteTitle': 'Deletar o ticket do contato {name}?',
  'chat.header.deleteBody': 'Atenção! Todas as mensagens relacionadas ao ticket serão perdidas.',

  // History
  'chat.history': 'Histórico de mensagens',
  'chat.empty': 'Diga olá para seu novo contato!',
  'chat.today': 'Hoje',
  'chat.yesterday': 'Ontem',
  'chat.loadingOlder': 'Carregando mensagens anteriores',
  'chat.ticketClosed': 'Ticket: {id} encerrado em {date}',
  'chat.ticketStarted': 'Ticket: {id} iniciado em {date}',
  'chat.fromMe': 'Você',
  'chat.quoted.jump': 'Ir para a mensagem respondida',
  'chat.quoted.notFound': 'Mensagem não encontrada!',
  'chat.search.open': 'Pesquisar na conversa',
  'chat.search.label': 'Pesquisar mensagens',
  'chat.search.close': 'Fechar pesquisa',
  'chat.search.results': 'Resultados da pesquisa',
  'chat.search.none': 'Nenhuma mensagem encontrada',
  'chat.search.count': '{count} mensagens encontradas',
  'chat.search.count#one': '{count} mensagem encontrada',
  'chat.search.previous': 'Resultado anterior',
  'chat.search.next': 'Próximo resultado',
  'chat.search.position': '{index} de {count}',
  'chat.readOnly': 'Somente leitura: aceite o atendimento para responder.',
  'chat.quoted.media': 'Mídia',
  'chat.deleted': 'Esta mensagem foi apagada',
  'chat.edited': 'Editada',
  'chat.editHistory.title': 'Histórico de edições',
  'chat.editHistory.open': 'Ver histórico de edições',
  'chat.editHistory.current': 'Versão atual',
  'chat.editHistory.editedAt': 'Editada em {date}',

  // Acks
  'chat.ack.failed': 'Falha no envio',
  'chat.ack.pending': 'Aguardando envio',
  'chat.ack.sent': 'Enviada',
  'chat.ack.delivered': 'Entregue',
  'chat.ack.read': 'Lida',
  'chat.ack.played': 'Reproduzida',

  // Media
  'chat.media.image': 'Imagem',
  'chat.media.video': 'Vídeo',
  'chat.media.sticker': 'Figurinha',
  'chat.media.document': 'Documento',
  'chat.media.open': 'Ampliar imagem',
  'chat.media.download': 'Baixar {name}',
  'chat.media.loading': 'Carregando mídia',
  'chat.media.failed': 'Não foi possível carregar a mídia',
  'chat.location': 'Localização',
  'chat.location.open': 'Abrir no mapa',
  'chat.contactCard': 'Contato',
  'chat.contactCard.view': 'Ver contato',
  'chat.contactCard.phone': 'Telefone',
  'chat.contactCard.noNumber': 'Sem número',

  // Audio
  'chat.audio': 'Mensagem de voz',
  'chat.audio.play': 'Reproduzir áudio',
  'chat.audio.pause': 'Pausar áudio',
  'chat.audio.speed': 'Velocidade {rate}x',

  // Message options
  'chat.message.options': 'Opções da mensagem',
  'chat.message.reply': 'Responder',
  'chat.message.edit': 'Editar',
  'chat.message.delete': 'Apagar',
  'chat.message.deleteTitle': 'Apagar mensagem?',
  'chat.message.deleteBody': 'A mensagem será apagada para todos na conversa.',
};

export type ChatMessages = Record<keyof typeof chatPt, string>;
