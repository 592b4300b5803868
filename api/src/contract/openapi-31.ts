import type { OpenAPIObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';

/**
 * @nestjs/swagger emits OpenAPI 3.0; the contract is 3.1, whose schemas are JSON Schema: `nullable` becomes a `null`
 * type (`anyOf [schema, null]` for a reference, which 3.0 could only wrap in a one-item `allOf` that no validator
 * read as nullable), and a reference takes its description beside it instead of inside that `allOf`. Example values
 * are left as they are. Its effect on the typed client: checked by diffing the generated schema.d.ts (none but the
 * webhooks' types when it was introduced).
 */
export function toOpenApi31(doc: OpenAPIObject): OpenAPIObject {
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (!node || typeof node !== 'object') return node;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(node)) out[k] = k === 'example' || k === 'examples' ? v : walk(v);
    return schema(out);
  };
  const result = walk(doc) as OpenAPIObject;
  result.openapi = '3.1.0';
  return result;
}

function schema(s: Record<string, unknown>): Record<string, unknown> {
  const nullable = s.nullable === true;
  if (typeof s.nullable === 'boolean') delete s.nullable;
  const single = Array.isArray(s.allOf) && s.allOf.length === 1 ? (s.allOf[0] as Record<string, unknown>) : undefined;
  if (single?.$ref) {
    const { allOf: _allOf, type: _type, ...rest } = s;
    if (!nullable) return { ...rest, $ref: single.$ref };
    const { description, ...others } = rest;
    return { ...(description !== undefined ? { description } : {}), ...others, anyOf: [{ $ref: single.$ref }, { type: 'null' }] };
  }
  if (!nullable) return s;
  if (s.$ref) {
    const { $ref, description, ...rest } = s;
    return { ...(description !== undefined ? { description } : {}), ...rest, anyOf: [{ $ref }, { type: 'null' }] };
  }
  if (typeof s.type === 'string') {
    const withNull = Array.isArray(s.enum) && !s.enum.includes(null) ? { enum: [...(s.enum as unknown[]), null] } : {};
    return { ...s, type: [s.type, 'null'], ...withNull };
  }
  return s;
}
