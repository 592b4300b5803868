import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../common/errors';
import { can, RequestContext } from '../../common/request-context';
import { ConnectionError } from '../connection.errors';
import { mapWhatsapp, WhatsappDto } from './dto/whatsapp.dto';
import { Whatsapp } from './whatsapp.entity';

@Injectable()
export class WhatsappService {
  constructor(private readonly em: EntityManager) {}

  async list(ctx: RequestContext): Promise<WhatsappDto[]> {
    const rows = await this.em.find(Whatsapp, { companyId: ctx.companyId }, { populate: ['queues'], orderBy: { name: 'asc', id: 'asc' } });
    return rows.map((w) => mapWhatsapp(w, can(ctx, 'connections:manage')));
  }

  async get(ctx: RequestContext, id: number): Promise<WhatsappDto> {
    const w = await this.em.findOne(Whatsapp, { id, companyId: ctx.companyId }, { populate: ['queues'] });
    if (!w) throw new AppError(ConnectionError.ERR_NO_WAPP_FOUND);
    return mapWhatsapp(w, can(ctx, 'connections:manage'));
  }
}
