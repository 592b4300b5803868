import { useState } from 'react';
import { youtubeThumbnailUrl } from './help-rules';

export interface VideoThumbnailProps {
  /** The YouTube video id. */
  video: string;
  /** '' (the default) when the title beside it says what it is. */
  alt?: string;
  className?: string;
}

/**
 * YouTube's still of a video. One that cannot load (offline, a video removed) is left out instead of showing the
 * browser's broken-image mark: the container's own background stays. Key it by the video to retry on a change.
 */
export function VideoThumbnail({ video, alt = '', className }: VideoThumbnailProps) {
  const [failed, setFailed] = useState(false);
  if (failed) return null;
  return <img src={youtubeThumbnailUrl(video)} alt={alt} className={className} loading="lazy" decoding="async" onError={() => setFailed(true)} />;
}
