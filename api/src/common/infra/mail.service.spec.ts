import { Logger } from '@nestjs/common';
import { loadConfig } from '../../config/app-config';
import { AppError } from '../http/errors';
import { MailService } from './mail.service';

const message = { to: 'ana@example.test', subject: 'Código de verificação', text: 'Seu código é: 123456' };

describe('MailService without SMTP', () => {
  afterEach(() => jest.restoreAllMocks());

  it('prints the message in development, so a developer can read the code', async () => {
    const log = jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    await new MailService(loadConfig({ NODE_ENV: 'development' })).send(message);
    const printed = log.mock.calls.map((c) => String(c[0])).join('\n');
    expect(printed).toContain('ana@example.test');
    expect(printed).toContain('Código de verificação');
    expect(printed).toContain('123456');
  });

  it('refuses in production with 503 ERR_MAIL_NOT_CONFIGURED', async () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://unused',
      JWT_SECRET: 'a-production-like-access-secret-of-enough-length',
      JWT_REFRESH_SECRET: 'a-production-like-refresh-secret-of-enough-length',
      SECRETS_KEY: 'd'.repeat(64),
    });
    const log = jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    const sent = new MailService(config).send(message);
    await expect(sent).rejects.toBeInstanceOf(AppError);
    await expect(sent).rejects.toMatchObject({ status: 503, def: { code: 'ERR_MAIL_NOT_CONFIGURED' } });
    expect(log).not.toHaveBeenCalled();
  });
});
