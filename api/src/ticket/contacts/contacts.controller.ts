import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Endpoint } from '../../common/http/endpoint.decorator';
import { CommonError } from '../../common/http/errors';
import { ConnectionError } from '../../connection/connection.errors';
import { Ctx, RequestContext } from '../../common/access/request-context';
import { ContactError } from './contact.errors';
import { ContactsService } from './contacts.service';
import { ContactDto } from './dto/contact.dto';
import {
  ContactListItemDto,
  ContactPageDto,
  CreateContactDto,
  FindOrCreateContactDto,
  ImportContactsDto,
  ImportContactsResultDto,
  UpdateContactDto,
} from './dto/create-contact.dto';
import { ListContactsDto } from './dto/list-contacts.dto';
import { IdPipe } from '../../common/http/ids';
import { Audit, AuditExempt } from '../../common/http/audit.decorator';
import { BulkResultDto, runBulk } from '../../common/http/bulk';
import { BulkContactsDto } from './dto/bulk-contacts.dto';

@ApiTags('contacts')
@AuditExempt('attendance: agents keep contacts as they talk (deleting one is audited)')
@Controller('contacts')
export class ContactsController {
  constructor(private readonly contacts: ContactsService) {}

  @Get()
  @Endpoint({
    summary: "The company's contacts, by name, 20 a page",
    description: 'searchParam matches any part of the name (case-insensitive) or, by its digits, of the number.',
    permission: 'session:self',
    ok: ContactPageDto,
    errors: [CommonError.ERR_VALIDATION],
  })
  listContacts(@Ctx() ctx: RequestContext, @Query() query: ListContactsDto): Promise<ContactPageDto> {
    return this.contacts.list(ctx, query);
  }

  @Get('list')
  @Endpoint({
    summary: 'Every contact of the company (id, name, number), for selects',
    description: "A companyId query parameter is ignored: the company is the caller's.",
    permission: 'session:self',
    ok: [ContactListItemDto],
  })
  listAllContacts(@Ctx() ctx: RequestContext): Promise<ContactListItemDto[]> {
    return this.contacts.listAll(ctx);
  }

  @Post()
  @Endpoint({
    summary: 'Create a contact',
    description: 'The number is stored as digits only and is unique in the company.',
    permission: 'session:self',
    status: 201,
    ok: ContactDto,
    errors: [CommonError.ERR_VALIDATION, ContactError.ERR_DUPLICATED_CONTACT],
  })
  createContact(@Ctx() ctx: RequestContext, @Body() body: CreateContactDto): Promise<ContactDto> {
    return this.contacts.create(ctx, body);
  }

  @Post('findOrCreate')
  @Endpoint({
    summary: 'The contact with this number, or a new one',
    description: 'An existing contact is answered as it is (name and e-mail are used only to create).',
    permission: 'session:self',
    status: 200,
    ok: ContactDto,
    errors: [CommonError.ERR_VALIDATION],
  })
  findOrCreateContact(@Ctx() ctx: RequestContext, @Body() body: FindOrCreateContactDto): Promise<ContactDto> {
    return this.contacts.findOrCreate(ctx, body);
  }

  @Post('import')
  @Endpoint({
    summary: 'Import the phone book of a connection',
    description:
      "Reads the phone book of the given connection (the company's default one when none is named) and creates the contacts " +
      'whose number the company does not have yet; existing contacts are left as they are. All or nothing.',
    permission: 'session:self',
    status: 200,
    ok: ImportContactsResultDto,
    errors: [CommonError.ERR_VALIDATION, ConnectionError.ERR_NO_WAPP_FOUND, ConnectionError.ERR_WAPP_NOT_INITIALIZED],
  })
  importContacts(@Ctx() ctx: RequestContext, @Body() body: ImportContactsDto): Promise<ImportContactsResultDto> {
    return this.contacts.importPhoneBook(ctx, body);
  }

  @Post('bulk')
  @Audit({ target: 'contact', action: 'bulk-delete' })
  @Endpoint({
    summary: "Delete many contacts (the contacts page's bulk action)",
    description:
      'Each id is deleted as DELETE /contacts/{id} does (its tickets, messages and notes with it, the same realtime events), in turn; ' +
      "each outcome is in `results`: a contact that is not the caller's company's fails alone (ERR_NO_CONTACT_FOUND) and is never touched. At most 100 ids.",
    permission: 'contacts-page:deleteContact',
    status: 200,
    ok: BulkResultDto,
    errors: [CommonError.ERR_VALIDATION],
  })
  bulkContacts(@Ctx() ctx: RequestContext, @Body() body: BulkContactsDto): Promise<BulkResultDto> {
    return runBulk(body.ids, (id) => this.contacts.remove(ctx, id));
  }

  @Get(':id')
  @Endpoint({
    summary: 'A contact with its extra info',
    permission: 'session:self',
    ok: ContactDto,
    errors: [CommonError.ERR_VALIDATION, ContactError.ERR_NO_CONTACT_FOUND],
  })
  getContact(@Ctx() ctx: RequestContext, @Param('id', IdPipe) id: number): Promise<ContactDto> {
    return this.contacts.get(ctx, id);
  }

  @Put(':id')
  @Endpoint({
    summary: 'Update a contact',
    description: 'Only the fields sent change; extraInfo, when sent, replaces all rows.',
    permission: 'session:self',
    ok: ContactDto,
    errors: [CommonError.ERR_VALIDATION, ContactError.ERR_NO_CONTACT_FOUND, ContactError.ERR_DUPLICATED_CONTACT],
  })
  updateContact(@Ctx() ctx: RequestContext, @Param('id', IdPipe) id: number, @Body() body: UpdateContactDto): Promise<ContactDto> {
    return this.contacts.update(ctx, id, body);
  }

  @Delete(':id')
  @Audit({ target: 'contact' })
  @Endpoint({
    summary: 'Delete a contact with its tickets, messages and notes',
    permission: 'contacts-page:deleteContact',
    status: 204,
    errors: [CommonError.ERR_VALIDATION, ContactError.ERR_NO_CONTACT_FOUND],
  })
  deleteContact(@Ctx() ctx: RequestContext, @Param('id', IdPipe) id: number): Promise<void> {
    return this.contacts.remove(ctx, id);
  }
}
