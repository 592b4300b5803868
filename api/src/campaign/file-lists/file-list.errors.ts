import { defineErrors } from '../../common/http/errors';

/** Error codes of the file lists routes. */
export const FileListError = defineErrors({
  ERR_FILE_LIST_NOT_FOUND: { status: 404, message: 'File list not found' },
});
