import type { CompanyJob } from '../../jobs/jobs';

/** What the service worker receives (console/public/sw.js): JSON, encrypted for each browser. */
export interface PushPayload {
  title: string;
  body: string;
  icon?: string;
  /** A path of the console the click opens. */
  url: string;
  /** Same tag, same notification: a newer one replaces the one shown (one per ticket). */
  tag?: string;
}

export type PushUrgency = 'very-low' | 'low' | 'normal' | 'high';

/** One notification to one user: sent to each of their subscriptions. */
export interface PushJob extends CompanyJob {
  userId: number;
  payload: PushPayload;
  urgency: PushUrgency;
  /** Seconds the push service keeps it for an offline browser. */
  ttl: number;
  /** Push-service topic (≤ 32 base64url characters): a newer message of the same topic replaces one not yet delivered. */
  topic?: string;
  /** The subscriptions still to reach (set when queued by POST /notifications, narrowed to the failed ones on retry). */
  subscriptionIds?: number[];
}

export const PUSH_SEND = 'send';

/** Push services take about 4 kB of payload; texts are cut well below that. */
export function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
