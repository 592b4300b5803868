import type {
  OpenAPIObject,
  OperationObject,
  ParameterObject,
  ReferenceObject,
  ResponseObject,
  SchemaObject,
} from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { CommonError } from '../common/http/errors';
import type { AppConfig } from '../config/app-config';

export const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/** Every operation of the document, with its path and method. */
export function operationsOf(doc: OpenAPIObject): { path: string; method: (typeof METHODS)[number]; op: OperationObject }[] {
  return Object.entries(doc.paths).flatMap(([path, item]) => METHODS.flatMap((method) => (item[method] ? [{ path, method, op: item[method] }] : [])));
}

type Examples = Record<string, { summary?: string; value: unknown }>;

const errorContent = (examples: Examples) => ({
  'application/json': { schema: { $ref: '#/components/schemas/ErrorResponseDto' }, examples },
});

/** class-validator's message for a value of the wrong kind, by the field's schema. */
function wrongKind(field: string, schema: SchemaObject | undefined): string {
  if (schema?.type === 'integer') return `${field} must be an integer number`;
  if (schema?.type === 'number') return `${field} must be a number conforming to the specified constraints`;
  if (schema?.type === 'boolean') return `${field} must be a boolean value`;
  if (schema?.type === 'array') return `${field} must be an array`;
  if (schema?.format === 'email') return `${field} must be an email`;
  return `${field} must be a string`;
}

/**
 * The field a validation example names, with the message the validation pipe answers for it: the body's first
 * required property left out, else the first parameter sent with a value of the wrong kind.
 */
function firstInputField(doc: OpenAPIObject, op: OperationObject): { field: string; message: string } {
  const body = (op.requestBody as { content?: Record<string, { schema?: SchemaObject | ReferenceObject }> } | undefined)?.content;
  let schema = body && Object.values(body)[0]?.schema;
  if (schema && '$ref' in schema) schema = doc.components?.schemas?.[schema.$ref.split('/').pop()!];
  const required = schema && !('$ref' in schema) ? schema.required?.[0] : undefined;
  if (required) return { field: required, message: `${required} should not be empty` };
  const props = schema && !('$ref' in schema) ? Object.entries(schema.properties ?? {}) : [];
  if (props.length) return { field: props[0][0], message: wrongKind(props[0][0], props[0][1] as SchemaObject) };
  const params = (op.parameters ?? []) as ParameterObject[];
  const param = params.find((p) => p.in === 'path') ?? params.find((p) => p.in === 'query') ?? params[0];
  if (param) return { field: param.name, message: wrongKind(param.name, param.schema as SchemaObject | undefined) };
  return { field: 'file', message: 'file should not be empty' };
}

/** Names of the rate-limit headers @nestjs/throttler sets, one set per throttler (`ip`, `account`). */
const THROTTLERS = ['ip', 'account'] as const;

/** Reusable header components of the rate-limited operations. */
export function rateLimitHeaders(): Record<string, { description: string; schema: { type: 'integer' } }> {
  const headers: Record<string, { description: string; schema: { type: 'integer' } }> = {};
  for (const t of THROTTLERS) {
    const who = t === 'ip' ? 'per client IP (IPv6: per /64 subnet)' : 'per account (the e-mail sent, else the API token)';
    headers[`X-RateLimit-Limit-${t}`] = { description: `Calls allowed in the window, ${who}`, schema: { type: 'integer' } };
    headers[`X-RateLimit-Remaining-${t}`] = { description: `Calls left in the current window, ${who}`, schema: { type: 'integer' } };
    headers[`X-RateLimit-Reset-${t}`] = { description: `Seconds until the window ${who} starts over`, schema: { type: 'integer' } };
    headers[`Retry-After-${t}`] = { description: `On a 429: seconds to wait before calling again, ${who}`, schema: { type: 'integer' } };
  }
  return headers;
}

const headerRef = (name: string) => ({ $ref: `#/components/headers/${name}` });

