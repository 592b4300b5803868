// @atende/client: the typed HTTP client of the Atende API, generated from api/openapi.json (openapi-typescript's
// `paths`/`components`, called through openapi-fetch), with the socket's event map and the message variables.
import createFetchClient, { type Client, type ClientOptions } from 'openapi-fetch';
import type { paths, components } from './schema.js';

export type { paths, components } from './schema.js';
export * from './realtime-events.js';
export * from './message-variables.js';

/** Response and request bodies by schema name, e.g. `Schema<'SessionDto'>`. */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name];

/** The contract's named enums, so screens never re-declare them. */
export type Profile = Schema<'Profile'>;
export type Permission = Schema<'Permission'>;
export type TicketStatus = Schema<'TicketStatus'>;
export type ErrorCode = Schema<'ErrorCode'>;
export type PlanFeature = keyof Schema<'PlanFeaturesDto'>;

/** The error body of every failing call. */
export type ApiError = Schema<'ErrorResponseDto'>;

export type AtendeClient = Client<paths>;

/** A typed client for one API origin; each provider makes its own, nothing is shared between instances. */
export function createAtendeClient(options: ClientOptions): AtendeClient {
  return createFetchClient<paths>(options);
}
