import { Inject, Injectable, PipeTransform } from '@nestjs/common';
import { withoutTenantFilter } from '../../database/tenant-filter';
import { EntityManager } from '@mikro-orm/postgresql';
import { AppError, CommonError, validationError } from '../../common/errors';
import { ConnectionError } from '../connection.errors';
import { SandboxInboxMessageDto, SandboxSendDto } from './dto/sandbox.dto';
import { SandboxNetwork } from '../providers/sandbox/sandbox-network';
import { Whatsapp } from '../whatsapps/whatsapp.entity';

export const SANDBOX_NETWORK = Symbol('SANDBOX_NETWORK');

/** Phone numbers in paths: digits only, 8 to 20 of them. */
export class PhoneNumberPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    const digits = String(value).replace(/\D/g, '');
    if (digits.length < 8 || digits.length > 20) {
      throw validationError([{ field: 'number', messages: ['8 to 20 digits'] }]);
    }
    return digits;
  }
}

@Injectable()
export class SandboxService {
  constructor(
    @Inject(SANDBOX_NETWORK) private readonly network: SandboxNetwork,
    private readonly em: EntityManager,
  ) {}

  /** The sandbox connection `whatsappId`, of any company (super-user tooling). */
  private async sandboxConnection(whatsappId: number): Promise<Whatsapp> {
    const w = await this.em
      .fork()
      .findOne(Whatsapp, { id: whatsappId }, withoutTenantFilter('sandbox tooling: a super user drives a connection of any company'));
    if (!w) throw new AppError(ConnectionError.ERR_NO_WAPP_FOUND);
    if (w.provider !== 'sandbox') throw new AppError(ConnectionError.ERR_SANDBOX_NOT_A_SANDBOX);
    return w;
  }

  /** A phone scans the QR code the connection shows (SANDBOX_SCAN=manual): it connects. */
  async scan(whatsappId: number): Promise<void> {
    const w = await this.sandboxConnection(whatsappId);
    if (!this.network.scanQrCode(w.id)) throw new AppError(ConnectionError.ERR_SANDBOX_NO_QR_CODE);
  }

  async send(number: string, input: SandboxSendDto): Promise<{ providerId: string }> {
    const w = await this.sandboxConnection(input.whatsappId);
    if (!this.network.isAttached(w.id)) throw new AppError(ConnectionError.ERR_WAPP_NOT_INITIALIZED);
    if (input.mediaBase64 && !input.mimetype) {
      throw validationError([{ field: 'mimetype', messages: ['Required with mediaBase64'] }]);
    }
    this.network.phone(number, input.name);
    const providerId = this.network.sendFromPhone(number, w.id, {
      type: input.type,
      body: input.body,
      providerId: input.providerId,
      quotedProviderId: input.quotedProviderId,
      groupId: input.groupId,
      media: input.mediaBase64 ? { data: Buffer.from(input.mediaBase64, 'base64'), mimetype: input.mimetype!, filename: input.filename } : undefined,
    });
    return { providerId };
  }

  inbox(number: string): SandboxInboxMessageDto[] {
    return this.network.phone(number).inbox.map((m) => ({ ...m, media: m.media ? { mimetype: m.media.mimetype, filename: m.media.filename } : undefined }));
  }

  read(number: string, whatsappId?: number): { read: string[] } {
    return { read: this.network.read(number, whatsappId) };
  }

  play(number: string, providerId: string): void {
    try {
      this.network.play(number, providerId);
    } catch {
      throw new AppError(CommonError.ERR_NOT_FOUND, 'No such message in this phone');
    }
  }
}
