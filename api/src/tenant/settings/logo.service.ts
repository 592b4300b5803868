import { randomBytes } from 'node:crypto';
import { unlink } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { sniffExtension } from '../../common/infra/media-type';
import { moveUpload, type UploadedFile } from '../../common/http/uploads/uploaded-file';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { AppError, CommonError, validationError } from '../../common/http/errors';
import type { RequestContext } from '../../common/access/request-context';
import { LogoMode, SettingDto, UploadLogoDto } from './dto/setting.dto';
import { SettingsService } from './settings.service';
import { SETTINGS_BY_KEY } from './setting-keys';

/** An upload on disk in the uploads' temp folder (`@Upload`): only its bytes are trusted. */
export type UploadedLogoFile = UploadedFile;

const KEY_OF: Record<LogoMode, string> = { Light: 'appLogoLight', Dark: 'appLogoDark', Favicon: 'appLogoFavicon' };

/** The image kinds a logo may be, told from the file's first bytes (SVG is refused: it can carry script). */
export const sniffImage = (buf: Buffer) => sniffExtension(buf, ['png', 'jpg', 'gif', 'webp', 'ico'] as const);

/** Company logos: files under `${mediaDir}/public/company{id}/logos`, served by the app under /public/. */
@Injectable()
export class LogoService {
  constructor(
    private readonly settings: SettingsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async upload(ctx: RequestContext, file: UploadedLogoFile | undefined, body: UploadLogoDto): Promise<SettingDto> {
    if (!file?.size) {
      throw validationError([{ field: 'file', messages: ['Required'] }]);
    }
    const ext = sniffImage(file.head);
    if (!ext) throw new AppError(CommonError.ERR_UNSUPPORTED_MEDIA_TYPE, 'The logo must be a PNG, JPEG, WebP, GIF or ICO image');

    const key = KEY_OF[body.mode];
    const urlDir = `/public/company${ctx.companyId}/logos`;
    const dir = join(this.config.mediaDir, 'public', `company${ctx.companyId}`, 'logos');
    const name = `${body.mode.toLowerCase()}-${randomBytes(8).toString('hex')}.${ext}`;
    await moveUpload(file, join(dir, name));

    const previous = await this.settings.valueOf(ctx.companyId, key);
    const value = `${urlDir}/${name}`;
    await this.settings.write(ctx, key, value);
    this.settings.emitUpdate(ctx.companyId, SETTINGS_BY_KEY.get(key)!, value);
    // Only a file this route wrote for this company is removed; the stored value is never trusted as a path.
    if (previous.startsWith(`${urlDir}/`)) await unlink(join(dir, basename(previous))).catch(() => undefined);
    return { key, value };
  }
}
