import { Controller, Get, Header, Res } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiProperty, ApiTags } from '@nestjs/swagger';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Response } from 'express';
import { Endpoint } from './common/http/endpoint.decorator';
import { RedisClient } from './common/infra/redis';
import { Readiness, type ReadinessReport } from './observability/readiness';

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

/**
 * /health (in the contract, as integrators have used it), and the orchestrator's probes, kept out of the contract
 * (docs/operations/observability.md): /health/live, the process answers, with no dependency (restart it when it
 * does not); /health/ready, it can serve now (PostgreSQL, Redis, migrations), 503 naming the check that failed.
 */
@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    private readonly em: EntityManager,
    private readonly redis: RedisClient,
    private readonly readiness: Readiness,
  ) {}

  @Get()
  @Endpoint({ summary: 'Liveness and database check, and whether Redis is reachable', public: true, ok: HealthDto })
  async getHealth(): Promise<HealthDto> {
    await this.em.getConnection().execute('select 1');
    return { status: 'ok', redis: this.redis.up ? 'up' : 'down' };
  }

  @Get('live')
  @ApiExcludeEndpoint()
  @Header('Cache-Control', 'no-store')
  @Endpoint({ summary: 'Liveness probe: the process answers; no dependency is checked', public: true })
  getLiveness(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get('ready')
  @ApiExcludeEndpoint()
  @Header('Cache-Control', 'no-store')
  @Endpoint({ summary: 'Readiness probe: PostgreSQL and Redis answer and every migration is applied; 503 names the failed check', public: true })
  async getReadiness(@Res({ passthrough: true }) res: Response): Promise<ReadinessReport> {
    const report = await this.readiness.check();
    if (report.status !== 'ok') res.status(503);
    return report;
  }
}
