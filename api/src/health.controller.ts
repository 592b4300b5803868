import { Controller, Get } from '@nestjs/common';
import { ApiProperty, ApiTags } from '@nestjs/swagger';
import { EntityManager } from '@mikro-orm/postgresql';
import { Endpoint } from './common/http/endpoint.decorator';
import { RedisClient } from './common/infra/redis';

class HealthDto {
  @ApiProperty({ example: 'ok' }) status!: 'ok';
  @ApiProperty({
    enum: ['up', 'down'],
    enumName: 'RedisHealth',
    description:
      "Whether this process reaches Redis now. Informative only: without Redis the API keeps serving what does not need it, and background work waits for Redis's return, so 'down' does not fail the check.",
  })
  redis!: 'up' | 'down';
}

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    private readonly em: EntityManager,
    private readonly redis: RedisClient,
  ) {}

  @Get()
  @Endpoint({ summary: 'Liveness and database check, and whether Redis is reachable', public: true, ok: HealthDto })
  async getHealth(): Promise<HealthDto> {
    await this.em.getConnection().execute('select 1');
    return { status: 'ok', redis: this.redis.up ? 'up' : 'down' };
  }
}
