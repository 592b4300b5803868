import type { EmbedEvent, EmbedWidget } from '../embed';

/** What the runtime gives each widget chunk. */
export interface WidgetProps {
  widget: EmbedWidget;
  /** Bumped by each update() of the host. */
  revision: number;
  ticketUuid?: string;
  emit: (event: EmbedEvent) => void;
  /** The widget moves itself (login → sign-up...); the host is told. */
  moveTo: (widget: EmbedWidget) => void;
  autoFocus: boolean;
}

/** Hrefs of the links between the public screens; the runtime's router turns them into in-place moves. */
export const WIDGET_HREF: Record<'login' | 'signup' | 'forgot-password', string> = {
  login: '#atende-login',
  signup: '#atende-signup',
  'forgot-password': '#atende-forgot-password',
};
