import { Migration20261220110000_tasks } from './Migration20261220110000_tasks';
import { Migration20261220100000_chats } from './Migration20261220100000_chats';
import { Migration20261210110000_prompts } from './Migration20261210110000_prompts';
import { Migration20261205130000_campaigns } from './Migration20261205130000_campaigns';
import { Migration20261203110000_holidays } from './Migration20261203110000_holidays';
import { Migration20261203100000_helps } from './Migration20261203100000_helps';
import { Migration20261203090000_queue_options } from './Migration20261203090000_queue_options';
import { Migration20261202100000_baileys_auth_keys } from './Migration20261202100000_baileys_auth_keys';
import { Migration20261202090000_connections_api } from './Migration20261202090000_connections_api';
import { Migration20261201120000_dashboard_covering_index } from './Migration20261201120000_dashboard_covering_index';
import { Migration20261121115635_dashboard_indexes } from './Migration20261121115635_dashboard_indexes';
import { Migration20261121113231_attendance_core } from './Migration20261121113231_attendance_core';
import { Migration20261121110609_initial } from './Migration20261121110609_initial';
import { Migration20261204090000_billing } from './Migration20261204090000_billing';
import { Migration20261205110000_file_lists_campaign_settings } from './Migration20261205110000_file_lists_campaign_settings';
import { Migration20261205100000_contact_lists } from './Migration20261205100000_contact_lists';
import { Migration20261210100000_automation } from './Migration20261210100000_automation';
import { Migration20261205120000_schedules } from './Migration20261205120000_schedules';
import { Migration20261210120000_queue_integrations } from './Migration20261210120000_queue_integrations';
import { Migration20261220130000_push } from './Migration20261220130000_push';
import { Migration20261220120000_announcements } from './Migration20261220120000_announcements';
import type { MigrationObject } from '@mikro-orm/core';

/** Applied in this order. New migrations are appended here by `npm run migration:create -w api`. */
export const MIGRATIONS: MigrationObject[] = [
  { name: 'Migration20261121110609_initial', class: Migration20261121110609_initial },
  { name: 'Migration20261121113231_attendance_core', class: Migration20261121113231_attendance_core },
  { name: 'Migration20261121115635_dashboard_indexes', class: Migration20261121115635_dashboard_indexes },
  { name: 'Migration20261201120000_dashboard_covering_index', class: Migration20261201120000_dashboard_covering_index },
  { name: 'Migration20261202090000_connections_api', class: Migration20261202090000_connections_api },
  { name: 'Migration20261202100000_baileys_auth_keys', class: Migration20261202100000_baileys_auth_keys },
  { name: 'Migration20261203090000_queue_options', class: Migration20261203090000_queue_options },
  { name: 'Migration20261203100000_helps', class: Migration20261203100000_helps },
  { name: 'Migration20261203110000_holidays', class: Migration20261203110000_holidays },
  { name: 'Migration20261204090000_billing', class: Migration20261204090000_billing },
  { name: 'Migration20261205100000_contact_lists', class: Migration20261205100000_contact_lists },
  { name: 'Migration20261205110000_file_lists_campaign_settings', class: Migration20261205110000_file_lists_campaign_settings },
  { name: 'Migration20261205130000_campaigns', class: Migration20261205130000_campaigns },
  { name: 'Migration20261205120000_schedules', class: Migration20261205120000_schedules },
  { name: 'Migration20261210100000_automation', class: Migration20261210100000_automation },
  { name: 'Migration20261210110000_prompts', class: Migration20261210110000_prompts },
  { name: 'Migration20261210120000_queue_integrations', class: Migration20261210120000_queue_integrations },
  { name: 'Migration20261220100000_chats', class: Migration20261220100000_chats },
  { name: 'Migration20261220130000_push', class: Migration20261220130000_push },
  { name: 'Migration20261220120000_announcements', class: Migration20261220120000_announcements },
  { name: 'Migration20261220110000_tasks', class: Migration20261220110000_tasks },
];
