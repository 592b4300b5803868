import { ArgumentMetadata, Injectable, PipeTransform, ValidationError, ValidationPipe } from '@nestjs/common';
import { getMetadataStorage } from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';
import { FieldError, invalidField, validationError } from './errors';

function flatten(errors: ValidationError[], parent = ''): FieldError[] {
  const out: FieldError[] = [];
  for (const e of errors) {
    const field = parent ? `${parent}.${e.property}` : e.property;
    if (e.constraints) out.push({ field, messages: Object.values(e.constraints) });
    if (e.children?.length) out.push(...flatten(e.children, field));
  }
  return out;
}

type Lookup = (target: object | string, schema: string, always: boolean, strictGroups: boolean, groups?: string[]) => ValidationMetadata[];
interface RuleStorage {
  getTargetValidationMetadatas: Lookup;
  groupByPropertyName(metadata: ValidationMetadata[]): Record<string, ValidationMetadata[]>;
  addValidationMetadata(metadata: ValidationMetadata): void;
  atendeRemembers?: true;
}

/**
 * class-validator looks a DTO's rules up again on each validation, and to find those its parent classes declare it
 * walks every DTO class of the API with `instanceof`: 1.7% of a ticket list's API CPU in itself, 3.6% with the
 * grouping by property (bench:cpu's profile, issue 36). The rules are declared once, as the classes load, and the
 * validator only reads what the lookups answer (ValidationExecutor), so the answers are remembered per class and
 * options, and forgotten whenever a rule is added.
 */
export function rememberRuleLookups(storage = getMetadataStorage() as unknown as RuleStorage): void {
  if (storage.atendeRemembers) return;
  storage.atendeRemembers = true;
  const lookup = storage.getTargetValidationMetadatas.bind(storage);
  const group = storage.groupByPropertyName.bind(storage);
  const add = storage.addValidationMetadata.bind(storage);
  let answers = new Map<object | string, Map<string, ValidationMetadata[]>>();
  let grouped = new WeakMap<ValidationMetadata[], Record<string, ValidationMetadata[]>>();
  storage.addValidationMetadata = (metadata) => {
    answers = new Map();
    grouped = new WeakMap();
    add(metadata);
  };
  storage.getTargetValidationMetadatas = (target, schema, always, strictGroups, groups) => {
    const key = `${schema}|${always}|${strictGroups}|${groups?.join('\u0000') ?? ''}`;
    let byOptions = answers.get(target);
    if (!byOptions) answers.set(target, (byOptions = new Map<string, ValidationMetadata[]>()));
    let found = byOptions.get(key);
    if (!found) byOptions.set(key, (found = lookup(target, schema, always, strictGroups, groups)));
    return found;
  };
  storage.groupByPropertyName = (metadata) => {
    let found = grouped.get(metadata);
    if (!found) grouped.set(metadata, (found = group(metadata)));
    return found;
  };
}

/** Strips unknown fields (clients of the spec send extra ones) and names every failing field. */
export function createValidationPipe(): ValidationPipe {
  rememberRuleLookups();
  return new ValidationPipe({
    whitelist: true,
    transform: true,
    transformOptions: { enableImplicitConversion: false },
    exceptionFactory: (errors) => {
      const fields = flatten(errors);
      return validationError(fields);
    },
  });
}

/** How deep a request value may nest: far more than any DTO needs, far less than what overflows the stack downstream. */
export const MAX_INPUT_DEPTH = 32;
const NUL = '\u0000';
/** A UTF-16 surrogate without its partner: not text in any encoding (validator.js's encodeURI throws on it). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const shown = (key: string) => key.replaceAll(NUL, '\\u0000').replace(new RegExp(LONE_SURROGATE.source, 'g'), (c) => `\\u${c.charCodeAt(0).toString(16)}`);

/** Why a string the client sent cannot be stored as text (PostgreSQL refuses NUL; a lone surrogate is no character), or undefined. */
export function textProblem(value: string, what = 'Must'): string | undefined {
  if (value.includes(NUL)) return `${what} not contain the NUL character`;
  if (LONE_SURROGATE.test(value)) return `${what} not contain a lone UTF-16 surrogate (\\ud800-\\udfff): not valid text`;
  return undefined;
}

/**
 * Runs before the ValidationPipe on every route argument: a string holding the NUL character (which PostgreSQL
 * refuses in text) or a lone UTF-16 surrogate (JSON's `"\\ud800"`: no character at all; validator.js's e-mail and
 * length checks throw on it) anywhere in the body (values and keys, at any depth, JSON or multipart), the query or a
 * path parameter, or an uploaded file's name, is a 400 ERR_VALIDATION naming that field as the ValidationPipe would
 * (`message`, `contacts.0.name`, `searchParam`, `id`). So does a value nested deeper than MAX_INPUT_DEPTH.
 * HTTP only: gateways do not run global pipes.
 */
@Injectable()
export class InputTextPipe implements PipeTransform {
  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    const { type, data } = metadata;
    if (type === 'custom') {
      // Only the uploaded files among custom arguments (@Ctx, cookies...) come from the client as text.
      for (const file of Array.isArray(value) ? value : [value]) {
        const f = file as { fieldname?: unknown; originalname?: unknown; buffer?: unknown } | null;
        const problem = f && typeof f === 'object' && typeof f.originalname === 'string' ? textProblem(f.originalname, 'The file name must') : undefined;
        if (problem) throw invalidField(typeof f!.fieldname === 'string' ? shown(f!.fieldname) : 'file', problem);
      }
      return value;
    }
    const fields: FieldError[] = [];
    // Breadth-first and iterative (a deeply nested body must not overflow the stack here), fields in document order.
    const pending: { at: string; value: unknown; depth: number }[] = [{ at: data ?? '', value, depth: 0 }];
    for (let i = 0; i < pending.length && fields.length < 20; i++) {
      const { at, value: v, depth } = pending[i];
      if (typeof v === 'string') {
        const problem = textProblem(v);
        if (problem) fields.push({ field: at || type, messages: [problem] });
        continue;
      }
      if (!v || typeof v !== 'object' || Buffer.isBuffer(v)) continue;
      if (depth >= MAX_INPUT_DEPTH) {
        fields.push({ field: at || type, messages: [`Nested more than ${MAX_INPUT_DEPTH} levels deep`] });
        continue;
      }
      for (const [key, child] of Object.entries(v)) {
        const path = at ? `${at}.${shown(key)}` : shown(key);
        const problem = textProblem(key, 'The field name must');
        if (problem) fields.push({ field: path, messages: [problem] });
        else pending.push({ at: path, value: child, depth: depth + 1 });
      }
    }
    if (fields.length) throw validationError(fields);
    return value;
  }
}
