import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Endpoint, EndpointOptions } from '../../common/http/endpoint.decorator';
import { CommonError } from '../../common/http/errors';
import { Ctx, RequestContext } from '../../common/access/request-context';
import { PlanError } from '../../tenant/plans/plan.errors';
import { CreateUserDto, UpdateUserDto } from './dto/create-user.dto';
import { ListUsersDto, UserListItemDto, UserPageDto } from './dto/list-users.dto';
import { UserDto } from './dto/user.dto';
import { UserError } from './users.errors';
import { UsersService } from './users.service';
import { IdPipe } from '../../common/http/ids';
import { Audit } from '../../common/http/audit.decorator';
import { BulkResultDto, runBulk } from '../../common/http/bulk';
import { BulkUsersDto } from './dto/bulk-users.dto';

const UPDATE_USER: Omit<EndpointOptions, 'summary'> = {
  description:
    'Anyone may update their own name, e-mail, password and allTicket; `users:write` may update them for anyone in the company. ' +
    'profile, whatsappId, externalId, createTicket, viewAllMessageTicket and automaticDistribution need `user-modal:editProfile`; ' +
    'queueIds needs `user-modal:editQueues`. A field sent with its current value is no change; a change the caller may not ' +
    'make is refused with 403 and the failing fields, never dropped. `super` cannot be changed here. ' +
    "A new password or profile ends the user's sessions (their next call answers 401). The user is looked up in the caller's company only.",
  permission: 'session:self',
  ok: UserDto,
  errors: [
    CommonError.ERR_VALIDATION,
    UserError.ERR_NO_USER_FOUND,
    UserError.ERR_EMAIL_ALREADY_REGISTERED,
    UserError.ERR_USER_EXTERNAL_ID_EXISTS,
    UserError.ERR_LAST_ADMIN,
  ],
};

@ApiTags('users')
@Audit({ target: 'user' })
@Controller('users')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Get()
  @Endpoint({
    summary: "Search the company's users",
    description: '`searchParam` matches name or e-mail, case-insensitively; 20 per page, ordered by name.',
    permission: 'users:read',
    ok: UserPageDto,
    errors: [CommonError.ERR_VALIDATION],
  })
  listUsers(@Ctx() ctx: RequestContext, @Query() query: ListUsersDto): Promise<UserPageDto> {
    return this.users.list(ctx, query);
  }

  @Get('list')
  @Endpoint({ summary: "All the company's users, for pickers", permission: 'users:read', ok: [UserListItemDto] })
  listAllUsers(@Ctx() ctx: RequestContext): Promise<UserListItemDto[]> {
    return this.users.listAll(ctx);
  }

  @Get('impersonate/:userId')
  @Endpoint({
    summary: 'Users of the company of a user, to act as one of them (super users)',
    description: "Crosses companies on purpose: lists the company of user `userId`, for the 'Acessar como' screen.",
    permission: 'users:impersonate',
    ok: UserPageDto,
    errors: [UserError.ERR_NO_USER_FOUND, CommonError.ERR_VALIDATION],
  })
  listImpersonationUsers(@Ctx() ctx: RequestContext, @Param('userId', IdPipe) userId: number, @Query() query: ListUsersDto): Promise<UserPageDto> {
    return this.users.listForImpersonation(ctx, userId, query);
  }

  @Get(':id')
  @Endpoint({ summary: 'A user of the company', permission: 'users:read', ok: UserDto, errors: [UserError.ERR_NO_USER_FOUND, CommonError.ERR_VALIDATION] })
  getUser(@Ctx() ctx: RequestContext, @Param('id', IdPipe) id: number): Promise<UserDto> {
    return this.users.get(ctx, id);
  }

  @Post()
  @Endpoint({
    summary: 'Create a user in the company',
    description: "Refused when the company setting `userCreation` is `disabled` or the plan's user limit is reached.",
    permission: 'users:write',
    status: 201,
    ok: UserDto,
    errors: [
      CommonError.ERR_VALIDATION,
      UserError.ERR_USER_CREATION_DISABLED,
      PlanError.ERR_PLAN_LIMIT_REACHED,
      UserError.ERR_EMAIL_ALREADY_REGISTERED,
      UserError.ERR_USER_EXTERNAL_ID_EXISTS,
    ],
  })
  createUser(@Ctx() ctx: RequestContext, @Body() body: CreateUserDto): Promise<UserDto> {
    return this.users.create(ctx, body);
  }

  @Post('bulk')
  @Audit({ target: 'user', action: 'bulk-update' })
  @Endpoint({
    summary: 'Change many users at once: their queues (add, remove, set) or their place in the automatic distribution',
    description:
      "Each id goes through PUT /users/{id} with the caller's rights, in turn (queues need `user-modal:editQueues`, the distribution " +
      '`user-modal:editProfile`), with the same realtime events; each outcome is in `results` with the code the single update answers: ' +
      "a user who is not of the caller's company fails alone (ERR_NO_USER_FOUND) and is never touched, and so does a queue that is not " +
      "the company's (ERR_VALIDATION) or a change the caller may not make. At most 100 ids.",
    permission: 'session:self',
    status: 200,
    ok: BulkResultDto,
    errors: [CommonError.ERR_VALIDATION],
  })
  bulkUsers(@Ctx() ctx: RequestContext, @Body() body: BulkUsersDto): Promise<BulkResultDto> {
    return runBulk(body.ids, (id) => this.users.bulkChange(ctx, id, body));
  }

  @Put(':id')
  @Endpoint({ summary: 'Update a user', ...UPDATE_USER })
  updateUser(@Ctx() ctx: RequestContext, @Param('id', IdPipe) id: number, @Body() body: UpdateUserDto): Promise<UserDto> {
    return this.users.update(ctx, id, body);
  }

  /** The path the spec's Users page saves through; the user is looked up in the caller's company, as above. */
  @Put('fromCompany/:id')
  @Audit({ target: 'user', action: 'update' })
  @Endpoint({ summary: "Update a user from the company's Users page (same rules as PUT /users/{id})", ...UPDATE_USER })
  updateUserFromCompany(@Ctx() ctx: RequestContext, @Param('id', IdPipe) id: number, @Body() body: UpdateUserDto): Promise<UserDto> {
    return this.users.update(ctx, id, body);
  }

  @Delete(':id')
  @Endpoint({
    summary: 'Delete a user of the company',
    permission: 'users:write',
    status: 204,
    errors: [CommonError.ERR_VALIDATION, UserError.ERR_NO_USER_FOUND, UserError.ERR_CANNOT_DELETE_OWN_USER, UserError.ERR_LAST_ADMIN],
  })
  deleteUser(@Ctx() ctx: RequestContext, @Param('id', IdPipe) id: number): Promise<void> {
    return this.users.remove(ctx, id);
  }
}
