import { Body, Controller, Delete, Get, Param, Post, Put, Query, Res, UploadedFile } from '@nestjs/common';
import { ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Endpoint } from '../../common/http/endpoint.decorator';
import { Upload } from '../../common/http/uploads/upload.decorator';
import { CommonError } from '../../common/http/errors';
import { IdPipe } from '../../common/http/ids';
import { PageQueryDto } from '../../common/http/pagination';
import { Ctx, RequestContext } from '../../common/access/request-context';
import { ContactListError } from './contact-list.errors';
import { CONTACT_SPREADSHEET_MAX_BYTES, exampleSpreadsheet } from './contact-list-spreadsheet';
import { ContactListsService, UploadedSpreadsheet } from './contact-lists.service';
import { ContactListBodyDto, ContactListDto, ContactListImportDto, ContactListOptionDto, ContactListPageDto } from './dto/contact-list.dto';
import { Audit } from '../../common/http/audit.decorator';

const { ERR_CONTACT_LIST_NOT_FOUND } = ContactListError;
const ACCESS = { permission: 'campaigns:manage', feature: 'useCampaigns' } as const;
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

@ApiTags('contact-lists')
@Audit({ target: 'contact-list' })
@Controller('contact-lists')
export class ContactListsController {
  constructor(private readonly lists: ContactListsService) {}

  @Get()
  @Endpoint({
    summary: "The company's contact lists by name, 20 a page, with their contacts count",
    description: 'searchParam matches the name.',
    ...ACCESS,
    ok: ContactListPageDto,
    errors: [CommonError.ERR_VALIDATION],
  })
  listContactLists(@Ctx() ctx: RequestContext, @Query() query: PageQueryDto): Promise<ContactListPageDto> {
    return this.lists.list(ctx, query);
  }

  @Get('list')
  @Endpoint({ summary: 'Every contact list of the company (id, name, contacts count), for choosing one', ...ACCESS, ok: [ContactListOptionDto] })
  listContactListOptions(@Ctx() ctx: RequestContext): Promise<ContactListOptionDto[]> {
    return this.lists.options(ctx);
  }

  @Get('example-spreadsheet')
  @ApiProduces(XLSX_TYPE)
  @ApiResponse({ status: 200, description: 'An xlsx with the columns Nome, Numero, Email and two example rows', schema: { type: 'string', format: 'binary' } })
  @Endpoint({ summary: 'The example spreadsheet for imports', ...ACCESS })
  async getContactListExampleSpreadsheet(@Res() res: Response): Promise<void> {
    const file = await exampleSpreadsheet();
    res.setHeader('Content-Type', XLSX_TYPE);
    res.setHeader('Content-Disposition', 'attachment; filename="contatos-exemplo.xlsx"');
    res.setHeader('Content-Length', String(file.length));
    res.end(file);
  }

  @Get(':id')
  @Endpoint({ summary: 'A contact list', ...ACCESS, ok: ContactListDto, errors: [CommonError.ERR_VALIDATION, ERR_CONTACT_LIST_NOT_FOUND] })
  getContactList(@Ctx() ctx: RequestContext, @Param('id', IdPipe) id: number): Promise<ContactListDto> {
    return this.lists.get(ctx, id);
  }

  @Post()
  @Endpoint({ summary: 'Create a contact list', ...ACCESS, status: 201, ok: ContactListDto, errors: [CommonError.ERR_VALIDATION] })
  createContactList(@Ctx() ctx: RequestContext, @Body() body: ContactListBodyDto): Promise<ContactListDto> {
    return this.lists.create(ctx, body);
  }

  @Put(':id')
  @Endpoint({ summary: 'Rename a contact list', ...ACCESS, ok: ContactListDto, errors: [CommonError.ERR_VALIDATION, ERR_CONTACT_LIST_NOT_FOUND] })
  updateContactList(@Ctx() ctx: RequestContext, @Param('id', IdPipe) id: number, @Body() body: ContactListBodyDto): Promise<ContactListDto> {
    return this.lists.update(ctx, id, body);
  }

  @Delete(':id')
  @Endpoint({
    summary: 'Delete a contact list and its contacts',
    ...ACCESS,
    status: 204,
    errors: [CommonError.ERR_VALIDATION, ERR_CONTACT_LIST_NOT_FOUND],
  })
  deleteContactList(@Ctx() ctx: RequestContext, @Param('id', IdPipe) id: number): Promise<void> {
    return this.lists.remove(ctx, id);
  }

  @Post(':id/upload')
  @Upload({
    field: 'file',
    maxBytes: CONTACT_SPREADSHEET_MAX_BYTES,
    target: { service: ContactListsService },
    doc: {
      file: 'An xlsx or xls spreadsheet or a CSV file (UTF-8, a BOM allowed, separated by commas or semicolons), told from its content, at most 20 MB. The first line names the columns: Nome (or Name), Numero (Número, Telefone, Phone, Celular, WhatsApp) and optionally Email (E-mail), in any case and order.',
    },
  })
  @Endpoint({
    summary: 'Import contacts from a spreadsheet into the list (in the background)',
    description:
      'Answers 202 at once with an importId; the rows are read by a worker and their progress arrives on the contactListImport channel ' +
      '(progress after each batch, then done with the totals and the first 200 row errors by spreadsheet line, or failed). ' +
      'A number already in the list gets the name and e-mail of the spreadsheet. Invalid rows are skipped and reported, never abort the import. ' +
      'Then the new numbers are checked for WhatsApp through the company connection.',
    ...ACCESS,
    status: 202,
    ok: ContactListImportDto,
    errors: [CommonError.ERR_VALIDATION, CommonError.ERR_PAYLOAD_TOO_LARGE, CommonError.ERR_UNSUPPORTED_MEDIA_TYPE, ERR_CONTACT_LIST_NOT_FOUND],
  })
  uploadContactList(
    @Ctx() ctx: RequestContext,
    @Param('id', IdPipe) id: number,
    @UploadedFile() file: UploadedSpreadsheet | undefined,
  ): Promise<ContactListImportDto> {
    return this.lists.startImport(ctx, id, file);
  }
}
