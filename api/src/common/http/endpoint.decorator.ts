import { applyDecorators, HttpCode, SetMetadata, Type } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiProperty, ApiPropertyOptional, ApiResponse } from '@nestjs/swagger';
import type { PlanFeature } from '../access/vocabulary';
import { CommonError, ErrorDef } from './errors';
import type { Permission } from '../access/permissions';

export const ENDPOINT_KEY = 'atende:endpoint';

export interface EndpointOptions {
  summary: string;
  description?: string;
  /** Declared on purpose: no token needed. */
  public?: boolean;
  /** Called by a company's systems with a connection's API token (`Authorization: Bearer atd_…`), not a user's session. */
  apiToken?: boolean;
  /** The named check the caller must hold; required unless public. */
  permission?: Permission;
  /** A plan flag of the caller's company that must be on. */
  feature?: PlanFeature;
  /**
   * Open to a company whose subscription expired (ERR_SUBSCRIPTION_EXPIRED elsewhere): its session, its own record
   * and plan, and paying. Super users and impersonating sessions are never held back.
   */
  whenExpired?: boolean;
  /** Success body: a DTO class, or [DTO] for an array. */
  ok?: Type | [Type];
  status?: number;
  /** Error codes this route can answer besides the common ones. */
  errors?: ErrorDef[];
}

export class FieldErrorDto {
  @ApiProperty({ example: 'email' }) field!: string;
  @ApiProperty({ type: [String], example: ['Invalid email'] }) messages!: string[];
}

export class ErrorResponseDto {
  @ApiProperty({ example: 'ERR_VALIDATION', description: 'Stable error code; clients translate it' })
  error!: string;
  @ApiProperty({ example: 'Invalid fields: email' }) message!: string;
  @ApiPropertyOptional({ type: [FieldErrorDto], description: 'The failing fields, on validation errors' })
  fields?: FieldErrorDto[];
}

/**
 * One response per status, with one example per code it can answer (the body and message the code really answers),
 * so a reader sees each case instead of one generic body. The contract's finishing step adds ERR_VALIDATION where
 * the operation takes input and 429 where it is rate-limited (see docs/contract-errors.ts).
 */
function errorResponses(defs: ErrorDef[]) {
  const byStatus = new Map<number, Map<string, ErrorDef>>();
  for (const d of defs) byStatus.set(d.status, (byStatus.get(d.status) ?? new Map<string, ErrorDef>()).set(d.code, d));
  return [...byStatus.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, codes]) => {
      const sorted = [...codes.values()].sort((a, b) => a.code.localeCompare(b.code));
      return ApiResponse({
        status,
        description: sorted.map((d) => d.code).join(', '),
        type: ErrorResponseDto,
        examples: Object.fromEntries(sorted.map((d) => [d.code, { summary: d.message, value: { error: d.code, message: d.message } }])),
      });
    });
}

/**
 * Every route carries one: its OpenAPI description and its access rule in one place.
 * The global guard reads the rule; a test walks all routes and fails on one without it.
 */
export function Endpoint(options: EndpointOptions) {
  if (!options.public && !options.permission && !options.apiToken) {
    throw new Error(`Endpoint "${options.summary}" must be public, name a permission or take an API token`);
  }
  const errors: ErrorDef[] = [...(options.errors ?? [])];
  if (options.apiToken) {
    errors.push(CommonError.ERR_INVALID_API_TOKEN, CommonError.ERR_COMPANY_INACTIVE);
  } else if (!options.public) {
    errors.push(CommonError.ERR_SESSION_EXPIRED, CommonError.ERR_TOKEN_EXPIRED, CommonError.ERR_NO_PERMISSION);
  }
  if (!options.public && !options.whenExpired) errors.push(CommonError.ERR_SUBSCRIPTION_EXPIRED);
  if (options.feature && !options.public) errors.push(CommonError.ERR_PLAN_FEATURE_DISABLED);
  const feature = options.feature ? ` and plan feature \`${options.feature}\`` : '';
  const tokenFeature = options.feature ? ` Requires the company's plan feature \`${options.feature}\`.` : '';
  const access = options.public
    ? 'Public: no token needed.'
    : options.apiToken
      ? `Authenticated by a connection's API token (\`Authorization: Bearer atd_…\`), made on the connections page; not a user's session.${tokenFeature}`
      : `Requires permission \`${options.permission}\`${feature}.`;
  const ok = options.ok;
  const decorators = [
    SetMetadata(ENDPOINT_KEY, options),
    ApiOperation({ summary: options.summary, description: [options.description, access].filter(Boolean).join('\n\n') }),
    ...errorResponses(errors),
  ];
  if (options.status) decorators.push(HttpCode(options.status));
  if (ok) {
    const isArray = Array.isArray(ok);
    decorators.push(ApiResponse({ status: options.status ?? 200, description: 'Success', type: isArray ? ok[0] : ok, isArray }));
  } else if (options.status === 204) {
    decorators.push(ApiResponse({ status: 204, description: 'Done; no body' }));
  }
  if (options.apiToken) decorators.push(ApiBearerAuth('connection-token'));
  else if (!options.public) decorators.push(ApiBearerAuth());
  return applyDecorators(...decorators);
}
