import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { createTransport, Transporter } from 'nodemailer';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { AppError, CommonError, defineErrors } from '../http/errors';

export const MailError = defineErrors({
  ERR_MAIL_NOT_CONFIGURED: { status: 503, message: 'E-mail delivery is not configured on this server' },
});

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * Sends e-mail over the SMTP server of config.smtp. Without one, development and test print the message
 * to the log (so a developer can read a mailed code in the console); production refuses with 503.
 */
@Injectable()
export class MailService implements OnModuleDestroy {
  private readonly log = new Logger('Mail');
  private transport?: Transporter;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** Callers check this before doing work whose only result is an e-mail (a reset code nobody can receive). */
  assertDeliverable(): void {
    if (!this.config.smtp.host && this.config.nodeEnv === 'production') throw new AppError(MailError.ERR_MAIL_NOT_CONFIGURED);
  }

  async send(message: MailMessage): Promise<void> {
    this.assertDeliverable();
    const transport = this.getTransport();
    if (!transport) {
      this.log.log(`SMTP is not configured; not sent:\nTo: ${message.to}\nSubject: ${message.subject}\n\n${message.text}`);
      return;
    }
    try {
      await transport.sendMail({ from: this.config.smtp.from, ...message });
    } catch (e) {
      this.log.error(`Sending "${message.subject}" failed: ${e instanceof Error ? e.message : String(e)}`);
      throw new AppError(CommonError.ERR_SERVICE_UNAVAILABLE, 'The e-mail could not be sent; try again later');
    }
  }

  onModuleDestroy(): void {
    this.transport?.close();
  }

  private getTransport(): Transporter | undefined {
    const smtp = this.config.smtp;
    if (!smtp.host) return undefined;
    this.transport ??= createTransport({
      host: smtp.host,
      port: smtp.port,
      secure: smtp.secure,
      ...(smtp.user ? { auth: { user: smtp.user, pass: smtp.pass ?? '' } } : {}),
      // A request waits for the mail server; do not let it hang for nodemailer's default minutes.
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
    return this.transport;
  }
}