/**
 * What the decorators cannot know about errors: 400 ERR_VALIDATION only where the operation takes input (a body,
 * a path or query parameter, a header), naming one of its own fields; 429 with the rate-limit headers where
 * `@RateLimited` marked the route (its `x-rate-limit` extension, replaced here by the limits in force by default).
 */
export function finishErrors(doc: OpenAPIObject, throttle: AppConfig['throttle']): void {
  const components = (doc.components ??= {});
  components.headers = { ...components.headers, ...rateLimitHeaders() };
  for (const { op } of operationsOf(doc)) {
    const responses = op.responses as Record<string, ResponseObject>;
    // An error is JSON even where the success is a file (@ApiProduces names the success's type for every status).
    for (const [status, response] of Object.entries(responses)) {
      if (Number(status) < 400) continue;
      const examples = Object.values(response.content ?? {}).find((c) => c.examples)?.examples as Examples | undefined;
      setErrorResponse(responses, status, examples ?? {});
    }
    const hasInput = !!op.requestBody || !!op.parameters?.length;
    const bad = responses['400'];
    const badExamples: Examples = { ...(bad?.content?.['application/json']?.examples as Examples | undefined) };
    delete badExamples.ERR_VALIDATION;
    if (hasInput) {
      const { field, message } = firstInputField(doc, op);
      const v = CommonError.ERR_VALIDATION;
      badExamples[v.code] = { summary: v.message, value: { error: v.code, message: `Invalid fields: ${field}`, fields: [{ field, messages: [message] }] } };
    }
    // Any call can be malformed (an unparseable JSON body): where nothing else can fail, that 400 is the one said.
    const anyClientError = Object.keys(responses).some((s) => s.startsWith('4')) || Object.keys(badExamples).length;
    if (!anyClientError) {
      const bad = CommonError.ERR_BAD_REQUEST;
      badExamples[bad.code] = { summary: bad.message, value: { error: bad.code, message: 'Unexpected end of JSON input' } };
    }
    setErrorResponse(responses, '400', badExamples);

    const rule = (op as unknown as Record<string, unknown>)['x-rate-limit'] as keyof AppConfig['throttle'] | undefined;
    if (rule && rule !== 'ipFactor') {
      const { limit, ttlSeconds } = throttle[rule];
      (op as unknown as Record<string, unknown>)['x-rate-limit'] = { perAccount: limit, perIp: limit * throttle.ipFactor, windowSeconds: ttlSeconds };
      op.description =
        `${op.description ?? ''}\n\nRate-limited: by default ${limit} calls per ${ttlSeconds} s per account and ` +
        `${limit * throttle.ipFactor} per client IP; the \`X-RateLimit-*-account\` and \`X-RateLimit-*-ip\` headers tell the state.`.trim();
      const tooMany = CommonError.ERR_TOO_MANY_REQUESTS;
      setErrorResponse(responses, '429', { [tooMany.code]: { summary: tooMany.message, value: { error: tooMany.code, message: tooMany.message } } });
      responses['429'].headers = Object.fromEntries(THROTTLERS.map((t) => [`Retry-After-${t}`, headerRef(`Retry-After-${t}`)]));
      for (const [status, response] of Object.entries(responses)) {
        if (!status.startsWith('2')) continue;
        response.headers = Object.fromEntries(
          THROTTLERS.flatMap((t) => ['Limit', 'Remaining', 'Reset'].map((k) => [`X-RateLimit-${k}-${t}`, headerRef(`X-RateLimit-${k}-${t}`)])),
        );
      }
    }
  }
}

function setErrorResponse(responses: Record<string, ResponseObject>, status: string, examples: Examples): void {
  const codes = Object.keys(examples).sort();
  if (!codes.length) {
    delete responses[status];
    return;
  }
  responses[status] = { ...responses[status], description: codes.join(', '), content: errorContent(examples) };
}
