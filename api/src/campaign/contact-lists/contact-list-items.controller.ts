import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Endpoint } from '../../common/http/endpoint.decorator';
import { CommonError } from '../../common/http/errors';
import { IdPipe } from '../../common/http/ids';
import { Ctx, RequestContext } from '../../common/access/request-context';
import { ContactListError } from './contact-list.errors';
import { ContactListItemsService } from './contact-list-items.service';
import { BulkResultDto } from '../../common/http/bulk';
import {
  BulkContactListItemsDto,
  ContactListEntryDto,
  ContactListItemPageDto,
  CreateContactListEntryDto,
  ListContactListItemsDto,
  UpdateContactListEntryDto,
} from './dto/contact-list.dto';
import { Audit } from '../../common/http/audit.decorator';

const { ERR_CONTACT_LIST_NOT_FOUND, ERR_CONTACT_LIST_ITEM_NOT_FOUND, ERR_CONTACT_LIST_ITEM_DUPLICATED } = ContactListError;
const ACCESS = { permission: 'campaigns:manage', feature: 'useCampaigns' } as const;
const CHECK = 'A new or changed number is checked for WhatsApp in the background (isWhatsappValid stays null until then).';

@ApiTags('contact-list-items')
@Audit({ target: 'contact-list-item' })
@Controller('contact-list-items')
export class ContactListItemsController {
  constructor(private readonly items: ContactListItemsService) {}

  @Get()
  @Endpoint({
    summary: "A contact list's contacts by name, 20 a page",
    description: 'searchParam matches name or e-mail; one of digits (punctuation allowed) also matches the number.',
    ...ACCESS,
    ok: ContactListItemPageDto,
    errors: [CommonError.ERR_VALIDATION, ERR_CONTACT_LIST_NOT_FOUND],
  })
  listContactListItems(@Ctx() ctx: RequestContext, @Query() query: ListContactListItemsDto): Promise<ContactListItemPageDto> {
    return this.items.list(ctx, query);
  }

  @Get(':id')
  @Endpoint({ summary: 'A contact of a list', ...ACCESS, ok: ContactListEntryDto, errors: [CommonError.ERR_VALIDATION, ERR_CONTACT_LIST_ITEM_NOT_FOUND] })
  getContactListItem(@Ctx() ctx: RequestContext, @Param('id', IdPipe) id: number): Promise<ContactListEntryDto> {
    return this.items.get(ctx, id);
  }

  @Post()
  @Endpoint({
    summary: 'Add a contact to a list',
    description: `A number is in a list once: 409 ERR_CONTACT_LIST_ITEM_DUPLICATED otherwise. ${CHECK}`,
    ...ACCESS,
    status: 201,
    ok: ContactListEntryDto,
    errors: [CommonError.ERR_VALIDATION, ERR_CONTACT_LIST_NOT_FOUND, ERR_CONTACT_LIST_ITEM_DUPLICATED],
  })
  createContactListItem(@Ctx() ctx: RequestContext, @Body() body: CreateContactListEntryDto): Promise<ContactListEntryDto> {
    return this.items.create(ctx, body);
  }

  @Put(':id')
  @Endpoint({
    summary: 'Update a contact of a list',
    description: `Only the fields sent change. ${CHECK}`,
    ...ACCESS,
    ok: ContactListEntryDto,
    errors: [CommonError.ERR_VALIDATION, ERR_CONTACT_LIST_ITEM_NOT_FOUND, ERR_CONTACT_LIST_ITEM_DUPLICATED],
  })
  updateContactListItem(@Ctx() ctx: RequestContext, @Param('id', IdPipe) id: number, @Body() body: UpdateContactListEntryDto): Promise<ContactListEntryDto> {
    return this.items.update(ctx, id, body);
  }

  @Post('bulk')
  @Audit({ target: 'contact-list-item', action: 'bulk-delete' })
  @Endpoint({
    summary: 'A bulk action on contacts of lists: delete many',
    description:
      "Each id is handled on its own and reported in `results`: one that is not the caller's company's fails alone (ERR_CONTACT_LIST_ITEM_NOT_FOUND) " +
      'and never stops the others; each list left changes is announced again with its count. At most 100 ids.',
    ...ACCESS,
    status: 200,
    ok: BulkResultDto,
    errors: [CommonError.ERR_VALIDATION],
  })
  bulkContactListItems(@Ctx() ctx: RequestContext, @Body() body: BulkContactListItemsDto): Promise<BulkResultDto> {
    return this.items.bulk(ctx, body);
  }

  @Delete(':id')
  @Endpoint({
    summary: 'Remove a contact from its list',
    ...ACCESS,
    status: 204,
    errors: [CommonError.ERR_VALIDATION, ERR_CONTACT_LIST_ITEM_NOT_FOUND],
  })
  deleteContactListItem(@Ctx() ctx: RequestContext, @Param('id', IdPipe) id: number): Promise<void> {
    return this.items.remove(ctx, id);
  }
}
