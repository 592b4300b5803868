import type { Schema } from '../../../client';
import { compose, maxLength, required, type Rule } from '../../../forms/validators';
import { can, type Me } from '../../../provider/session-rules';

export type Help = Schema<'HelpDto'>;
export type HelpBody = Schema<'CreateHelpDto'>;

/** What the help modal edits: the video as typed (a link or an id). */
export interface HelpFormValues {
  title: string;
  description: string;
  video: string;
}

export const HELP_TITLE_MAX = 100;
export const HELP_DESCRIPTION_MAX = 4096;

/** A YouTube video id: 11 characters of the URL-safe base64 alphabet (the API's check). */
const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'music.youtube.com', 'youtube-nocookie.com', 'www.youtube-nocookie.com']);

/**
 * The video id of a YouTube link (watch?v=, youtu.be/, /embed/, /shorts/, /live/, /v/) or of a bare id; null for
 * anything else. The same reading as the API's (api/src/tenant/helps/youtube-video.ts), so the form refuses what the
 * API would and the preview shows what will be stored.
 */
export function youtubeId(input: string): string | null {
  const text = input.trim();
  if (YOUTUBE_ID.test(text)) return text;
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase();
  let id: string | null | undefined;
  if (host === 'youtu.be') id = url.pathname.split('/')[1];
  else if (HOSTS.has(host)) {
    const [first, second] = url.pathname.split('/').slice(1);
    id = first === 'watch' ? url.searchParams.get('v') : ['embed', 'shorts', 'live', 'v'].includes(first) ? second : undefined;
  }
  return id && YOUTUBE_ID.test(id) ? id : null;
}

/** YouTube's still of a video (480×360, letterboxed to 4:3). */
export const youtubeThumbnailUrl = (videoId: string): string => `https://i.ytimg.com/vi/${encodeURIComponent(videoId)}/hqdefault.jpg`;

/** The player: YouTube's privacy-enhanced embed (no cookies until the visitor plays), started on open. */
export const youtubeEmbedUrl = (videoId: string): string => `https://www.youtube-nocookie.com/embed/${encodeURIComponent(videoId)}?autoplay=1&rel=0`;

export const youtubeWatchUrl = (videoId: string): string => `https://www.youtube.com/watch?v=${encodeURIComponent(videoId)}`;

const asText = (value: unknown): string => (typeof value === 'string' ? value : '');

/** 1 to 100 characters once trimmed ('Required', 'Too Long!': the API's messages). */
export const helpTitleRule: Rule<unknown> = compose(required(), (value) => asText(value).trim().length <= HELP_TITLE_MAX || 'validation.tooLong');
export const helpDescriptionRule: Rule<unknown> = maxLength(HELP_DESCRIPTION_MAX);
/** Required, and a YouTube link or id. */
export const helpVideoRule: Rule<unknown> = compose(required(), (value) => youtubeId(asText(value)) !== null || 'helps.validation.video');

export function helpFormValues(help: Help | null | undefined): HelpFormValues {
  return { title: help?.title ?? '', description: help?.description ?? '', video: help?.video ?? '' };
}

/** POST /helps and PUT /helps/{id}: the title trimmed, the video as its id (what the API would store anyway). */
export function helpBody(values: HelpFormValues): HelpBody {
  const video = values.video.trim();
  return { title: values.title.trim(), description: values.description, video: youtubeId(video) ?? video };
}

export interface HelpPermissions {
  /** helps:manage (super users): add, edit, delete. */
  canManage: boolean;
}

export const helpPermissions = (me: Me | undefined): HelpPermissions => ({ canManage: can(me, 'helps:manage') });
