import { Controller, Get } from '@nestjs/common';
import { ApiProperty, ApiTags } from '@nestjs/swagger';
import { EntityManager } from '@mikro-orm/postgresql';
import { Endpoint } from './common/endpoint.decorator';

class HealthDto {
  @ApiProperty({ example: 'ok' }) status!: 'ok';
}

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(private readonly em: EntityManager) {}

  @Get()
  @Endpoint({ summary: 'Liveness and database check', public: true, ok: HealthDto })
  async getHealth(): Promise<HealthDto> {
    await this.em.getConnection().execute('select 1');
    return { status: 'ok' };
  }
}
