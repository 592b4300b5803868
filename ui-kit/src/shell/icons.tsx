import type { SVGProps } from 'react';

/** Small inline icons of the shell (24×24 outline paths); decorative, the control carries the name. */
const paths = {
  menu: 'M3 6h18M3 12h18M3 18h18',
  chevronLeft: 'M15 18l-6-6 6-6',
  dashboard: 'M4 4h7v9H4zM13 4h7v5h-7zM13 11h7v9h-7zM4 15h7v5H4z',
  tickets: 'M4 5h16v11H8l-4 4z',
  quickMessages: 'M13 3L5 14h6l-1 7 8-11h-6z',
  kanban: 'M4 4h4v16H4zM10 4h4v10h-4zM16 4h4v13h-4z',
  todolist: 'M9 6h11M9 12h11M9 18h11M4 6l1 1 2-2M4 12l1 1 2-2M4 18l1 1 2-2',
  contacts: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21c0-4 4-6 8-6s8 2 8 6',
  schedules: 'M4 6h16v14H4zM4 10h16M8 3v4M16 3v4',
  tags: 'M3 12V4h8l10 10-8 8zM7.5 7.5h.01',
  chats: 'M4 4h12v9H8l-4 4zM20 8v11l-3-3h-7',
  helps: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM9.5 9a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6V14M12 17h.01',
  campaigns: 'M3 10v4h4l6 4V6L7 10zM17 8a5 5 0 0 1 0 8',
  contactLists: 'M4 5h16M4 12h16M4 19h10',
  settings:
    'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM19 12l2-1-2-4-2 .5-1.5-1L15 4h-4l-.5 2.5-1.5 1L7 7 5 11l2 1v0l-2 1 2 4 2-.5 1.5 1L11 20h4l.5-2.5 1.5-1 2 .5 2-4z',
  files: 'M6 3h8l4 4v14H6zM14 3v4h4',
  prompts: 'M12 3l2.5 5.5L20 11l-5.5 2.5L12 19l-2.5-5.5L4 11l5.5-2.5z',
  integration: 'M8 7h8v10H8zM12 3v4M12 17v4M3 12h5M16 12h5',
  typebot: 'M5 8h14v11H5zM12 4v4M9 13h.01M15 13h.01',
  connections: 'M7 3h10v18H7zM11 18h2',
  queues: 'M4 6h16M4 12h12M4 18h8',
  users: 'M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zM2 20c0-3.5 3.5-5 7-5s7 1.5 7 5M16 4a3.5 3.5 0 0 1 0 7M18 15c2.5.5 4 2 4 5',
  api: 'M8 8l-4 4 4 4M16 8l4 4-4 4M14 5l-4 14',
  financeiro: 'M3 6h18v12H3zM3 10h18M7 15h3',
  announcements: 'M4 4h16v12H7l-3 4zM12 7v4M12 13.5h.01',
  audit: 'M6 3h12v18H6zM9 8h6M9 12h6M9 16h3',
  key: 'M8 15a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM12 11h9M18 11v3M21 11v2',
  bell: 'M6 16V11a6 6 0 0 1 12 0v5l2 2H4zM10 20a2 2 0 0 0 4 0',
  refresh: 'M20 11a8 8 0 1 0-2.3 5.7M20 4v7h-7',
  volume: 'M4 9v6h4l5 4V5L8 9zM16 9a4 4 0 0 1 0 6M18.5 6.5a7.5 7.5 0 0 1 0 11',
  volumeOff: 'M4 9v6h4l5 4V5L8 9zM17 9l5 6M22 9l-5 6',
  sun: 'M12 16a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4',
  moon: 'M20 14.5A8 8 0 0 1 9.5 4 8 8 0 1 0 20 14.5z',
  user: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21c0-4 4-6 8-6s8 2 8 6',
  logout: 'M15 4h4v16h-4M10 8l-4 4 4 4M6 12h10',
  more: 'M12 5h.01M12 12h.01M12 19h.01',
  language: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM3 12h18M12 3c2.5 2.5 3.5 5.5 3.5 9s-1 6.5-3.5 9c-2.5-2.5-3.5-5.5-3.5-9s1-6.5 3.5-9z',
} as const;

export type IconName = keyof typeof paths;

export function Icon({ name, ...props }: { name: IconName } & SVGProps<SVGSVGElement>) {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className="atd-Icon"
      {...props}
    >
      <path d={paths[name]} />
    </svg>
  );
}
