/**
 * Texts of the message composer (text, quick replies, emoji, reply and edit modes, attachments, voice notes).
 * Portuguese here (the source of the keys); English in ./composer.en.ts and Spanish in ./composer.es.ts, typed by this
 * table's keys, each merged by its locale's table (pt.ts, en.ts, es.ts).
 */
export const composerPt = {
  'composer.label': 'Mensagem',
  'composer.placeholder': 'Digite uma mensagem',
  'composer.placeholderShortcut': 'Digite uma mensagem ou tecle "/" para respostas rápidas',
  'composer.captionPlaceholder': 'Adicione uma legenda (opcional)',
  'composer.region': 'Enviar mensagem',
  'composer.send': 'Enviar mensagem',
  'composer.saveEdit': 'Salvar edição',
  'composer.disabled.accept': 'Aceite o atendimento para enviar mensagens.',
  'composer.disabled.closed': 'Este atendimento está finalizado. Reabra-o para enviar mensagens.',
  'composer.replyingTo': 'Respondendo a',
  'composer.replyingToContact': 'Respondendo ao contato',
  'composer.replyingToMe': 'Respondendo à sua mensagem',
  'composer.editing': 'Editando mensagem',
  'composer.cancelReply': 'Cancelar resposta',
  'composer.cancelEdit': 'Cancelar edição',
  'composer.media.image': 'Imagem',
  'composer.media.audio': 'Áudio',
  'composer.media.video': 'Vídeo',
  'composer.media.document': 'Documento',
  'composer.quickReplies': 'Respostas rápidas',
  'composer.quickReplyMediaLoading': 'Carregando o anexo da resposta rápida…',
  'composer.quickReplyMediaFailed': 'Não foi possível carregar o anexo "{name}" desta resposta rápida; só o texto foi inserido.',
  'composer.emoji': 'Inserir emoji',
  'composer.emojiPicker': 'Emojis',
  'composer.attach': 'Anexar arquivo',
  'composer.attachments': 'Arquivos para enviar',
  'composer.attachmentsCancel': 'Cancelar envio dos arquivos',
  'composer.attachmentsSend': 'Enviar arquivos',
  'composer.attachmentsTooMany': 'Envie no máximo {count} arquivos de uma vez.',
  'composer.removeFile': 'Remover {name}',
  'composer.record': 'Gravar áudio',
  'composer.recording': 'Gravando áudio',
  'composer.recordingElapsed': 'Tempo de gravação',
  'composer.recordCancel': 'Cancelar gravação',
  'composer.recordSend': 'Enviar áudio',
  'composer.recordTooShort': 'Gravação muito curta: o áudio foi descartado.',
  'composer.micDenied': 'Permissão ao microfone negada. Autorize o microfone nas configurações do navegador para gravar áudio.',
  'composer.micMissing': 'Nenhum microfone encontrado.',
  'composer.micUnsupported': 'Este navegador não permite gravar áudio.',
  'composer.micFailed': 'Não foi possível gravar o áudio.',
};

export type ComposerMessages = Record<keyof typeof composerPt, string>;
