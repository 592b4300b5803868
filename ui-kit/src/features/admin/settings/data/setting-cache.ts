// Where a setting lives in the query cache (its detail and the list useSettings and useCompanySettings read). Apart
// from the hooks so the embed's runtime carries only this write.
import type { QueryClient } from '@tanstack/react-query';
import type { components } from '../../../../client';
import { putSetting } from '../../../../data/cache-updaters';
import { setDetail } from '../../../../data/cache-writes';
import { atendeKeys } from '../../../../data/query-keys';

type SettingDto = components['schemas']['SettingDto'];

export function writeSetting(queryClient: QueryClient, setting: SettingDto): void {
  setDetail<SettingDto>(queryClient, atendeKeys.settings.detail(setting.key), () => setting);
  queryClient.setQueryData<SettingDto[]>(atendeKeys.settings.list(), (list) => putSetting(list, setting));
}
