import { randomBytes } from 'node:crypto';
import { sniffExtension } from '../../common/infra/media-type';
import type { UploadedFile } from '../../common/http/uploads/uploaded-file';
import { Inject, Injectable } from '@nestjs/common';
import { companyFolder, keyInside, MEDIA_STORE, type MediaStore } from '../../common/infra/media-store/media-store';
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

/** Company logos: public/company{id}/logos/ in the media store, served to anyone under /public/ (common/http/public-files.ts). */
@Injectable()
export class LogoService {
  constructor(
    private readonly settings: SettingsService,
    @Inject(MEDIA_STORE) private readonly store: MediaStore,
  ) {}

  async upload(ctx: RequestContext, file: UploadedLogoFile | undefined, body: UploadLogoDto): Promise<SettingDto> {
    if (!file?.size) {
      throw validationError([{ field: 'file', messages: ['Required'] }]);
    }
    const ext = sniffImage(file.head);
    if (!ext) throw new AppError(CommonError.ERR_UNSUPPORTED_MEDIA_TYPE, 'The logo must be a PNG, JPEG, WebP, GIF or ICO image');

    const key = KEY_OF[body.mode];
    const folder = `public/${companyFolder(ctx.companyId)}/logos`;
    const urlDir = `/${folder}`;
    const name = `${body.mode.toLowerCase()}-${randomBytes(8).toString('hex')}.${ext}`;
    await this.store.moveIn(`${folder}/${name}`, file.path);

    const previous = await this.settings.valueOf(ctx.companyId, key);
    const value = `${urlDir}/${name}`;
    await this.settings.write(ctx, key, value);
    this.settings.emitUpdate(ctx.companyId, SETTINGS_BY_KEY.get(key)!, value);
    // Only a file this route wrote for this company is removed; the stored value is never trusted as a path.
    const old = previous.startsWith(`${urlDir}/`) ? previous.slice(urlDir.length + 1) : '';
    const oldKey = old.includes('/') ? null : keyInside(folder, old);
    if (oldKey) await this.store.remove(oldKey).catch(() => undefined);
    return { key, value };
  }
}
