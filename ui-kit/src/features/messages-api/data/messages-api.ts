import type { Middleware } from 'openapi-fetch';
import type { paths, Schema } from '../../../client';
import { writeMessage } from '../../../data/cache-writes';
import { useApiMutation } from '../../../data/mutations';
import { multipartBody, multipartForm } from '../../../data/multipart';

/** What POST /messages/send answers: the ticket the message went to and the messages queued (ack 0). */
export type ApiSendResult = Schema<'ApiSendResultDto'>;

/** The JSON body of POST /messages/send, as the contract types it. */
export type ApiSendBody = paths['/messages/send']['post']['requestBody']['content']['application/json'];

interface ApiSendCommon {
  /** A connection's API token (`atd_…`): it authenticates the call in place of the signed-in user's session. */
  token: string;
  /** Country code, area code and number, digits only (the API drops anything else). */
  number: string;
  /** Close the ticket once the message is queued (a notification that expects no answer). */
  closeTicket?: boolean;
}

/** A text: sent as JSON. */
export interface ApiSendTextVariables extends ApiSendCommon {
  body: string;
}

/** Files (up to 5, in `medias`) with an optional caption: sent as multipart/form-data. */
export interface ApiSendMediaVariables extends ApiSendCommon {
  files: File[];
  body?: string;
}

export type ApiSendVariables = ApiSendTextVariables | ApiSendMediaVariables;

/**
 * A per-call middleware that authenticates with a connection's API token. Per-call middleware runs after the
 * provider's session middleware, so this `Authorization` replaces the user's bearer token for this one request;
 * a 401 answered to it does not end the session (the session client only logs out when its own token was refused).
 */
export function withApiToken(token: string): Middleware {
  return {
    onRequest({ request }) {
      request.headers.set('Authorization', `Bearer ${token.trim()}`);
      return request;
    },
  };
}

/** The multipart form of POST /messages/send: `number`, the caption `body`, `closeTicket`, the files in `medias`. */
export function apiSendForm({ number, body, closeTicket, files }: Omit<ApiSendMediaVariables, 'token'>): FormData {
  return multipartForm({ number, body: body?.trim() ? body : null, closeTicket: closeTicket === true, medias: files });
}

/**
 * POST /messages/send through the provider's typed client, authenticated by the token typed in `variables`
 * (never the signed-in user's session): JSON for a text, multipart for files. Fails with an ApiRequestError
 * (ERR_INVALID_API_TOKEN, ERR_VALIDATION with `fields`, ERR_EMPTY_MESSAGE, ERR_UNSUPPORTED_MEDIA_TYPE,
 * ERR_MEDIA_TOO_LARGE, ERR_TOO_MANY_REQUESTS). The queued messages join the ticket's messages if that chat is cached.
 */
export function useSendApiMessage() {
  return useApiMutation(
    (client, variables: ApiSendVariables) => {
      const middleware = [withApiToken(variables.token)];
      if ('files' in variables) {
        return client.POST('/messages/send', { body: multipartBody(apiSendForm(variables)), middleware });
      }
      const { number, body, closeTicket } = variables;
      return client.POST('/messages/send', { body: closeTicket ? { number, body, closeTicket } : { number, body }, middleware });
    },
    { onSuccess: ({ messages }, _variables, queryClient) => messages.forEach((message) => writeMessage(queryClient, message, 'create')) },
  );
}
