import { Body, Controller, Delete, Get, Param, Post, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Endpoint } from '../../common/http/endpoint.decorator';
import { CommonError } from '../../common/http/errors';
import { IdPipe } from '../../common/http/ids';
import { Audit } from '../../common/http/audit.decorator';
import { Ctx, RequestContext } from '../../common/access/request-context';
import { CreateEmbedKeyDto, EmbedKeyCreatedDto, EmbedKeyDto, UpdateEmbedKeyDto } from './dto/embed-key.dto';
import { EmbedError } from './embed.errors';
import { EmbedKeysService } from './embed-keys.service';

const ACCESS = "Embed keys of the caller's company; another company's is 404. Embed sessions cannot call these routes.";

@ApiTags('embed-keys')
@Audit({ target: 'embed-key' })
@Controller('embed-keys')
export class EmbedKeysController {
  constructor(private readonly keys: EmbedKeysService) {}

  @Get()
  @Endpoint({
    summary: "The company's embed keys, newest first (revoked ones included)",
    description: `${ACCESS} The secret is never listed.`,
    permission: 'embed-keys:manage',
    ok: [EmbedKeyDto],
  })
  listEmbedKeys(@Ctx() ctx: RequestContext): Promise<EmbedKeyDto[]> {
    return this.keys.list(ctx);
  }

  @Post()
  @Endpoint({
    summary: 'Create an embed key',
    description: `${ACCESS} The answer carries the signing secret, shown this once. Several keys may be live at a time (rotation).`,
    permission: 'embed-keys:manage',
    status: 201,
    ok: EmbedKeyCreatedDto,
    errors: [CommonError.ERR_VALIDATION],
  })
  createEmbedKey(@Ctx() ctx: RequestContext, @Body() body: CreateEmbedKeyDto): Promise<EmbedKeyCreatedDto> {
    return this.keys.create(ctx, body);
  }

  @Put(':id')
  @Endpoint({
    summary: 'Rename an embed key or change its allowed origins',
    description: `${ACCESS} A revoked key cannot change (409).`,
    permission: 'embed-keys:manage',
    ok: EmbedKeyDto,
    errors: [CommonError.ERR_VALIDATION, EmbedError.ERR_EMBED_KEY_NOT_FOUND, EmbedError.ERR_EMBED_KEY_REVOKED],
  })
  updateEmbedKey(@Ctx() ctx: RequestContext, @Param('id', IdPipe) id: number, @Body() body: UpdateEmbedKeyDto): Promise<EmbedKeyDto> {
    return this.keys.update(ctx, id, body);
  }

  @Delete(':id')
  @Audit({ target: 'embed-key', action: 'revoke' })
  @Endpoint({
    summary: 'Revoke an embed key',
    description: `${ACCESS} Final and idempotent: the key stays listed with revokedAt, signs nothing more, and its embed sessions end at once (their sockets close).`,
    permission: 'embed-keys:manage',
    ok: EmbedKeyDto,
    errors: [CommonError.ERR_VALIDATION, EmbedError.ERR_EMBED_KEY_NOT_FOUND],
  })
  revokeEmbedKey(@Ctx() ctx: RequestContext, @Param('id', IdPipe) id: number): Promise<EmbedKeyDto> {
    return this.keys.revoke(ctx, id);
  }
}
