import { ArgumentMetadata, Injectable, PipeTransform, ValidationError, ValidationPipe } from '@nestjs/common';
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

/** Strips unknown fields (clients of the spec send extra ones) and names every failing field. */
export function createValidationPipe(): ValidationPipe {
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
const shown = (key: string) => key.replaceAll(NUL, '\\u0000');

/**
 * Runs before the ValidationPipe on every route argument: a string holding the NUL character (which PostgreSQL
 * refuses in text) anywhere in the body (values and keys, at any depth, JSON or multipart), the query or a path
 * parameter, or an uploaded file's name, is a 400 ERR_VALIDATION naming that field as the ValidationPipe would
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
        if (f && typeof f === 'object' && typeof f.originalname === 'string' && f.originalname.includes(NUL)) {
          throw invalidField(typeof f.fieldname === 'string' ? shown(f.fieldname) : 'file', 'The file name must not contain the NUL character');
        }
      }
      return value;
    }
    const fields: FieldError[] = [];
    // Breadth-first and iterative (a deeply nested body must not overflow the stack here), fields in document order.
    const pending: { at: string; value: unknown; depth: number }[] = [{ at: data ?? '', value, depth: 0 }];
    for (let i = 0; i < pending.length && fields.length < 20; i++) {
      const { at, value: v, depth } = pending[i];
      if (typeof v === 'string') {
        if (v.includes(NUL)) fields.push({ field: at || type, messages: ['Must not contain the NUL character'] });
        continue;
      }
      if (!v || typeof v !== 'object' || Buffer.isBuffer(v)) continue;
      if (depth >= MAX_INPUT_DEPTH) {
        fields.push({ field: at || type, messages: [`Nested more than ${MAX_INPUT_DEPTH} levels deep`] });
        continue;
      }
      for (const [key, child] of Object.entries(v)) {
        const path = at ? `${at}.${shown(key)}` : shown(key);
        if (key.includes(NUL)) fields.push({ field: path, messages: ['The field name must not contain the NUL character'] });
        else pending.push({ at: path, value: child, depth: depth + 1 });
      }
    }
    if (fields.length) throw validationError(fields);
    return value;
  }
}
