// Connections (GET/POST/PUT/DELETE /whatsapp, the session commands at /whatsappsession/{id}, the send-message API
// token at /whatsapp/{id}/token). The API announces every change on `company-{id}-whatsapp` and the live session
// status (OPENING, qrcode, PAIRING, CONNECTED) on `whatsappSession`; the commands write their answer the way those
// events do.
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { components } from '../../../client';
import { unwrap } from '../../../provider/api-error';
import { useApiClient } from '../../../provider/context';
import { useApiMutation, type Update } from '../../../data/mutations';
import type { QueryOptions } from '../../../data/queries';
import { atendeKeys, type WhatsappFilters } from '../../../data/query-keys';
import { writeWhatsappPatch, removeWhatsapp, writeWhatsapp } from './whatsapp-cache';

type Schemas = components['schemas'];

/** GET /whatsapp: the company's connections with their session status (and QR code, for who may manage them). Live. */
export function useWhatsapps(filters: WhatsappFilters = {}, options: QueryOptions = {}): UseQueryResult<Schemas['WhatsappDto'][]> {
  const client = useApiClient();
  return useQuery({
    queryKey: atendeKeys.whatsapps.list(filters),
    queryFn: ({ signal }) => unwrap(client.GET('/whatsapp', { params: { query: filters }, signal })),
    ...options,
  });
}

export function useWhatsapp(id: number, options: QueryOptions = {}): UseQueryResult<Schemas['WhatsappDto']> {
  const client = useApiClient();
  return useQuery({
    queryKey: atendeKeys.whatsapps.detail(id),
    queryFn: ({ signal }) => unwrap(client.GET('/whatsapp/{id}', { params: { path: { id } }, signal })),
    ...options,
  });
}

/** POST /whatsapp. The answer carries the send-message API token this once: the caller shows it; the cache never holds it. */
export function useCreateWhatsapp() {
  return useApiMutation((client, body: Schemas['CreateWhatsappDto']) => client.POST('/whatsapp', { body }), {
    onSuccess: ({ token: _token, ...whatsapp }, _body, queryClient) => writeWhatsapp(queryClient, whatsapp),
  });
}

/** PUT /whatsapp/{id} (only the fields sent change). Made the default, it takes the flag from the old default. */
export function useUpdateWhatsapp() {
  return useApiMutation((client, { id, body }: Update<Schemas['UpdateWhatsappDto']>) => client.PUT('/whatsapp/{id}', { params: { path: { id } }, body }), {
    onSuccess: (whatsapp, _vars, queryClient) => writeWhatsapp(queryClient, whatsapp),
  });
}

/** DELETE /whatsapp/{id}. When it was the default, another one became the default: the lists are refetched. */
export function useDeleteWhatsapp() {
  return useApiMutation((client, { id }: Pick<Schemas['WhatsappDto'], 'id' | 'isDefault'>) => client.DELETE('/whatsapp/{id}', { params: { path: { id } } }), {
    onSuccess: (_data, { id }, queryClient) => removeWhatsapp(queryClient, id),
    invalidate: (_data, { isDefault }) => (isDefault ? [atendeKeys.whatsapps.lists()] : []),
  });
}

/** POST /whatsapp/{id}/token: a new send-message API token (the old one stops working), in this answer only. */
export function useRotateWhatsappToken() {
  return useApiMutation((client, id: number) => client.POST('/whatsapp/{id}/token', { params: { path: { id } } }), {
    onSuccess: ({ tokenHint }, id, queryClient) => writeWhatsappPatch(queryClient, id, { tokenHint }),
  });
}

/** DELETE /whatsapp/{id}/token: the connection's send-message API is turned off. */
export function useRevokeWhatsappToken() {
  return useApiMutation((client, id: number) => client.DELETE('/whatsapp/{id}/token', { params: { path: { id } } }), {
    onSuccess: (_data, id, queryClient) => writeWhatsappPatch(queryClient, id, { tokenHint: null }),
  });
}

/** A session command: the connection, and the phone number to log in with a pairing code instead of a QR code. */
export interface WhatsappSessionCommand {
  id: number;
  /** Digits only: country code, area code, number. */
  pairingNumber?: string;
}

// The contract types StartSessionDto.pairingNumber as an empty object (its decorator names no type); the API reads a string.
const sessionBody = (pairingNumber: string | undefined) => (pairingNumber ? { pairingNumber } : {}) as unknown as Schemas['StartSessionDto'];

/** POST /whatsappsession/{id}: start, or try again (the stored login, else a QR code, or a pairing code for `pairingNumber`). */
export function useStartWhatsappSession() {
  return useApiMutation(
    (client, { id, pairingNumber }: WhatsappSessionCommand) =>
      client.POST('/whatsappsession/{id}', { params: { path: { id } }, body: sessionBody(pairingNumber) }),
    { onSuccess: (whatsapp, _vars, queryClient) => writeWhatsapp(queryClient, whatsapp) },
  );
}

/** PUT /whatsappsession/{id}: a new QR code (or pairing code): the stored login is forgotten. */
export function useRenewWhatsappSession() {
  return useApiMutation(
    (client, { id, pairingNumber }: WhatsappSessionCommand) =>
      client.PUT('/whatsappsession/{id}', { params: { path: { id } }, body: sessionBody(pairingNumber) }),
    { onSuccess: (whatsapp, _vars, queryClient) => writeWhatsapp(queryClient, whatsapp) },
  );
}

/** DELETE /whatsappsession/{id}: the phone is logged out; the connection stays DISCONNECTED until started again. */
export function useDisconnectWhatsappSession() {
  return useApiMutation((client, id: number) => client.DELETE('/whatsappsession/{id}', { params: { path: { id } } }), {
    onSuccess: (whatsapp, _id, queryClient) => writeWhatsapp(queryClient, whatsapp),
  });
}
