import { applyDecorators } from '@nestjs/common';
import { IsString, MaxLength, MinLength, ValidateIf } from 'class-validator';

/**
 * Small pieces every request DTO uses: transforms for @Transform and the "validate only when sent" rule
 * of partial updates. One definition each.
 */
type TransformArg = { value: unknown };

/** Surrounding spaces off. */
export const trim = ({ value }: TransformArg) => (typeof value === 'string' ? value.trim() : value);
/** A blank string means "none". */
export const emptyToNull = ({ value }: TransformArg) => (typeof value === 'string' ? value.trim() || null : value);
/** E-mails compare lower-cased. */
export const normalizeEmail = ({ value }: TransformArg) => (typeof value === 'string' ? value.trim().toLowerCase() : value);
/** Phone numbers keep their digits only. */
export const digitsOnly = ({ value }: TransformArg) => (typeof value === 'string' ? value.replace(/\D+/g, '') : value);
/** 'true' / 'false' from multipart forms and query strings. */
export const booleanString = ({ value }: TransformArg) => (value === 'true' ? true : value === 'false' ? false : value);

/** Partial updates: a field's rules apply only when the field is present (null included). */
export const IfSent = () => ValidateIf((_o, value) => value !== undefined);

/** Text of min..max characters, with the spec's messages ('Too Short!', 'Too Long!'). */
export const TextLength = (min: number, max: number, notStringMessage?: string) =>
  applyDecorators(
    IsString(notStringMessage ? { message: notStringMessage } : undefined),
    MinLength(min, { message: 'Too Short!' }),
    MaxLength(max, { message: 'Too Long!' }),
  );
