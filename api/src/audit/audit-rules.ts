import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { AUDIT_EXEMPT_KEY, AUDIT_KEY, type AuditOptions } from '../common/http/audit.decorator';
import { ENDPOINT_KEY, type EndpointOptions } from '../common/http/endpoint.decorator';

export interface AuditedRoute {
  action: string;
  targetType: string;
  scope: 'company' | 'platform';
}

export type RouteAudit = { audited: AuditedRoute } | { exempt: string } | { reads: true } | { undecided: true };

// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
type Handler = Function;

const kebab = (s: string) =>
  s
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .toLowerCase();

/** The verb a route's method and path say: POST → create, PUT/PATCH → update, DELETE → delete; a static suffix names it. */
export function routeVerb(method: RequestMethod, path: string): string {
  const fixed = path
    .split('/')
    .filter((s) => s && !s.startsWith(':'))
    .map(kebab)
    .join('-');
  if (method === RequestMethod.DELETE) return fixed ? `delete-${fixed}` : 'delete';
  if (fixed) return fixed;
  return method === RequestMethod.POST ? 'create' : 'update';
}

export function routeMethod(handler: Handler): RequestMethod {
  return Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod;
}

export function routePath(handler: Handler): string {
  const path = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
  return (Array.isArray(path) ? path[0] : path) ?? '';
}

/** How one route is audited: the route's own decorator first, then its controller's. GET routes only read. */
export function auditOf(controller: Handler, handler: Handler): RouteAudit {
  const method = routeMethod(handler);
  const own = Reflect.getMetadata(AUDIT_KEY, handler) as AuditOptions | undefined;
  const ownExempt = Reflect.getMetadata(AUDIT_EXEMPT_KEY, handler) as string | undefined;
  if (ownExempt) return { exempt: ownExempt };
  const endpoint = Reflect.getMetadata(ENDPOINT_KEY, handler) as EndpointOptions | undefined;
  if (method !== RequestMethod.GET && endpoint?.public) return { exempt: 'public: no signed-in user acts' };
  if (method !== RequestMethod.GET && endpoint?.apiToken) return { exempt: "a company's system with a connection's API token: attendance" };
  const classAudit = Reflect.getMetadata(AUDIT_KEY, controller) as AuditOptions | undefined;
  if (!own) {
    if (method === RequestMethod.GET) return { reads: true };
    const classExempt = Reflect.getMetadata(AUDIT_EXEMPT_KEY, controller) as string | undefined;
    if (classExempt) return { exempt: classExempt };
    if (!classAudit) return { undecided: true };
  }
  const options = { ...classAudit, ...own } as AuditOptions;
  return {
    audited: {
      action: `${options.target}.${options.action ?? routeVerb(method, routePath(handler))}`,
      targetType: options.target,
      scope: options.scope ?? 'company',
    },
  };
}
