import { Body, Controller, Post, UploadedFiles } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiExtraModels, ApiTags, getSchemaPath } from '@nestjs/swagger';
import { ApiCaller, ApiCallerParam } from '../../common/access/api-token';
import { Endpoint } from '../../common/http/endpoint.decorator';
import { Upload } from '../../common/http/uploads/upload.decorator';
import { CommonError } from '../../common/http/errors';
import { RateLimited } from '../../common/http/rate-limit';
import { ConnectionError } from '../../connection/connection.errors';
import { MESSAGE_MAX } from '../messages/dto/send-message.dto';
import { MessageError } from '../messages/message.errors';
import { UPLOAD_MAX_BYTES, UPLOAD_MAX_FILES, UploadedMedia } from '../messages/uploads';
import { ApiSendMessageDto, ApiSendResultDto } from './dto/api-send-message.dto';
import { MessagesApiService } from './messages-api.service';

/** Registered before MessagesController, so `send` is not taken for a ticket id by `POST /messages/{id}`. */
@ApiTags('messages-api')
@ApiExtraModels(ApiSendMessageDto)
@Controller('messages')
export class MessagesApiController {
  constructor(private readonly api: MessagesApiService) {}

  @Post('send')
  @RateLimited('messagesApi')
  @Upload({ field: 'medias', maxFiles: UPLOAD_MAX_FILES, maxBytes: UPLOAD_MAX_BYTES })
  @ApiConsumes('application/json', 'multipart/form-data')
  @ApiBody({
    description: `JSON \`{ number, body, closeTicket? }\`, or multipart with the same fields and up to ${UPLOAD_MAX_FILES} files in \`medias\` (\`body\` is then the first file's caption).`,
    schema: {
      // Either form; a JSON body also fits the multipart one, so `anyOf` (with `oneOf` every body failed validation).
      anyOf: [
        { $ref: getSchemaPath(ApiSendMessageDto) },
        {
          type: 'object',
          required: ['number'],
          properties: {
            number: { type: 'string', example: '5511999998888' },
            body: { type: 'string', maxLength: MESSAGE_MAX },
            closeTicket: { type: 'boolean', description: 'true or false' },
            medias: { type: 'array', items: { type: 'string', format: 'binary' }, maxItems: UPLOAD_MAX_FILES },
          },
        },
      ],
    },
    examples: {
      text: { summary: 'A text', value: { number: '5511999998888', body: 'Seu pedido 1234 saiu para entrega.' } },
      notification: {
        summary: 'A notification that closes its ticket',
        value: { number: '5511999998888', body: 'Pagamento confirmado. Obrigado!', closeTicket: true },
      },
      template: {
        summary: 'An approved template (official API connections)',
        value: { number: '5511999998888', template: { name: 'retomar_conversa', language: 'pt_BR', params: ['{{firstName}}'] } },
      },
    },
  })
  @Endpoint({
    summary: 'Send a WhatsApp message from your own system',
    description: [
      'Sends a text or files to a number through the connection whose API token authenticates the call (`Authorization: Bearer atd_…`; make or rotate it on the connections page). The number has no mask: country code, area code, number (`5511999998888`).',
      "The contact is found or created; the message goes to the contact's open or pending ticket on this connection or to a new pending ticket, where attendants see it (source `api`). It is stored at once with ack 0 and sent in the background with retries, so a connection that is reconnecting loses nothing; follow its ack in the ticket. `closeTicket: true` closes the ticket right away (a notification that expects no answer; a reply opens a new ticket).",
      "On an official API connection (Meta's Cloud API) free text and files go only inside the customer's 24-hour window (after their last message): outside it the answer is 409 ERR_WINDOW_CLOSED and nothing is stored (no contact, no ticket). Send an approved template instead with `template: { name, language, params }` (JSON; the connection's templates: GET /whatsapp/{id}/templates); `params` may hold the platform's placeholders ({{name}}, {{firstName}}, ...).",
      'Limited per token (THROTTLE_MESSAGES_API_LIMIT a minute, 60 by default): over it the answer is 429 ERR_TOO_MANY_REQUESTS.',
      'Example: `curl -X POST https://atende.example.com/messages/send -H \'Authorization: Bearer atd_…\' -H \'Content-Type: application/json\' -d \'{"number":"5511999998888","body":"Olá!"}\'`, or with a file: `curl -X POST … -H \'Authorization: Bearer atd_…\' -F number=5511999998888 -F body=Boleto -F medias=@boleto.pdf`.',
    ].join('\n\n'),
    apiToken: true,
    feature: 'useExternalApi',
    status: 201,
    ok: ApiSendResultDto,
    errors: [
      CommonError.ERR_VALIDATION,
      MessageError.ERR_EMPTY_MESSAGE,
      MessageError.ERR_UNSUPPORTED_MEDIA_TYPE,
      MessageError.ERR_MEDIA_TOO_LARGE,
      ConnectionError.ERR_NO_WAPP_FOUND,
      ConnectionError.ERR_WINDOW_CLOSED,
      ConnectionError.ERR_NOT_OFFICIAL,
      ConnectionError.ERR_TEMPLATE_NOT_FOUND,
      CommonError.ERR_TOO_MANY_REQUESTS,
    ],
  })
  sendApiMessage(
    @ApiCallerParam() caller: ApiCaller,
    @Body() body: ApiSendMessageDto,
    @UploadedFiles() files: UploadedMedia[] = [],
  ): Promise<ApiSendResultDto> {
    return this.api.send(caller, body, files);
  }
}
