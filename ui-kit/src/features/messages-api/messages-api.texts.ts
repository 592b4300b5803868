import { defineTexts } from '../../i18n/feature-texts';

/**
 * Texts of the messages-API page (features/messages-api): the documentation of POST /messages/send and its test forms.
 * Merged into the pt/en/es tables by pt.ts, en.ts and es.ts. pt is the source; en and es must have the same keys.
 */
export const messagesApiPt = {
  'messagesApi.title': 'API de mensagens',
  'messagesApi.intro':
    'Envie mensagens de texto ou arquivos pelo WhatsApp a partir do seu próprio sistema, com uma requisição HTTP autenticada pelo token de uma conexão. A mensagem sai por essa conexão e fica no ticket do contato, onde os atendentes a veem.',

  'messagesApi.setup.title': 'Antes de começar',
  'messagesApi.setup.token':
    'Cada conexão tem o seu token de API. Ele é mostrado uma única vez: ao criar a conexão, ou ao gerar um novo token na edição da conexão, na página de Conexões. Guarde-o em local seguro.',
  'messagesApi.setup.openConnections': 'Ir para Conexões',
  'messagesApi.setup.number': 'O número vai sem máscara, só com dígitos: código do país, DDD e número, de 10 a 15 dígitos (ex.: {example}).',
  'messagesApi.setup.endpoint': 'Endpoint',
  'messagesApi.setup.header': 'Cabeçalho de autenticação',
  'messagesApi.text.headers': 'Método e cabeçalhos (texto)',
  'messagesApi.media.headers': 'Método e cabeçalhos (arquivo)',
  'messagesApi.required': 'obrigatório',
  'messagesApi.optional': 'opcional',

  'messagesApi.text.title': '1. Mensagens de texto',
  'messagesApi.text.description': 'Envie o texto em JSON.',
  'messagesApi.text.fields': 'Corpo (JSON)',
  'messagesApi.text.json': 'Exemplo de corpo JSON',
  'messagesApi.text.curl': 'Exemplo com curl (texto)',
  'messagesApi.media.title': '2. Mensagens com arquivo',
  'messagesApi.media.description': 'Envie arquivos como multipart/form-data; o curl e os navegadores definem o separador (boundary) do formulário.',
  'messagesApi.media.fields': 'Campos do formulário (multipart/form-data)',
  'messagesApi.media.curl': 'Exemplo com curl (arquivo)',
  'messagesApi.doc.number': 'Número de destino, só dígitos: código do país, DDD e número.',
  'messagesApi.doc.body': 'O texto da mensagem, até {max} caracteres.',
  'messagesApi.doc.caption': 'Legenda do primeiro arquivo, até {max} caracteres.',
  'messagesApi.doc.closeTicket':
    'true fecha o ticket logo após o envio (um aviso que não espera resposta; uma resposta do contato abre um novo ticket). Padrão: false.',
  'messagesApi.doc.medias':
    'De 1 a {files} arquivos. Imagem e áudio até {image} MB, vídeo e documento até {video} MB; o tipo é reconhecido pelo conteúdo do arquivo.',

  'messagesApi.response.title': 'Resposta',
  'messagesApi.response.description':
    'Uma chamada aceita responde 201 com o ticket para onde a mensagem foi e as mensagens guardadas. O contato é encontrado ou criado pelo número; a mensagem vai para o ticket aberto ou pendente do contato nessa conexão, ou para um novo ticket pendente.',
  'messagesApi.response.acks':
    'As mensagens saem em segundo plano, com novas tentativas se a conexão estiver reconectando. O ack de cada uma sobe com o envio: 0 na fila, 1 enviada ao servidor, 2 enviada, 3 entregue, 4 lida.',
  'messagesApi.response.example': 'Exemplo de resposta (201)',

  'messagesApi.errors.title': 'Erros e limite de envio',
  'messagesApi.errors.description':
    'Uma chamada recusada responde com o status HTTP e um JSON com o código do erro (error), uma descrição (message) e, nos erros de validação, os campos com problema (fields).',
  'messagesApi.errors.validation': 'Algum campo é inválido, por exemplo um número fora de 10 a 15 dígitos: veja fields.',
  'messagesApi.errors.empty': 'Nem texto nem arquivo foram enviados.',
  'messagesApi.errors.token': 'Token ausente, incorreto ou desativado.',
  'messagesApi.errors.noConnection': 'A conexão do token foi excluída.',
  'messagesApi.errors.tooLarge': 'O arquivo passa do limite do seu tipo.',
  'messagesApi.errors.unsupported': 'Tipo de arquivo não suportado.',
  'messagesApi.errors.rateLimit': 'Limite de envio excedido: aguarde e tente de novo.',
  'messagesApi.errors.example': 'Exemplo de erro (400)',
  'messagesApi.rate.title': 'Limite de envio:',
  'messagesApi.rate.description':
    '{limit} chamadas por minuto para cada token. Acima disso a resposta é 429 ERR_TOO_MANY_REQUESTS: aguarde alguns segundos e tente de novo.',

  'messagesApi.example.token': 'SEU_TOKEN',
  'messagesApi.example.body': 'Olá! Seu pedido 1234 saiu para entrega.',
  'messagesApi.example.caption': 'Segue o seu boleto',
  'messagesApi.example.file': 'boleto.pdf',

  'messagesApi.test.textTitle': 'Teste de envio: texto',
  'messagesApi.test.mediaTitle': 'Teste de envio: arquivo',
  'messagesApi.test.send': 'Enviar',
  'messagesApi.field.token': 'Token',
  'messagesApi.field.token.description': 'O token de API da conexão que vai enviar.',
  'messagesApi.field.number': 'Número',
  'messagesApi.field.number.description': 'Sem máscara: código do país, DDD e número (ex.: {example}).',
  'messagesApi.field.body': 'Mensagem',
  'messagesApi.field.caption': 'Legenda (opcional)',
  'messagesApi.field.file': 'Arquivo',
  'messagesApi.field.closeTicket': 'Fechar o ticket após o envio',
  'messagesApi.file.choose': 'Escolher arquivo',
  'messagesApi.file.replace': 'Trocar arquivo',
  'messagesApi.file.remove': 'Remover {name}',
  'messagesApi.file.none': 'Nenhum arquivo escolhido.',
  'messagesApi.file.hint': 'Imagem, áudio, vídeo ou documento. Imagem e áudio até {image} MB; vídeo e documento até {video} MB.',
  'messagesApi.validation.required': 'Obrigatório',
  'messagesApi.validation.number': 'Número inválido: use de 10 a 15 dígitos (código do país, DDD e número).',
  'messagesApi.validation.body': 'Digite a mensagem',
  'messagesApi.validation.tooLong': 'Máximo de 4096 caracteres',
  'messagesApi.validation.file': 'Escolha um arquivo',
  'messagesApi.validation.fileTooLarge': 'O arquivo passa de 64 MB',

  'messagesApi.result.sent': 'Mensagem aceita e na fila de envio',
  'messagesApi.result.failed': 'A mensagem não foi enviada',
  'messagesApi.result.ticket': 'Ticket',
  'messagesApi.result.contact': 'Contato',
  'messagesApi.result.messages': 'Na fila',
  'messagesApi.result.queuedOne': '1 mensagem',
  'messagesApi.result.queuedMany': '{count} mensagens',
  'messagesApi.result.openTicket': 'Abrir ticket #{id}',
  'messagesApi.result.fields': 'Campos com problema:',
  'messagesApi.ticketStatus.pending': 'Aguardando',
  'messagesApi.ticketStatus.open': 'Em atendimento',
  'messagesApi.ticketStatus.closed': 'Resolvido',
  'messagesApi.toast.sent': 'Mensagem enviada com sucesso',
};

