import { defineErrors } from '../../common/http/errors';

/** Error codes of the settings routes. */
export const SettingError = defineErrors({
  ERR_NO_SETTING_FOUND: { status: 404, message: 'Setting not found' },
  ERR_SETTING_UPLOAD_ONLY: { status: 400, message: 'This setting is changed by uploading a file to POST /settings/logo' },
});
