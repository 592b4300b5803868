import { defineErrors } from '../../common/http/errors';

/** Error codes of the announcements routes. */
export const AnnouncementError = defineErrors({
  ERR_ANNOUNCEMENT_NOT_FOUND: { status: 404, message: 'Announcement not found' },
});
