import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Endpoint } from '../../common/http/endpoint.decorator';
import { CommonError } from '../../common/http/errors';
import { IdPipe } from '../../common/http/ids';
import { Ctx, RequestContext } from '../../common/access/request-context';
import { CompanyError } from '../../tenant/companies/company.errors';
import { ListUsersDto, UserPageDto } from './dto/list-users.dto';
import { UsersService } from './users.service';

/**
 * The companies tab's 'Acessar como' list: the users of a company, named by the company (the spec's
 * GET /users/impersonate/{userId} needs a user of the company already known). Lives with the users, not the
 * companies, so the tenant module keeps not importing auth.
 */
@ApiTags('users')
@Controller('companies')
export class CompanyUsersController {
  constructor(private readonly users: UsersService) {}

  @Get(':id/users')
  @Endpoint({
    summary: "A company's users, to act as one of them (super users)",
    description:
      'Crosses companies on purpose. `searchParam` matches name or e-mail; 20 per page, by name. Then GET /auth/impersonate/{targetId}/{currentUserId}.',
    permission: 'users:impersonate',
    ok: UserPageDto,
    errors: [CompanyError.ERR_NO_COMPANY_FOUND, CommonError.ERR_VALIDATION],
  })
  listCompanyUsers(@Ctx() ctx: RequestContext, @Param('id', IdPipe) id: number, @Query() query: ListUsersDto): Promise<UserPageDto> {
    return this.users.listOfCompanyForImpersonation(ctx, id, query);
  }
}
