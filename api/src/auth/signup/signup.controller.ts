import { Body, Controller, Get, Post, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Endpoint } from '../../common/http/endpoint.decorator';
import { CommonError } from '../../common/http/errors';
import { RateLimited } from '../../common/http/rate-limit';
import { CompanyError } from '../../tenant/companies/company.errors';
import { PlanError } from '../../tenant/plans/plan.errors';
import { UserError } from '../users/users.errors';
import { SignUpDto, SignUpResultDto } from './dto/signup.dto';
import { SignUpService } from './signup.service';
import { Audit } from '../../common/http/audit.decorator';
import { PlatformSettingsDto, SignUpSwitch } from './signup-switch';

const { ERR_VALIDATION } = CommonError;
const { ERR_COMPANY_NAME_EXISTS } = CompanyError;
const { ERR_NO_PLAN_FOUND } = PlanError;

/** Public sign-up, under the companies path as the spec calls it. */
@ApiTags('companies')
@Controller('companies')
export class SignUpController {
  constructor(private readonly signUps: SignUpService) {}

  @Post('cadastro')
  @RateLimited('signup')
  @Endpoint({
    summary: 'Sign up: a new company on a 3-day trial, with its admin user',
    description:
      'The server sets the trial: status active, recurrence MENSAL, campaigns enabled, due date today + 3 days (company time zone) ' +
      'and trialExpiration now + 3 days. recurrence, dueDate, status and campaignsEnabled sent by the client are ignored. ' +
      'The admin logs in with POST /auth/login. A platform that closed public sign-up (PUT /platform-settings) answers 403 ERR_SIGNUP_CLOSED.',
    public: true,
    status: 201,
    ok: SignUpResultDto,
    errors: [
      ERR_VALIDATION,
      ERR_NO_PLAN_FOUND,
      ERR_COMPANY_NAME_EXISTS,
      UserError.ERR_EMAIL_ALREADY_REGISTERED,
      CommonError.ERR_TOO_MANY_REQUESTS,
      CompanyError.ERR_SIGNUP_CLOSED,
    ],
  })
  signUp(@Body() body: SignUpDto): Promise<SignUpResultDto> {
    return this.signUps.signUp(body);
  }
}

/** The platform owner's switches (super users): public sign-up open or closed. GET /public-settings carries `signupOpen` too. */
@ApiTags('companies')
@Audit({ target: 'platform-settings', scope: 'platform' })
@Controller('platform-settings')
export class PlatformSettingsController {
  constructor(private readonly signUpSwitch: SignUpSwitch) {}

  @Get()
  @Endpoint({ summary: "The platform's settings (super users)", permission: 'companies:manage', ok: PlatformSettingsDto })
  getPlatformSettings(): Promise<PlatformSettingsDto> {
    return this.signUpSwitch.get();
  }

  @Put()
  @Endpoint({
    summary: 'Open or close public sign-up (super users)',
    description: 'Closed, POST /companies/cadastro answers 403 ERR_SIGNUP_CLOSED and the console shows the sign-up page as closed.',
    permission: 'companies:manage',
    ok: PlatformSettingsDto,
    errors: [ERR_VALIDATION],
  })
  setPlatformSettings(@Body() body: PlatformSettingsDto): Promise<PlatformSettingsDto> {
    return this.signUpSwitch.set(body.signupOpen);
  }
}