export type MessagesApiMessages = Record<keyof typeof messagesApiPt, string>;

export const messagesApiEn: MessagesApiMessages = {
  'messagesApi.title': 'Messages API',
  'messagesApi.intro':
    "Send WhatsApp texts or files from your own system with an HTTP request authenticated by a connection's token. The message goes out through that connection and lands in the contact's ticket, where attendants see it.",

  'messagesApi.setup.title': 'Before you start',
  'messagesApi.setup.token':
    'Each connection has its own API token. It is shown only once: when the connection is created, or when a new token is generated while editing the connection on the Connections page. Keep it somewhere safe.',
  'messagesApi.setup.openConnections': 'Go to Connections',
  'messagesApi.setup.number': 'The number goes without a mask, digits only: country code, area code and number, 10 to 15 digits (e.g. {example}).',
  'messagesApi.setup.endpoint': 'Endpoint',
  'messagesApi.setup.header': 'Authentication header',
  'messagesApi.text.headers': 'Method and headers (text)',
  'messagesApi.media.headers': 'Method and headers (file)',
  'messagesApi.required': 'required',
  'messagesApi.optional': 'optional',

  'messagesApi.text.title': '1. Text messages',
  'messagesApi.text.description': 'Send the text as JSON.',
  'messagesApi.text.fields': 'Body (JSON)',
  'messagesApi.text.json': 'JSON body example',
  'messagesApi.text.curl': 'curl example (text)',
  'messagesApi.media.title': '2. Messages with a file',
  'messagesApi.media.description': "Send files as multipart/form-data; curl and browsers set the form's boundary.",
  'messagesApi.media.fields': 'Form fields (multipart/form-data)',
  'messagesApi.media.curl': 'curl example (file)',
  'messagesApi.doc.number': 'The destination number, digits only: country code, area code and number.',
  'messagesApi.doc.body': 'The message text, up to {max} characters.',
  'messagesApi.doc.caption': 'Caption of the first file, up to {max} characters.',
  'messagesApi.doc.closeTicket':
    'true closes the ticket right after sending (a notice that expects no answer; a reply from the contact opens a new ticket). Default: false.',
  'messagesApi.doc.medias':
    "1 to {files} files. Images and audio up to {image} MB, video and documents up to {video} MB; the type is read from the file's content.",

  'messagesApi.response.title': 'Response',
  'messagesApi.response.description':
    "An accepted call answers 201 with the ticket the message went to and the stored messages. The contact is found or created by its number; the message goes to the contact's open or pending ticket on that connection, or to a new pending ticket.",
  'messagesApi.response.acks':
    'Messages are sent in the background, retried while the connection reconnects. Each ack rises as it goes: 0 queued, 1 sent to the server, 2 sent, 3 delivered, 4 read.',
  'messagesApi.response.example': 'Response example (201)',

  'messagesApi.errors.title': 'Errors and rate limit',
  'messagesApi.errors.description':
    'A refused call answers with its HTTP status and a JSON body with the error code (error), a description (message) and, for validation errors, the failing fields (fields).',
  'messagesApi.errors.validation': 'A field is invalid, for example a number outside 10 to 15 digits: see fields.',
  'messagesApi.errors.empty': 'Neither a text nor a file was sent.',
  'messagesApi.errors.token': 'Missing, wrong or disabled token.',
  'messagesApi.errors.noConnection': "The token's connection was deleted.",
  'messagesApi.errors.tooLarge': 'The file is over the limit for its type.',
  'messagesApi.errors.unsupported': 'Unsupported file type.',
  'messagesApi.errors.rateLimit': 'Rate limit exceeded: wait and try again.',
  'messagesApi.errors.example': 'Error example (400)',
  'messagesApi.rate.title': 'Rate limit:',
  'messagesApi.rate.description': '{limit} calls a minute per token. Above that the answer is 429 ERR_TOO_MANY_REQUESTS: wait a few seconds and try again.',

  'messagesApi.example.token': 'YOUR_TOKEN',
  'messagesApi.example.body': 'Hi! Your order 1234 is out for delivery.',
  'messagesApi.example.caption': 'Here is your invoice',
  'messagesApi.example.file': 'invoice.pdf',

  'messagesApi.test.textTitle': 'Test send: text',
  'messagesApi.test.mediaTitle': 'Test send: file',
  'messagesApi.test.send': 'Send',
  'messagesApi.field.token': 'Token',
  'messagesApi.field.token.description': 'The API token of the connection that will send.',
  'messagesApi.field.number': 'Number',
  'messagesApi.field.number.description': 'No mask: country code, area code and number (e.g. {example}).',
  'messagesApi.field.body': 'Message',
  'messagesApi.field.caption': 'Caption (optional)',
  'messagesApi.field.file': 'File',
  'messagesApi.field.closeTicket': 'Close the ticket after sending',
  'messagesApi.file.choose': 'Choose file',
  'messagesApi.file.replace': 'Replace file',
  'messagesApi.file.remove': 'Remove {name}',
  'messagesApi.file.none': 'No file chosen.',
  'messagesApi.file.hint': 'Image, audio, video or document. Images and audio up to {image} MB; video and documents up to {video} MB.',
  'messagesApi.validation.required': 'Required',
  'messagesApi.validation.number': 'Invalid number: use 10 to 15 digits (country code, area code and number).',
  'messagesApi.validation.body': 'Type the message',
  'messagesApi.validation.tooLong': 'At most 4096 characters',
  'messagesApi.validation.file': 'Choose a file',
  'messagesApi.validation.fileTooLarge': 'The file is over 64 MB',

  'messagesApi.result.sent': 'Message accepted and queued for sending',
  'messagesApi.result.failed': 'The message was not sent',
  'messagesApi.result.ticket': 'Ticket',
  'messagesApi.result.contact': 'Contact',
  'messagesApi.result.messages': 'Queued',
  'messagesApi.result.queuedOne': '1 message',
  'messagesApi.result.queuedMany': '{count} messages',
  'messagesApi.result.openTicket': 'Open ticket #{id}',
  'messagesApi.result.fields': 'Failing fields:',
  'messagesApi.ticketStatus.pending': 'Waiting',
  'messagesApi.ticketStatus.open': 'In progress',
  'messagesApi.ticketStatus.closed': 'Resolved',
  'messagesApi.toast.sent': 'Message sent successfully',
};

