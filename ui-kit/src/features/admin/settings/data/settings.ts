// The company's settings (GET /settings, PUT /settings/{key}, the logo at POST /settings/logo). The API announces a
// change on `company-{id}-settings`; the mutations write their answer the way that event does.
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { components } from '../../../../client';
import { unwrap } from '../../../../provider/api-error';
import { useApiClient } from '../../../../provider/context';
import { useApiMutation } from '../../../../data/mutations';
import { multipartBody } from '../../../../data/multipart';
import type { QueryOptions } from '../../../../data/queries';
import { atendeKeys } from '../../../../data/query-keys';
import { writeSetting } from './setting-cache';

type Schemas = components['schemas'];

/** GET /settings: the company's settings (secret values blank for who may not read them). Live. */
export function useSettings(options: QueryOptions = {}): UseQueryResult<Schemas['SettingDto'][]> {
  const client = useApiClient();
  return useQuery({ queryKey: atendeKeys.settings.list(), queryFn: ({ signal }) => unwrap(client.GET('/settings', { signal })), ...options });
}

/** PUT /settings/{key}. */
export function useUpdateSetting() {
  return useApiMutation((client, { key, value }: Schemas['SettingDto']) => client.PUT('/settings/{key}', { params: { path: { key } }, body: { key, value } }), {
    onSuccess: (setting, _vars, queryClient) => writeSetting(queryClient, setting),
  });
}

/** POST /settings/logo (multipart): a logo for the light or dark theme, or the favicon; answers the setting it wrote. */
export function useUploadLogo() {
  return useApiMutation(
    (client, { file, mode }: { file: File; mode: Schemas['LogoMode'] }) => client.POST('/settings/logo', { body: multipartBody({ mode, file }) }),
    { onSuccess: (setting, _vars, queryClient) => writeSetting(queryClient, setting) },
  );
}
