import { ArgumentMetadata, Injectable, PipeTransform } from '@nestjs/common';
import { invalidField } from './errors';

/** The largest id of an integer column: the one id limit of the API (path ids, body ids, query ids). */
export const ID_MAX = 2_147_483_647;
const BIG_ID_MAX = 9_223_372_036_854_775_807n;

/** Whether a number can be the id of a row of an integer-keyed table. */
export const isId = (id: number): boolean => Number.isInteger(id) && id >= 1 && id <= ID_MAX;

/**
 * The one path-id pipe: `@Param('id', IdPipe)`. Digits only, 1 to ID_MAX; anything else is a 400
 * ERR_VALIDATION naming the parameter, the same answer on every route.
 */
@Injectable()
export class IdPipe implements PipeTransform<unknown, number> {
  transform(value: unknown, metadata: ArgumentMetadata): number {
    const text = String(value);
    if (/^[1-9]\d{0,9}$/.test(text) && Number(text) <= ID_MAX) return Number(text);
    throw invalidField(metadata.data ?? 'id', `Must be a whole number from 1 to ${ID_MAX}`);
  }
}

/** The same rule and answer for bigint ids (messages): passed on as a string of digits. */
@Injectable()
export class BigIdPipe implements PipeTransform<unknown, string> {
  transform(value: unknown, metadata: ArgumentMetadata): string {
    const text = String(value);
    if (/^[1-9]\d{0,18}$/.test(text) && BigInt(text) <= BIG_ID_MAX) return text;
    throw invalidField(metadata.data ?? 'id', `Must be a whole number from 1 to ${BIG_ID_MAX}`);
  }
}
