import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Endpoint } from '../../common/http/endpoint.decorator';
import { CommonError } from '../../common/http/errors';
import { IdPipe } from '../../common/http/ids';
import { PageQueryDto } from '../../common/http/pagination';
import { Ctx, RequestContext } from '../../common/access/request-context';
import { InvoiceDto, InvoicePageDto } from './dto/invoice.dto';
import { InvoiceError } from './invoice.errors';
import { InvoicesService } from './invoices.service';

@ApiTags('invoices')
@Controller('invoices')
export class InvoicesController {
  constructor(private readonly invoices: InvoicesService) {}

  @Get('all')
  @Endpoint({
    summary: "The company's invoices ('Faturas'), newest due date first, 20 a page",
    description:
      'Issued by the server ahead of each due date (INVOICE_LEAD_DAYS), priced from the plan. `searchParam` matches the detail, or the id when it is a number.',
    permission: 'billing:manage',
    whenExpired: true,
    ok: InvoicePageDto,
    errors: [CommonError.ERR_VALIDATION],
  })
  listInvoices(@Ctx() ctx: RequestContext, @Query() query: PageQueryDto): Promise<InvoicePageDto> {
    return this.invoices.list(ctx, query);
  }

  @Get(':id')
  @Endpoint({
    summary: 'An invoice of the company',
    permission: 'billing:manage',
    whenExpired: true,
    ok: InvoiceDto,
    errors: [CommonError.ERR_VALIDATION, InvoiceError.ERR_INVOICE_NOT_FOUND],
  })
  getInvoice(@Ctx() ctx: RequestContext, @Param('id', IdPipe) id: number): Promise<InvoiceDto> {
    return this.invoices.get(ctx, id);
  }
}
