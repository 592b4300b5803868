import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Endpoint } from '../../common/http/endpoint.decorator';
import { CommonError } from '../../common/http/errors';
import { IdPipe } from '../../common/http/ids';
import { Ctx, RequestContext } from '../../common/access/request-context';
import {
  CreatedQueueIntegrationDto,
  ListQueueIntegrationsDto,
  QueueIntegrationDto,
  QueueIntegrationPageDto,
  QueueIntegrationSecretDto,
  SaveQueueIntegrationDto,
  TestSessionDto,
  TestSessionResultDto,
} from './dto/queue-integration.dto';
import { QueueIntegrationError } from './queue-integration.errors';
import { OutboundError } from '../../common/infra/outbound/outbound.errors';
import { QueueIntegrationsService } from './queue-integrations.service';
import { Audit } from '../../common/http/audit.decorator';

const ACCESS = "Integrations of the caller's company; another company's is 404.";
const GATE = { permission: 'automation:manage', feature: 'useIntegrations' } as const;

@ApiTags('queueIntegration')
@Audit({ target: 'queue-integration' })
@Controller('queueIntegration')
export class QueueIntegrationsController {
  constructor(private readonly integrations: QueueIntegrationsService) {}

  @Get()
  @Endpoint({
    summary: 'Queue integrations by name, 20 a page',
    description: `${ACCESS} searchParam matches name or project name (case-insensitive).`,
    ...GATE,
    ok: QueueIntegrationPageDto,
    errors: [CommonError.ERR_VALIDATION],
  })
  listQueueIntegrations(@Ctx() ctx: RequestContext, @Query() query: ListQueueIntegrationsDto): Promise<QueueIntegrationPageDto> {
    return this.integrations.list(ctx, query);
  }

  @Post('testSession')
  @Endpoint({
    summary: "Try Dialogflow credentials: detectIntent 'Olá' in a throw-away session",
    description:
      "Answers `{ok: true, reply}` with the agent's fulfillment texts, or `{ok: false, error}` (bad JSON, credentials refused, unknown project, no answer in time). " +
      'With `id` and a blank jsonContent, the stored credentials of that integration are used.',
    ...GATE,
    status: 200,
    ok: TestSessionResultDto,
    errors: [CommonError.ERR_VALIDATION, QueueIntegrationError.ERR_QUEUE_INTEGRATION_NOT_FOUND],
  })
  testQueueIntegrationSession(@Ctx() ctx: RequestContext, @Body() body: TestSessionDto): Promise<TestSessionResultDto> {
    return this.integrations.testSession(ctx, body);
  }

  @Get(':id')
  @Endpoint({
    summary: 'A queue integration',
    description: ACCESS,
    ...GATE,
    ok: QueueIntegrationDto,
    errors: [CommonError.ERR_VALIDATION, QueueIntegrationError.ERR_QUEUE_INTEGRATION_NOT_FOUND],
  })
  getQueueIntegration(@Ctx() ctx: RequestContext, @Param('id', IdPipe) id: number): Promise<QueueIntegrationDto> {
    return this.integrations.get(ctx, id);
  }

  @Post()
  @Endpoint({
    summary: 'Create a queue integration',
    description: 'n8n and webhook integrations get a signing secret, answered here once (`secret`); later only its hint is shown.',
    ...GATE,
    status: 201,
    ok: CreatedQueueIntegrationDto,
    errors: [OutboundError.ERR_OUTBOUND_URL_FORBIDDEN, CommonError.ERR_VALIDATION],
  })
  createQueueIntegration(@Ctx() ctx: RequestContext, @Body() body: SaveQueueIntegrationDto): Promise<CreatedQueueIntegrationDto> {
    return this.integrations.create(ctx, body);
  }

  @Put(':id')
  @Endpoint({
    summary: 'Update a queue integration',
    description: `${ACCESS} A blank jsonContent keeps the stored one. Changing the type to n8n or webhook makes a secret (answered once, as on create).`,
    ...GATE,
    ok: CreatedQueueIntegrationDto,
    errors: [OutboundError.ERR_OUTBOUND_URL_FORBIDDEN, CommonError.ERR_VALIDATION, QueueIntegrationError.ERR_QUEUE_INTEGRATION_NOT_FOUND],
  })
  updateQueueIntegration(
    @Ctx() ctx: RequestContext,
    @Param('id', IdPipe) id: number,
    @Body() body: SaveQueueIntegrationDto,
  ): Promise<CreatedQueueIntegrationDto> {
    return this.integrations.update(ctx, id, body);
  }

  @Delete(':id')
  @Endpoint({
    summary: 'Delete a queue integration',
    description: `${ACCESS} Connections, queues and tickets that used it lose it (they go to people).`,
    ...GATE,
    status: 204,
    errors: [CommonError.ERR_VALIDATION, QueueIntegrationError.ERR_QUEUE_INTEGRATION_NOT_FOUND],
  })
  deleteQueueIntegration(@Ctx() ctx: RequestContext, @Param('id', IdPipe) id: number): Promise<void> {
    return this.integrations.remove(ctx, id);
  }

  @Post(':id/secret')
  @Endpoint({
    summary: 'A new signing secret for an n8n or webhook integration',
    description: `${ACCESS} Answered once; the old secret stops working at once (deliveries still queued are signed with the new one).`,
    ...GATE,
    status: 201,
    ok: QueueIntegrationSecretDto,
    errors: [CommonError.ERR_VALIDATION, QueueIntegrationError.ERR_QUEUE_INTEGRATION_NOT_FOUND, QueueIntegrationError.ERR_QUEUE_INTEGRATION_NO_SECRET],
  })
  rotateQueueIntegrationSecret(@Ctx() ctx: RequestContext, @Param('id', IdPipe) id: number): Promise<QueueIntegrationSecretDto> {
    return this.integrations.rotateSecret(ctx, id);
  }
}
