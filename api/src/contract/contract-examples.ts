import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { OpenAPIObject, OperationObject, RequestBodyObject, ResponseObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { operationsOf } from './contract-errors';

/** One operation's examples in api/openapi-examples.json: what it was sent and what it answered. */
export interface OperationExample {
  /** `recorded` from a real answer (test/examples), or `hand-written` where the recorder cannot call it. */
  source: 'recorded' | 'hand-written';
  status: number;
  request?: unknown;
  response?: unknown;
}

/** api/openapi-examples.json, written by `npm run openapi:examples` (the same file from src/ and from dist/). */
export const EXAMPLES_FILE = join(__dirname, '..', '..', 'openapi-examples.json');

export function readExamples(): Record<string, OperationExample> {
  return existsSync(EXAMPLES_FILE) ? (JSON.parse(readFileSync(EXAMPLES_FILE, 'utf8')) as Record<string, OperationExample>) : {};
}

/** The success response of an operation: its only 2xx one. */
export function successOf(op: OperationObject): [status: string, response: ResponseObject] | undefined {
  const found = Object.entries(op.responses).find(([s]) => s.startsWith('2'));
  return found as [string, ResponseObject] | undefined;
}

/** Which examples an operation must have: a request one where it takes a body, a response one where it answers JSON. */
export function needsExample(op: OperationObject): { request: boolean; response: boolean } | false {
  const request = !!(op.requestBody as RequestBodyObject | undefined)?.content;
  const response = !!successOf(op)?.[1].content?.['application/json'];
  return request || response ? { request, response } : false;
}

/** Puts each operation's recorded examples on its request body and success response. */
export function mergeExamples(doc: OpenAPIObject, examples: Record<string, OperationExample>): void {
  for (const { op } of operationsOf(doc)) {
    const example = op.operationId ? examples[op.operationId] : undefined;
    if (!example) continue;
    const body = op.requestBody as RequestBodyObject | undefined;
    if (body?.content && example.request !== undefined) for (const media of Object.values(body.content)) put(media, example.request, example.source);
    const json = successOf(op)?.[1].content?.['application/json'];
    if (json && example.response !== undefined) put(json, example.response, example.source);
  }
}

/**
 * Always under `examples` (named by where it comes from), never `example`: Swagger UI and Redoc show both, and the
 * typed client's generator copies a media `example` into the generated types as JSDoc (thousands of lines).
 */
function put(media: { example?: unknown; examples?: Record<string, unknown> }, value: unknown, source: OperationExample['source']): void {
  media.examples = { ...media.examples, [source]: { summary: source === 'recorded' ? 'A recorded answer' : 'Written by hand', value } };
}
