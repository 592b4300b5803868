import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import type { OpenAPIObject, OperationObject, RequestBodyObject, ResponseObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { operationsOf } from './contract-errors';
import { needsExample, readExamples, successOf } from './contract-examples';
import { CONTRACT_TAGS } from './contract-tags';

/**
 * The committed contract's examples are true to it: every operation has its request and response examples (recorded
 * by `npm run openapi:examples`, see test/examples), and every example in the document, error ones included,
 * validates against its schema (JSON Schema: the contract is OpenAPI 3.1).
 */
const doc = JSON.parse(readFileSync(join(__dirname, '..', '..', 'openapi.json'), 'utf8')) as OpenAPIObject;

function validator() {
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv, ['date', 'date-time', 'uuid', 'email', 'uri']);
  // Formats that only tell a reader something: a file's bytes, a hidden field.
  ajv.addFormat('binary', true).addFormat('password', true);
  ajv.addSchema({ components: doc.components }, 'contract');
  return (schema: object, value: unknown): string[] => {
    const refd = JSON.parse(JSON.stringify(schema).replace(/"#\/components\//g, '"contract#/components/')) as object;
    const validate = ajv.compile(refd);
    return validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`);
  };
}

type Media = { schema?: object; example?: unknown; examples?: Record<string, { value: unknown }> };

describe('the contract examples', () => {
  const check = validator();
  const ops = operationsOf(doc);

  it('has a request example for every body and a response example for every JSON success', () => {
    const lacking: string[] = [];
    for (const { op, method, path } of ops) {
      const needs = needsExample(op);
      if (!needs) continue;
      const body = (op.requestBody as RequestBodyObject | undefined)?.content ?? {};
      const has = (m?: { example?: unknown; examples?: object }) => m?.example !== undefined || !!m?.examples;
      if (needs.request && !Object.values(body).every(has)) lacking.push(`${method} ${path}: request`);
      if (needs.response && !has(successOf(op)?.[1].content?.['application/json'])) lacking.push(`${method} ${path}: response`);
    }
    expect(lacking).toEqual([]);
    expect(ops.length).toBeGreaterThan(200);
  });

  it('validates every example, request, response and error, against its schema', () => {
    const invalid: string[] = [];
    let checked = 0;
    for (const { op, method, path } of ops) {
      const medias: [string, Media][] = [
        ...Object.entries((op.requestBody as RequestBodyObject | undefined)?.content ?? {}).map(([type, m]) => [`request ${type}`, m] as [string, Media]),
        ...Object.entries(op.responses as Record<string, ResponseObject>).flatMap(([status, r]) =>
          Object.entries(r.content ?? {}).map(([type, m]) => [`${status} ${type}`, m] as [string, Media]),
        ),
      ];
      for (const [where, media] of medias) {
        if (!media.schema) continue;
        const values = [
          ...(media.example !== undefined ? [['example', media.example]] : []),
          ...Object.entries(media.examples ?? {}).map(([name, e]) => [name, e.value]),
        ] as [string, unknown][];
        for (const [name, value] of values) {
          checked++;
          for (const problem of check(media.schema, value)) invalid.push(`${method} ${path} ${where} ${name}: ${problem}`);
        }
      }
    }
    expect(invalid).toEqual([]);
    expect(checked).toBeGreaterThan(1000);
  });

  it('validates the examples of the outgoing webhooks against their schemas', () => {
    const webhooks = (doc as { webhooks?: Record<string, Record<string, OperationObject>> }).webhooks ?? {};
    const delivery = Object.values(webhooks).flatMap((item) => Object.values(item));
    const medias = delivery.flatMap((op) => [
      ...Object.values((op.requestBody as RequestBodyObject).content),
      ...Object.values(op.responses as Record<string, ResponseObject>).flatMap((r) => Object.values(r.content ?? {})),
    ]) as Media[];
    const values = medias.flatMap((m) => Object.values(m.examples ?? {}).map((e) => [m.schema!, e.value] as const));
    expect(values.length).toBeGreaterThanOrEqual(3);
    expect(values.flatMap(([schema, value]) => check(schema, value))).toEqual([]);
  });

  it('keeps only examples of operations that exist (a renamed route leaves no stale one behind)', () => {
    const ids = new Set(ops.map((o) => o.op.operationId));
    expect(Object.keys(readExamples()).filter((id) => !ids.has(id))).toEqual([]);
  });

  it('describes every tag an operation uses, in the order of CONTRACT_TAGS', () => {
    const used = new Set(ops.flatMap((o) => o.op.tags ?? []));
    const described = new Map((doc.tags ?? []).map((t) => [t.name, t.description]));
    expect([...used].filter((t) => !described.get(t))).toEqual([]);
    expect((doc.tags ?? []).map((t) => t.name)).toEqual(CONTRACT_TAGS.map((t) => t.name));
  });
});
