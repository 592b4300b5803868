import { Injectable } from '@nestjs/common';
import { asCompanyId } from '../../common/tenancy/company-id';
import { EntityManager } from '@mikro-orm/postgresql';
import { assertEmailFree, CompanyAdmins, hashPassword } from '../users/company-admins';
import { assertCompanyNameFree, loadPlan, translateUniqueViolation } from '../../tenant/companies/companies.service';
import { Company } from '../../tenant/companies/company.entity';
import { SignUpDto, SignUpResultDto } from './dto/signup.dto';
import { addDays, todayIn } from '../../tenant/companies/companies.rules';
import { SettingsService } from '../../tenant/settings/settings.service';
import { InvoicesService } from '../../tenant/invoices/invoices.service';
import { AppError } from '../../common/http/errors';
import { CompanyError } from '../../tenant/companies/company.errors';
import { SignUpSwitch } from './signup-switch';

export const TRIAL_DAYS = 3;
const DAY_MS = 86_400_000;

/** Public sign-up: a company on a 3-day trial and its admin, in one transaction. */
@Injectable()
export class SignUpService {
  constructor(
    private readonly em: EntityManager,
    private readonly settings: SettingsService,
    private readonly admins: CompanyAdmins,
    private readonly invoices: InvoicesService,
    private readonly signUpSwitch: SignUpSwitch,
  ) {}

  /** Then the trial's first invoice, so the new company can pay from 'Financeiro' at once (a paid plan only). */
  async signUp(body: SignUpDto): Promise<SignUpResultDto> {
    if (!(await this.signUpSwitch.isOpen())) throw new AppError(CompanyError.ERR_SIGNUP_CLOSED);
    const result = await this.createTrial(body);
    await this.invoices.issueDueFor(asCompanyId(result.company.id));
    return result;
  }

  private async createTrial(body: SignUpDto): Promise<SignUpResultDto> {
    const passwordHash = await hashPassword(body.password);
    return this.em
      .transactional(async (em) => {
        const plan = await loadPlan(em, body.planId);
        await assertCompanyNameFree(em, body.name);
        await assertEmailFree(em, body.email);
        // The trial is the server's decision; whatever the form sent about it was dropped by validation.
        const company = em.create(Company, {
          name: body.name,
          email: body.email,
          phone: body.phone?.trim() || null,
          status: true,
          recurrence: 'MENSAL',
          campaignsEnabled: true,
          plan,
        });
        company.dueDate = addDays(todayIn(company.timezone), TRIAL_DAYS);
        company.trialExpiration = new Date(Date.now() + TRIAL_DAYS * DAY_MS);
        await em.flush();
        await this.settings.store(company.id, 'campaignsEnabled', 'true', em);
        const user = await this.admins.create(em, company.id, { name: body.name, email: body.email, passwordHash });
        return {
          company: { id: company.id, name: company.name, dueDate: company.dueDate, trialExpiration: company.trialExpiration },
          user: { id: user.id, email: user.email },
        };
      })
      .catch((e: unknown) => {
        throw translateUniqueViolation(e);
      });
  }
}
