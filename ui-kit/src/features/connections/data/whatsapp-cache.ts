// Where a connection lives in the query cache (detail, the whole lists GET /whatsapp answers). The `whatsapp` and
// `whatsappSession` events and the commands' answers all land here. Apart from the hooks so the embed's runtime
// carries only these writes.
import type { QueryClient } from '@tanstack/react-query';
import type { components } from '../../../client';
import { byName, removeFromArray, upsertInArray } from '../../../data/cache-updaters';
import { dropDetail, setDetail } from '../../../data/cache-writes';
import { atendeKeys } from '../../../data/query-keys';

type WhatsappDto = components['schemas']['WhatsappDto'];

/** A copy older than the cached one (a command's answer that arrives after the session's later events) is skipped. */
const isOlder = (incoming: WhatsappDto, cached: WhatsappDto | undefined): boolean =>
  cached !== undefined && Date.parse(incoming.updatedAt) < Date.parse(cached.updatedAt);

/**
 * GET /whatsapp answers every connection of the company: an unknown one is added, in name order. A company has one
 * default connection: a default written here takes the flag from the others (the API announces them too, later).
 */
export function writeWhatsapp(queryClient: QueryClient, whatsapp: WhatsappDto): void {
  setDetail<WhatsappDto>(queryClient, atendeKeys.whatsapps.detail(whatsapp.id), (old) => (isOlder(whatsapp, old) ? old : whatsapp));
  queryClient.setQueriesData<WhatsappDto[]>({ queryKey: atendeKeys.whatsapps.lists() }, (list) => {
    if (
      isOlder(
        whatsapp,
        list?.find((w) => w.id === whatsapp.id),
      )
    )
      return list;
    const written = upsertInArray(list, whatsapp, byName);
    return whatsapp.isDefault ? written?.map((w) => (w.isDefault && w.id !== whatsapp.id ? { ...w, isDefault: false } : w)) : written;
  });
}

/** Some fields of a connection changed (its API token's hint): its cached copies follow, nothing is added. */
export function writeWhatsappPatch(queryClient: QueryClient, whatsappId: number, patch: Partial<WhatsappDto>): void {
  setDetail<WhatsappDto>(queryClient, atendeKeys.whatsapps.detail(whatsappId), (old) => ({ ...old, ...patch }));
  queryClient.setQueriesData<WhatsappDto[]>({ queryKey: atendeKeys.whatsapps.lists() }, (list) =>
    list?.some((w) => w.id === whatsappId) ? list.map((w) => (w.id === whatsappId ? { ...w, ...patch } : w)) : list,
  );
}

export function removeWhatsapp(queryClient: QueryClient, whatsappId: number): void {
  dropDetail(queryClient, atendeKeys.whatsapps.detail(whatsappId));
  queryClient.setQueriesData<WhatsappDto[]>({ queryKey: atendeKeys.whatsapps.lists() }, (list) => removeFromArray(list, whatsappId));
}
