import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Endpoint } from '../../common/http/endpoint.decorator';
import { CommonError } from '../../common/http/errors';
import { IdPipe } from '../../common/http/ids';
import { Ctx, RequestContext } from '../../common/access/request-context';
import { ListPromptsDto, PromptDeletedDto, PromptDto, PromptPageDto, SavePromptDto } from './dto/prompt.dto';
import { PromptError } from './prompt.errors';
import { OutboundError } from '../../common/infra/outbound/outbound.errors';
import { PromptsService } from './prompts.service';
import { Audit } from '../../common/http/audit.decorator';

const ACCESS = "AI prompts of the caller's company; another company's is 404. API keys are never returned (hasApiKey, hasVoiceKey).";

@ApiTags('prompts')
@Audit({ target: 'prompt' })
@Controller('prompt')
export class PromptsController {
  constructor(private readonly prompts: PromptsService) {}

  @Get()
  @Endpoint({
    summary: 'AI prompts by name, 20 a page, with their queue',
    description: `${ACCESS} searchParam matches name or prompt text.`,
    permission: 'automation:manage',
    feature: 'useOpenAi',
    ok: PromptPageDto,
    errors: [CommonError.ERR_VALIDATION],
  })
  listPrompts(@Ctx() ctx: RequestContext, @Query() query: ListPromptsDto): Promise<PromptPageDto> {
    return this.prompts.list(ctx, query);
  }

  @Get(':id')
  @Endpoint({
    summary: 'An AI prompt',
    description: ACCESS,
    permission: 'automation:manage',
    feature: 'useOpenAi',
    ok: PromptDto,
    errors: [CommonError.ERR_VALIDATION, PromptError.ERR_PROMPT_NOT_FOUND],
  })
  getPrompt(@Ctx() ctx: RequestContext, @Param('id', IdPipe) id: number): Promise<PromptDto> {
    return this.prompts.get(ctx, id);
  }

  @Post()
  @Endpoint({
    summary: 'Create an AI prompt',
    description: 'apiKey is required and stored encrypted; queueId must be a queue of the company.',
    permission: 'automation:manage',
    feature: 'useOpenAi',
    status: 201,
    ok: PromptDto,
    errors: [CommonError.ERR_VALIDATION, OutboundError.ERR_OUTBOUND_URL_FORBIDDEN],
  })
  createPrompt(@Ctx() ctx: RequestContext, @Body() body: SavePromptDto): Promise<PromptDto> {
    return this.prompts.create(ctx, body);
  }

  @Put(':id')
  @Endpoint({
    summary: 'Update an AI prompt',
    description: `${ACCESS} An omitted or empty apiKey keeps the stored key; voiceKey likewise (null removes it).`,
    permission: 'automation:manage',
    feature: 'useOpenAi',
    ok: PromptDto,
    errors: [CommonError.ERR_VALIDATION, PromptError.ERR_PROMPT_NOT_FOUND, OutboundError.ERR_OUTBOUND_URL_FORBIDDEN],
  })
  updatePrompt(@Ctx() ctx: RequestContext, @Param('id', IdPipe) id: number, @Body() body: SavePromptDto): Promise<PromptDto> {
    return this.prompts.update(ctx, id, body);
  }

  @Delete(':id')
  @Endpoint({
    summary: 'Delete an AI prompt',
    description: `${ACCESS} Connections, queues and tickets that used it lose it; such tickets are left to people.`,
    permission: 'automation:manage',
    feature: 'useOpenAi',
    ok: PromptDeletedDto,
    errors: [CommonError.ERR_VALIDATION, PromptError.ERR_PROMPT_NOT_FOUND],
  })
  deletePrompt(@Ctx() ctx: RequestContext, @Param('id', IdPipe) id: number): Promise<PromptDeletedDto> {
    return this.prompts.remove(ctx, id);
  }
}
