/**
 * OpenAPI 3.0 schema -> JSON Schema: `nullable: true` becomes a `null` type beside the declared one, or `anyOf
 * [schema, null]` where the schema is a reference or a composition (`{ nullable, allOf: [{ $ref }] }`, whose `type`
 * would else refuse the null). Used for the AsyncAPI document's copies of the contract's schemas.
 */
export function nullableToJsonSchema<T>(node: T): T {
  if (Array.isArray(node)) return node.map(nullableToJsonSchema) as T;
  if (!node || typeof node !== 'object') return node;
  const out = Object.fromEntries(Object.entries(node).map(([k, v]) => [k, nullableToJsonSchema(v)])) as Record<string, unknown>;
  if (out.nullable !== true) {
    delete out.nullable;
    return out as T;
  }
  const { nullable: _nullable, ...rest } = out;
  if (rest.allOf || rest.oneOf || rest.anyOf || rest.$ref) {
    const { description, type: _type, ...schema } = rest;
    return { ...(description !== undefined ? { description } : {}), anyOf: [schema, { type: 'null' }] } as T;
  }
  if (typeof rest.type === 'string') {
    const enumWithNull = Array.isArray(rest.enum) && !rest.enum.includes(null) ? { enum: [...(rest.enum as unknown[]), null] } : {};
    return { ...rest, type: [rest.type, 'null'], ...enumWithNull } as T;
  }
  return rest as T;
}
