import { createParamDecorator, ExecutionContext, Injectable } from '@nestjs/common';
import type { CompanyId } from '../tenancy/company-id';
import type { PlanFeatures } from './permissions';

/** Who is calling with an API token: the token's connection and its company, with the company's plan features. */
export interface ApiCaller {
  companyId: CompanyId;
  whatsappId: number;
  features: PlanFeatures;
  /** The company's due date passed: only `whenExpired` routes answer (ERR_SUBSCRIPTION_EXPIRED). */
  subscriptionExpired: boolean;
}

export interface ApiTokenAuthenticator {
  /** The token's connection, or null when no connection has this token (ERR_COMPANY_INACTIVE for an inactive company). */
  authenticate(token: string): Promise<ApiCaller | null>;
}

/**
 * Routes called by a company's own systems (the external send-message API) authenticate with a connection's API
 * token instead of a user's session. The AuthGuard asks this holder, for routes whose @Endpoint says
 * `apiToken: true`; the connection module plugs its authenticator in when it starts (`use`), so plumbing imports no
 * domain and no module needs to be global. With none plugged in, every token is refused (ERR_INVALID_API_TOKEN).
 */
@Injectable()
export class ApiTokenAuthenticators {
  private authenticator: ApiTokenAuthenticator | null = null;

  use(authenticator: ApiTokenAuthenticator): void {
    this.authenticator = authenticator;
  }

  authenticate(token: string): Promise<ApiCaller | null> {
    return this.authenticator ? this.authenticator.authenticate(token) : Promise.resolve(null);
  }
}

export interface RequestWithApiCaller {
  apiCaller?: ApiCaller;
}

export const ApiCallerParam = createParamDecorator((_: unknown, host: ExecutionContext): ApiCaller => {
  const caller = host.switchToHttp().getRequest<RequestWithApiCaller>().apiCaller;
  if (!caller) throw new Error('@ApiCallerParam() used on a route without `apiToken: true`');
  return caller;
});
