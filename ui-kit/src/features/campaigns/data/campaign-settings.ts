// The company's campaign dispatch settings (GET /campaign-settings, POST /campaign-settings with { settings }).
import { useQuery, type QueryClient, type UseQueryResult } from '@tanstack/react-query';
import type { components } from '../../../client';
import { unwrap } from '../../../provider/api-error';
import { useApiClient } from '../../../provider/context';
import { useApiMutation } from '../../../data/mutations';
import type { QueryOptions } from '../../../data/queries';
import { atendeKeys } from '../../../data/query-keys';

type Schemas = components['schemas'];
export type CampaignSettingsDto = Schemas['CampaignSettingsDto'];
export type CampaignSettingsInput = Schemas['CampaignSettingsInputDto'];
export type CampaignVariable = Schemas['CampaignVariableDto'];

/** Spec §9: the choices of each interval, as the API allows them (CampaignSettingsInputDto). */
export const MESSAGE_INTERVAL_OPTIONS = [0, 5, 10, 15, 20, 30, 40, 60] as const;
export const LONGER_INTERVAL_AFTER_OPTIONS = [0, 1, 5, 10, 15, 20, 30, 40, 60, 80, 100, 120] as const;
export const GREATER_INTERVAL_OPTIONS = [0, 1, 5, 10, 15, 20, 30, 40, 60, 80, 100, 120, 240, 300] as const;
/** Spec §9: what a company that never saved uses (the API answers them too). */
export const CAMPAIGN_SETTINGS_DEFAULTS: CampaignSettingsDto = { messageInterval: 20, longerIntervalAfter: 20, greaterInterval: 60, variables: [] };
/** The API's rules on a variable: a key of 1-30 letters, digits or _, unique; a value up to 1000 characters; 100 at most. */
export const VARIABLE_KEY_PATTERN = /^[A-Za-z0-9_]{1,30}$/;
export const VARIABLE_VALUE_MAX = 1000;
export const VARIABLES_MAX = 100;

/** GET /campaign-settings: the whole settings, defaults filled in. Needs campaigns:manage and useCampaigns. */
export function useCampaignSettings(options: QueryOptions = {}): UseQueryResult<CampaignSettingsDto> {
  const client = useApiClient();
  return useQuery({
    queryKey: atendeKeys.campaignSettings(),
    queryFn: ({ signal }) => unwrap(client.GET('/campaign-settings', { signal })),
    ...options,
  });
}

export function writeCampaignSettings(queryClient: QueryClient, settings: CampaignSettingsDto): void {
  queryClient.setQueryData(atendeKeys.campaignSettings(), settings);
}

/**
 * POST /campaign-settings: only the fields sent change (variables, when sent, replace the list). Each value must be
 * one of its options (400 naming `settings.<field>`); a repeated variable key is refused. Answers the whole settings.
 */
export function useSaveCampaignSettings() {
  return useApiMutation((client, settings: CampaignSettingsInput) => client.POST('/campaign-settings', { body: { settings } }), {
    onSuccess: (settings, _vars, queryClient) => writeCampaignSettings(queryClient, settings),
  });
}
