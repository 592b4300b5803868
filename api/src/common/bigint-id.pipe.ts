import { PipeTransform } from '@nestjs/common';
import { AppError, CommonError } from './errors';

/** Message ids are bigints: digits only, passed on as strings. */
export class BigIntIdPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    if (!/^[1-9]\d{0,18}$/.test(String(value))) {
      throw new AppError(CommonError.ERR_VALIDATION, 'Invalid fields: id', [{ field: 'id', messages: ['Must be a positive integer'] }]);
    }
    return String(value);
  }
}
