import { Announcements } from '@atende/ui-kit';
import { useNavigate } from 'react-router';

/**
 * /announcements (spec back-office, super users): the kit's announcements page and its dialog. Anyone else gets the
 * spec's toast and is sent to / a second later.
 */
export function AnnouncementsPage() {
  const navigate = useNavigate();
  return (
    <div className="console-announcements" style={{ minWidth: 0 }}>
      <Announcements
        headingLevel={1}
        onNavigate={(path) => void navigate(path, { replace: true })}
        maxHeight="calc(100dvh - var(--console-topbar-height, 3.5rem) - 10rem)"
      />
    </div>
  );
}
