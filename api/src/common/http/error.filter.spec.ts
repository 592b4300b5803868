import { Logger } from '@nestjs/common';
import { DriverException } from '@mikro-orm/core';
import { ErrorFilter } from './error.filter';

describe('ErrorFilter: a value its column refuses is the client’s, not a bug', () => {
  const filter = new ErrorFilter();
  let warn: jest.SpyInstance;
  beforeEach(() => (warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined)));
  afterEach(() => warn.mockRestore());

  const pgError = (code: string, message: string) => Object.assign(new Error(message), { code, severity: 'ERROR' });

  it.each([
    ['too long for its varchar (MikroORM)', new DriverException(pgError('22001', 'value too long for type character varying(50)'))],
    ['too long for its varchar (raw pg, tenantSql)', pgError('22001', 'value too long for type character varying(50)')],
    ['out of its type’s range', pgError('22003', 'integer out of range')],
    ['not text PostgreSQL stores', pgError('22P05', 'unsupported Unicode escape sequence')],
  ])('%s: 400 ERR_VALIDATION, logged as a warning', (_name, exception) => {
    expect(filter.toBody(exception)).toEqual({ status: 400, body: { error: 'ERR_VALIDATION', message: expect.any(String) } });
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/database refused/));
  });

  it('keeps other database errors and plain errors 500', () => {
    const error = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    try {
      expect(filter.toBody(pgError('42P01', 'relation "x" does not exist')).status).toBe(500);
      expect(filter.toBody(Object.assign(new Error('x'), { code: '22001' })).status).toBe(500);
    } finally {
      error.mockRestore();
    }
  });
});

describe('ErrorFilter: a database that cannot be reached is weather, not a bug', () => {
  const filter = new ErrorFilter();
  let warn: jest.SpyInstance;
  beforeEach(() => (warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined)));
  afterEach(() => warn.mockRestore());

  const pgError = (code: string, message: string) => Object.assign(new Error(message), { code, severity: 'FATAL' });

  it.each([
    ['a terminated backend', pgError('57P01', 'terminating connection due to administrator command')],
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['a database closed to connections (allow_connections false)', pgError('55000', 'database "atende" is not currently accepting connections')],
    ['a lost connection wrapped by MikroORM', new DriverException(pgError('08006', 'connection failure'))],
  ])('%s: 503 ERR_SERVICE_UNAVAILABLE', (_name, exception) => {
    expect(filter.toBody(exception)).toEqual({ status: 503, body: { error: 'ERR_SERVICE_UNAVAILABLE', message: expect.any(String) } });
  });
});