export const messagesApiEs: MessagesApiMessages = {
  'messagesApi.title': 'API de mensajes',
  'messagesApi.intro':
    'Envía mensajes de texto o archivos por WhatsApp desde tu propio sistema, con una solicitud HTTP autenticada por el token de una conexión. El mensaje sale por esa conexión y queda en el ticket del contacto, donde los agentes lo ven.',

  'messagesApi.setup.title': 'Antes de empezar',
  'messagesApi.setup.token':
    'Cada conexión tiene su propio token de API. Se muestra una sola vez: al crear la conexión, o al generar un nuevo token al editar la conexión en la página de Conexiones. Guárdalo en un lugar seguro.',
  'messagesApi.setup.openConnections': 'Ir a Conexiones',
  'messagesApi.setup.number': 'El número va sin máscara, solo dígitos: código de país, código de área y número, de 10 a 15 dígitos (ej.: {example}).',
  'messagesApi.setup.endpoint': 'Endpoint',
  'messagesApi.setup.header': 'Encabezado de autenticación',
  'messagesApi.text.headers': 'Método y encabezados (texto)',
  'messagesApi.media.headers': 'Método y encabezados (archivo)',
  'messagesApi.required': 'obligatorio',
  'messagesApi.optional': 'opcional',

  'messagesApi.text.title': '1. Mensajes de texto',
  'messagesApi.text.description': 'Envía el texto en JSON.',
  'messagesApi.text.fields': 'Cuerpo (JSON)',
  'messagesApi.text.json': 'Ejemplo de cuerpo JSON',
  'messagesApi.text.curl': 'Ejemplo con curl (texto)',
  'messagesApi.media.title': '2. Mensajes con archivo',
  'messagesApi.media.description': 'Envía archivos como multipart/form-data; curl y los navegadores definen el separador (boundary) del formulario.',
  'messagesApi.media.fields': 'Campos del formulario (multipart/form-data)',
  'messagesApi.media.curl': 'Ejemplo con curl (archivo)',
  'messagesApi.doc.number': 'Número de destino, solo dígitos: código de país, código de área y número.',
  'messagesApi.doc.body': 'El texto del mensaje, hasta {max} caracteres.',
  'messagesApi.doc.caption': 'Leyenda del primer archivo, hasta {max} caracteres.',
  'messagesApi.doc.closeTicket':
    'true cierra el ticket justo después del envío (un aviso que no espera respuesta; una respuesta del contacto abre un nuevo ticket). Por defecto: false.',
  'messagesApi.doc.medias':
    'De 1 a {files} archivos. Imagen y audio hasta {image} MB, video y documento hasta {video} MB; el tipo se reconoce por el contenido del archivo.',

  'messagesApi.response.title': 'Respuesta',
  'messagesApi.response.description':
    'Una llamada aceptada responde 201 con el ticket al que fue el mensaje y los mensajes guardados. El contacto se encuentra o se crea por su número; el mensaje va al ticket abierto o pendiente del contacto en esa conexión, o a un nuevo ticket pendiente.',
  'messagesApi.response.acks':
    'Los mensajes salen en segundo plano, con reintentos si la conexión se está reconectando. El ack de cada uno sube con el envío: 0 en cola, 1 enviado al servidor, 2 enviado, 3 entregado, 4 leído.',
  'messagesApi.response.example': 'Ejemplo de respuesta (201)',

  'messagesApi.errors.title': 'Errores y límite de envío',
  'messagesApi.errors.description':
    'Una llamada rechazada responde con el estado HTTP y un JSON con el código del error (error), una descripción (message) y, en los errores de validación, los campos con problemas (fields).',
  'messagesApi.errors.validation': 'Algún campo no es válido, por ejemplo un número fuera de 10 a 15 dígitos: mira fields.',
  'messagesApi.errors.empty': 'No se envió ni texto ni archivo.',
  'messagesApi.errors.token': 'Token ausente, incorrecto o desactivado.',
  'messagesApi.errors.noConnection': 'La conexión del token fue eliminada.',
  'messagesApi.errors.tooLarge': 'El archivo supera el límite de su tipo.',
  'messagesApi.errors.unsupported': 'Tipo de archivo no soportado.',
  'messagesApi.errors.rateLimit': 'Límite de envío superado: espera e inténtalo de nuevo.',
  'messagesApi.errors.example': 'Ejemplo de error (400)',
  'messagesApi.rate.title': 'Límite de envío:',
  'messagesApi.rate.description':
    '{limit} llamadas por minuto para cada token. Por encima de eso la respuesta es 429 ERR_TOO_MANY_REQUESTS: espera unos segundos e inténtalo de nuevo.',

  'messagesApi.example.token': 'TU_TOKEN',
  'messagesApi.example.body': '¡Hola! Tu pedido 1234 salió para entrega.',
  'messagesApi.example.caption': 'Aquí está tu factura',
  'messagesApi.example.file': 'factura.pdf',

  'messagesApi.test.textTitle': 'Prueba de envío: texto',
  'messagesApi.test.mediaTitle': 'Prueba de envío: archivo',
  'messagesApi.test.send': 'Enviar',
  'messagesApi.field.token': 'Token',
  'messagesApi.field.token.description': 'El token de API de la conexión que va a enviar.',
  'messagesApi.field.number': 'Número',
  'messagesApi.field.number.description': 'Sin máscara: código de país, código de área y número (ej.: {example}).',
  'messagesApi.field.body': 'Mensaje',
  'messagesApi.field.caption': 'Leyenda (opcional)',
  'messagesApi.field.file': 'Archivo',
  'messagesApi.field.closeTicket': 'Cerrar el ticket después del envío',
  'messagesApi.file.choose': 'Elegir archivo',
  'messagesApi.file.replace': 'Cambiar archivo',
  'messagesApi.file.remove': 'Quitar {name}',
  'messagesApi.file.none': 'Ningún archivo elegido.',
  'messagesApi.file.hint': 'Imagen, audio, video o documento. Imagen y audio hasta {image} MB; video y documento hasta {video} MB.',
  'messagesApi.validation.required': 'Obligatorio',
  'messagesApi.validation.number': 'Número inválido: usa de 10 a 15 dígitos (código de país, código de área y número).',
  'messagesApi.validation.body': 'Escribe el mensaje',
  'messagesApi.validation.tooLong': 'Máximo de 4096 caracteres',
  'messagesApi.validation.file': 'Elige un archivo',
  'messagesApi.validation.fileTooLarge': 'El archivo supera los 64 MB',

  'messagesApi.result.sent': 'Mensaje aceptado y en cola de envío',
  'messagesApi.result.failed': 'El mensaje no fue enviado',
  'messagesApi.result.ticket': 'Ticket',
  'messagesApi.result.contact': 'Contacto',
  'messagesApi.result.messages': 'En cola',
  'messagesApi.result.queuedOne': '1 mensaje',
  'messagesApi.result.queuedMany': '{count} mensajes',
  'messagesApi.result.openTicket': 'Abrir ticket #{id}',
  'messagesApi.result.fields': 'Campos con problemas:',
  'messagesApi.ticketStatus.pending': 'En espera',
  'messagesApi.ticketStatus.open': 'En atención',
  'messagesApi.ticketStatus.closed': 'Resuelto',
  'messagesApi.toast.sent': 'Mensaje enviado con éxito',
};

/** The page's texts, registered by its components with `useT(messagesApiTexts)`: they load with the page's chunk. */
export const messagesApiTexts = defineTexts({ pt: messagesApiPt, en: messagesApiEn, es: messagesApiEs });
