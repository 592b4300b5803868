import { Controller, Get } from '@nestjs/common';
import { ApiProperty, ApiTags } from '@nestjs/swagger';
import { appVersion } from './backup/manifest';
import { Endpoint } from './common/http/endpoint.decorator';

class VersionDto {
  @ApiProperty({ example: '0.1.0', description: "The API's version: its package's (api/package.json)" })
  version!: string;
}

/**
 * GET /version: clients of the original system ask it, unauthenticated, at start (`{ version }`, as the original
 * answers); ours can show it in an about box. Read once: the package file does not change under a running process.
 */
@ApiTags('health')
@Controller('version')
export class VersionController {
  private readonly version = appVersion();

  @Get()
  @Endpoint({ summary: "The API's version", public: true, ok: VersionDto })
  getVersion(): VersionDto {
    return { version: this.version };
  }
}
